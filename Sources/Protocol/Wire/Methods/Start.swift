/// What a countdown or deadline is set to when it starts.
public enum StartSpec: Sendable, Equatable {
    /// Run for this long (`seconds` on the wire).
    case countdown(Duration)
    /// End at this wall-clock instant (`at` on the wire, RFC 3339).
    case deadline(Timestamp)
}

extension Methods {
    /// `start`: a new countdown or deadline.
    public struct Start: RPCMethod {
        public static let method = "start"
        public static let parameters = ["name", "seconds", "at", "message", "remind", "sound", "silent", "volume", "rounds", "then", "exec", "every"]
        public static let documentation = MethodDocumentation(
            params: "`{name, seconds, …}` (countdown) or `{name, at, …}` (deadline); optional `message`, `remind`, `sound`, `silent`, `volume`, `exec`, `every` (below)",
            result: "`{timer}`")

        public var name: String
        public var spec: StartSpec
        public var message: String?
        public var notify: NotifyOptions
        /// Rounds and a `then` step; countdowns only.
        public var repeats: Repeats?
        /// A command the daemon runs when this timer fires (a hook of its own); nil for none.
        public var exec: String?
        /// How a deadline comes again after it fires; nil: once.
        public var every: Recurrence?

        public init(
            name: String, spec: StartSpec, message: String?, notify: NotifyOptions = NotifyOptions(), repeats: Repeats? = nil,
            exec: String? = nil
        ) {
            self.name = name
            self.spec = spec
            self.message = message
            self.notify = notify
            self.repeats = repeats
            self.exec = exec
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.newName()
            let seconds = try params.optionalSeconds("seconds")
            let at = try params.optionalTimestamp("at")
            message = try params.optionalString("message", example: "\"drain it\"")
            notify = try params.notifyOptions()
            repeats = try params.repeats()
            exec = try params.exec()
            every = try params.every()
            switch (seconds, at) {
            case (let seconds?, nil):
                guard every == nil else {
                    throw .invalidParams(
                        "\"every\" is for deadlines (\"at\"): a countdown that comes again is \"rounds\" (or timerctl's --repeat).")
                }
                spec = .countdown(seconds)
            case (nil, let at?):
                guard repeats == nil else {
                    throw .invalidParams("A deadline happens once; \"rounds\" and \"then\" are for countdowns (\"seconds\").")
                }
                spec = .deadline(at)
            case (nil, nil):
                throw .invalidParams(
                    "start needs either \"seconds\" (a countdown, e.g. 480) or \"at\" (a deadline, e.g. \"2026-12-24T18:00:00+01:00\").")
            case (.some, .some):
                throw .invalidParams("start takes either \"seconds\" or \"at\", not both.")
            }
        }

        public var params: JSONObject {
            var p: JSONObject = ["name": .string(name)]
            switch spec {
            case .countdown(let length): p["seconds"] = WireTime.seconds(length)
            case .deadline(let at): p["at"] = .string(RFC3339.format(at))
            }
            if let message { p["message"] = .string(message) }
            if let reminders = notify.reminders { p["remind"] = .array(reminders.map(WireTime.seconds)) }
            switch notify.sound {
            case .standard: break
            case .file(let path): p["sound"] = .string(path)
            case .silent: p["silent"] = true
            }
            if let volume = notify.volume { p["volume"] = .integer(Int64(volume)) }
            if let repeats {
                p["rounds"] = .integer(Int64(repeats.rounds))
                if let then = repeats.then {
                    p["then"] = ["name": .string(then.name), "seconds": WireTime.seconds(then.length)]
                }
            }
            if let exec { p["exec"] = .string(exec) }
            if let every { p["every"] = every.json }
            return p
        }
    }
}

extension Request {
    public static func start(
        name: String, spec: StartSpec, message: String?, notify: NotifyOptions = NotifyOptions(), repeats: Repeats? = nil,
        exec: String? = nil, every: Recurrence? = nil
    ) -> Request {
        var start = Methods.Start(name: name, spec: spec, message: message, notify: notify, repeats: repeats, exec: exec)
        start.every = every
        return Request(start)
    }
}

