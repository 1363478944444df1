extension TimerInfo {
    /// The protocol's `timer` object.
    public var json: JSONValue {
        var o = JSONObject()
        o["name"] = .string(name)
        o["kind"] = .string(kind.rawValue)
        o["state"] = .string(state.rawValue)
        o["duration"] = WireTime.seconds(duration)
        o["remaining"] = WireTime.seconds(remaining)
        o["endsAt"] = WireTime.instant(endsAt)
        o["createdAt"] = WireTime.instant(createdAt)
        o["firedAt"] = WireTime.instant(firedAt)
        o["missed"] = .bool(missed)
        o["ringing"] = .bool(ringing)
        o["message"] = message.map { .string($0) } ?? .null
        o["remind"] = .array(reminders.map(WireTime.seconds))
        switch sound {
        case .standard:
            o["sound"] = .null
            o["silent"] = false
        case .file(let path):
            o["sound"] = .string(path)
            o["silent"] = false
        case .silent:
            o["sound"] = .null
            o["silent"] = true
        }
        o["volume"] = volume.map { .integer(Int64($0)) } ?? .null
        o["todos"] = .array(todos.map(\.json))
        o["cycle"] = cycle.map { ["round": .integer(Int64($0.round)), "rounds": .integer(Int64($0.rounds)), "step": .string($0.step)] } ?? .null
        o["exec"] = exec.map { .string($0) } ?? .null
        o["every"] = every?.json ?? .null
        if kind == .stopwatch {
            o["elapsed"] = WireTime.seconds(elapsed)
            o["countsFrom"] = WireTime.instant(countsFrom)
            o["laps"] = .array(laps.map { ["elapsed": WireTime.seconds($0.elapsed), "split": WireTime.seconds($0.split)] })
            o["notifyEvery"] = notifyEvery.map(WireTime.seconds) ?? .null
        }
        return .object(o)
    }

    /// Reads a `timer` object. Unknown fields are ignored so that older clients keep working
    /// when the daemon adds fields.
    public init(json: JSONValue) throws(RPCError) {
        func bad(_ field: String) -> RPCError {
            RPCError(code: RPCError.internalErrorCode, message: "The daemon sent a timer with a bad \"\(field)\" field.")
        }
        guard case .object(let o) = json else { throw bad("timer") }
        guard let name = o["name"]?.stringValue else { throw bad("name") }
        guard let kind = o["kind"]?.stringValue.flatMap(TimerKind.init(rawValue:)) else { throw bad("kind") }
        guard let state = o["state"]?.stringValue.flatMap(TimerState.init(rawValue:)) else { throw bad("state") }
        guard let duration = o["duration"]?.doubleValue.flatMap(Duration.init(secondsValue:)) else {
            throw bad("duration")
        }
        guard let remaining = o["remaining"]?.doubleValue.flatMap(Duration.init(secondsValue:)) else {
            throw bad("remaining")
        }
        func instant(_ key: String) throws(RPCError) -> Timestamp? {
            switch o[key] {
            case nil, .null?: return nil
            case .string(let s)?:
                guard let t = RFC3339.parse(s) else { throw bad(key) }
                return t
            default: throw bad(key)
            }
        }
        guard let createdAt = try instant("createdAt") else { throw bad("createdAt") }
        let message: String?
        switch o["message"] {
        case nil, .null?: message = nil
        case .string(let text)?: message = text
        default: throw bad("message")
        }
        // Fields added in later versions: absent from an older daemon's timers, but refused
        // like the others when present with the wrong type.
        var reminders: [Duration] = []
        switch o["remind"] {
        case nil, .null?: break
        case .array(let items)?:
            for item in items {
                guard let offset = item.doubleValue.flatMap(Duration.init(secondsValue:)) else { throw bad("remind") }
                reminders.append(offset)
            }
        default: throw bad("remind")
        }
        var sound = NotifyOptions.Sound.standard
        switch o["sound"] {
        case nil, .null?: break
        case .string(let path)?: sound = .file(path)
        default: throw bad("sound")
        }
        switch o["silent"] {
        case nil, .null?, .bool(false)?: break
        case .bool(true)?: sound = .silent
        default: throw bad("silent")
        }
        var volume: Int?
        switch o["volume"] {
        case nil, .null?: break
        case let value?:
            guard let percent = NotifyOptions.volume(value.int64Value) else { throw bad("volume") }
            volume = percent
        }
        let ringing: Bool
        switch o["ringing"] {
        case nil, .null?: ringing = false
        case .bool(let flag)?: ringing = flag
        default: throw bad("ringing")
        }
        var cycle: Cycle?
        switch o["cycle"] {
        case nil, .null?: break
        case .object(let c)?:
            guard let round = c["round"]?.int64Value, let rounds = c["rounds"]?.int64Value, let step = c["step"]?.stringValue
            else { throw bad("cycle") }
            cycle = Cycle(round: Int(round), rounds: Int(rounds), step: step)
        default: throw bad("cycle")
        }
        var todos: [TodoItem] = []
        switch o["todos"] {
        case nil, .null?: break
        case .array(let items)?:
            for item in items { todos.append(try TodoItem(json: item)) }
        default: throw bad("todos")
        }
        let exec: String?
        switch o["exec"] {
        case nil, .null?: exec = nil
        case .string(let command)?: exec = command
        default: throw bad("exec")
        }
        var every: Recurrence?
        switch o["every"] {
        case nil, .null?: break
        case let value?:
            do { every = try Recurrence(json: value) } catch { throw bad("every") }
        }
        func seconds(_ key: String) throws(RPCError) -> Duration? {
            switch o[key] {
            case nil, .null?: return nil
            case let value?:
                guard let d = value.doubleValue.flatMap(Duration.init(secondsValue:)) else { throw bad(key) }
                return d
            }
        }
        var laps: [Lap] = []
        switch o["laps"] {
        case nil, .null?: break
        case .array(let items)?:
            for item in items {
                guard let at = item["elapsed"]?.doubleValue.flatMap(Duration.init(secondsValue:)),
                    let split = item["split"]?.doubleValue.flatMap(Duration.init(secondsValue:))
                else { throw bad("laps") }
                laps.append(Lap(elapsed: at, split: split))
            }
        default: throw bad("laps")
        }
        self.init(
            name: name, kind: kind, state: state, duration: duration, remaining: remaining,
            endsAt: try instant("endsAt"), createdAt: createdAt, firedAt: try instant("firedAt"),
            message: message, reminders: reminders, sound: sound, volume: volume, ringing: ringing, cycle: cycle,
            todos: todos, exec: exec, every: every, elapsed: try seconds("elapsed") ?? .zero, countsFrom: try instant("countsFrom"),
            laps: laps, notifyEvery: try seconds("notifyEvery"))
    }
}
