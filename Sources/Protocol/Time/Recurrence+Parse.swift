extension Recurrence {
    /// Reads a rule as people type it after `--every` (or `--days`): `day`, `weekday`,
    /// `weekend`, days of the week (`mon,wed,fri`, `mon-fri`, `fri-mon`), or an interval
    /// (`2h`, `3d`: whole days count on the wall clock at `time`).
    public static func parse(_ spec: String, at time: TimeOfDay) throws(TimeParseError) -> Recurrence {
        let text = spec.lowercased().split(whereSeparator: { $0 == " " }).joined()
        switch text {
        case "day", "days", "daily", "everyday": return Recurrence(.weekdays(everyDay), at: time)
        case "weekday", "weekdays": return Recurrence(.weekdays(mondayToFriday), at: time)
        case "weekend", "weekends": return Recurrence(.weekdays(weekend), at: time)
        default: break
        }
        if let days = try weekdays(text) { return Recurrence(.weekdays(days), at: time) }
        let length: Duration
        do {
            length = try DurationParser.parse(text)
        } catch {
            // Shaped like an interval: what is wrong with it as one.
            if text.first?.isNumber == true { throw error }
            throw TimeParseError(
                "\(TimerText.quoted(spec)) is not a rule for when it comes again: give day, weekday, weekend, "
                    + "days of the week such as mon,wed,fri or mon-fri, or an interval such as 2h or 3d.")
        }
        let day = Duration.seconds(86_400)
        guard length >= minInterval, length <= day * maxDays else {
            throw TimeParseError("An interval goes from 1s to \(maxDays) days; \(TimerText.quoted(spec)) does not.")
        }
        if length.nanoseconds % day.nanoseconds == 0 {
            return Recurrence(.days(Int(length.nanoseconds / day.nanoseconds)), at: time)
        }
        return Recurrence(.interval(length), at: time)
    }

    /// `mon,wed,fri`, `mon-fri`, `sat-sun,wed`; nil when the text names no day at all (it
    /// may be an interval), an error when it names days wrongly.
    private static func weekdays(_ text: String) throws(TimeParseError) -> Set<Weekday>? {
        var days = Set<Weekday>()
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        for item in items {
            let ends = item.split(separator: "-", omittingEmptySubsequences: false)
            let named = ends.map { DeadlineParser.weekdays[String($0)] }
            if named.allSatisfy({ $0 == nil }) && days.isEmpty && items.count == 1 { return nil }
            guard (1...2).contains(ends.count), let first = named.first ?? nil, let last = named.last ?? nil else {
                throw TimeParseError(
                    "\(TimerText.quoted(String(item))) is not a day of the week: write days as mon, tue, wed, thu, fri, "
                        + "sat, sun, separated by commas (mon,wed,fri) or as a range (mon-fri).")
            }
            // A range runs forward through the week, across Sunday if need be (fri-mon).
            for offset in 0...first.days(until: last) { days.insert(Weekday(rawValue: (first.rawValue + offset) % 7)!) }
        }
        return days
    }
}