/// What only `start` reads.
extension ParamsReader {
    /// `remind` (an array of seconds before the end), `sound` (an absolute path) or `silent`,
    /// and `volume` (percent).
    fileprivate func notifyOptions() throws(RPCError) -> NotifyOptions {
        var options = NotifyOptions()
        if let raw = value("remind") {
            guard let items = raw.arrayValue, items.count <= NotifyOptions.maxReminders else {
                throw .invalidParams(
                    "\"remind\" must be an array of at most \(NotifyOptions.maxReminders) numbers of seconds before the end, such as [3600, 600].")
            }
            var reminders: [Duration] = []
            for item in items {
                guard let seconds = item.doubleValue, let offset = Duration(secondsValue: seconds), offset > .zero,
                    offset <= Limits.maxDeadlineAhead
                else {
                    throw .invalidParams("Each reminder in \"remind\" must be a positive number of seconds before the end, such as 600.")
                }
                reminders.append(offset)
            }
            options.reminders = reminders
        }
        let sound = try optionalString("sound", example: "\"/usr/share/sounds/freedesktop/stereo/complete.oga\"")
        let silent: Bool
        switch value("silent") {
        case nil: silent = false
        case .bool(let flag)?: silent = flag
        default: throw .invalidParams("\"silent\" must be true or false.")
        }
        switch (sound, silent) {
        case (let path?, false):
            guard path.hasPrefix("/") else {
                throw .invalidParams("\"sound\" must be an absolute path to a sound file, such as \"/usr/share/sounds/freedesktop/stereo/complete.oga\".")
            }
            guard path.utf8.count <= Limits.maxSoundPathBytes else {
                throw .invalidParams("\"sound\" is too long for a path; give one of at most \(Limits.maxSoundPathBytes) bytes.")
            }
            guard !path.unicodeScalars.contains(where: TimerText.isControl) else {
                throw .invalidParams("\"sound\" contains a control character (such as a newline); give the path of a sound file.")
            }
            options.sound = .file(path)
        case (nil, true): options.sound = .silent
        case (nil, false): break
        case (.some, true): throw .invalidParams("Give either \"sound\" or \"silent\", not both.")
        }
        if let raw = value("volume") {
            guard let percent = NotifyOptions.volume(raw.int64Value) else {
                throw .invalidParams("\"volume\" must be a whole number of percent from 0 to 100, such as 70.")
            }
            options.volume = percent
        }
        return options
    }


    /// `rounds` (1–100) and `then` (`{name, seconds}`), or nil when neither is given.
    fileprivate func repeats() throws(RPCError) -> Repeats? {
        let rounds: Int?
        switch value("rounds") {
        case nil: rounds = nil
        case let raw?:
            guard let n = raw.int64Value, (1...Int64(Repeats.maxRounds)).contains(n) else {
                throw .invalidParams("\"rounds\" must be a whole number from 1 to \(Repeats.maxRounds), such as 4.")
            }
            rounds = Int(n)
        }
        var then: Repeats.Step?
        if let raw = value("then") {
            let example = "such as {\"name\": \"break\", \"seconds\": 300}"
            guard case .object(let o) = raw, o.count == 2, case .string(let name)? = o["name"],
                let seconds = o["seconds"]?.doubleValue, let length = Duration(secondsValue: seconds)
            else {
                throw .invalidParams("\"then\" must be an object with a \"name\" and \"seconds\", \(example).")
            }
            let stepName = TimerText.normalized(name)
            if let problem = TimerText.problem(withName: stepName) { throw .invalidParams("\"then\": \(problem)") }
            guard length > .zero, length <= Limits.maxCountdown else {
                throw .invalidParams("\"then\" must last more than zero and at most 365 days, \(example).")
            }
            then = Repeats.Step(name: stepName, length: length)
        }
        guard rounds != nil || then != nil else { return nil }
        return Repeats(rounds: rounds ?? 1, then: then)
    }

    /// `every`: the rule a deadline comes again by.
    fileprivate func every() throws(RPCError) -> Recurrence? {
        guard let raw = value("every"), raw != .null else { return nil }
        do { return try Recurrence(json: raw) } catch { throw .invalidParams(error.message) }
    }

    /// `exec`: a command for `/bin/sh -c`; nil when absent, empty or only blanks.
    fileprivate func exec() throws(RPCError) -> String? {
        guard let command = try optionalString("exec", example: "\"playerctl pause\""),
            !command.allSatisfy(\.isWhitespace)
        else { return nil }
        if let problem = TimerText.problem(withCommand: command) { throw .invalidParams("\"exec\": \(problem)") }
        return command
    }
}
