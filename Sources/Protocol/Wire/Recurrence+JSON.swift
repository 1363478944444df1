extension Recurrence {
    /// The protocol's `every` object: `{"weekdays": ["mon", …], "time": "09:55"}`,
    /// `{"days": 3, "time": "08:00"}` or `{"seconds": 7200}`.
    public var json: JSONValue {
        var o = JSONObject()
        switch rule {
        case .weekdays(let days):
            o["weekdays"] = .array(Weekday.allCases.filter(days.contains).map { .string(String($0.name.prefix(3))) })
        case .days(let n): o["days"] = .integer(Int64(n))
        case .interval(let length): o["seconds"] = WireTime.seconds(length)
        }
        if let time { o["time"] = .string(time.description) }
        if freshChecklist { o["freshTodo"] = true }
        return .object(o)
    }

    /// Reads an `every` object; the error says what is wrong in it (for `invalidParams`, or a
    /// daemon's bad timer).
    public init(json: JSONValue) throws(TimeParseError) {
        let example = #"such as {"weekdays": ["mon", "fri"], "time": "09:55"}, {"days": 3, "time": "08:00"} or {"seconds": 7200}"#
        guard case .object(let o) = json, o.keys.allSatisfy(["weekdays", "days", "seconds", "time", "freshTodo"].contains) else {
            throw TimeParseError("\"every\" must be an object, \(example).")
        }
        func time() throws(TimeParseError) -> TimeOfDay {
            guard case .string(let text)? = o["time"], case .time(let time) = TimeOfDay.read(text) else {
                throw TimeParseError("\"every\" needs a \"time\" of day with its days, as \"09:55\" (24-hour), \(example).")
            }
            return time
        }
        switch (o["weekdays"], o["days"], o["seconds"]) {
        case (.array(let names)?, nil, nil):
            var days = Set<Weekday>()
            for name in names {
                guard let text = name.stringValue, let day = DeadlineParser.weekdays[text.lowercased()] else {
                    throw TimeParseError("\"weekdays\" must list days as \"mon\" … \"sun\", \(example).")
                }
                days.insert(day)
            }
            guard !days.isEmpty else { throw TimeParseError("\"weekdays\" must list at least one day, \(example).") }
            self.init(.weekdays(days), at: try time())
        case (nil, let n?, nil):
            guard let n = n.int64Value, (1...Int64(Recurrence.maxDays)).contains(n) else {
                throw TimeParseError("\"days\" must be a whole number from 1 to \(Recurrence.maxDays), \(example).")
            }
            self.init(.days(Int(n)), at: try time())
        case (nil, nil, let seconds?):
            guard let value = seconds.doubleValue, let length = Duration(secondsValue: value), length >= Recurrence.minInterval,
                length <= .seconds(86_400 * Int64(Recurrence.maxDays))
            else {
                throw TimeParseError("\"seconds\" must be from 1 to \(86_400 * Recurrence.maxDays), \(example).")
            }
            guard o["time"] == nil else { throw TimeParseError("An interval in \"seconds\" takes no \"time\", \(example).") }
            self.init(.interval(length), at: nil)
        default:
            throw TimeParseError("\"every\" must hold one of \"weekdays\", \"days\" or \"seconds\", \(example).")
        }
        switch o["freshTodo"] {
        case nil, .null?, .bool(false)?: break
        case .bool(true)?: freshChecklist = true
        default: throw TimeParseError("\"freshTodo\" must be true or false.")
        }
    }
}
