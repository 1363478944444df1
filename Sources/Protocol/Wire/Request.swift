/// What a countdown or deadline is set to when it starts.
public enum StartSpec: Sendable, Equatable {
    /// Run for this long (`seconds` on the wire).
    case countdown(Duration)
    /// End at this wall-clock instant (`at` on the wire, RFC 3339).
    case deadline(Timestamp)
}

/// A protocol request: a method and its parameters, typed.
///
/// `Request` knows how to become the `method`/`params` pair of a JSON-RPC request and how to
/// be read back from one, refusing anything off with a message that names the problem.
public enum Request: Sendable, Equatable {
    case start(
        name: String, spec: StartSpec, message: String?, notify: NotifyOptions = NotifyOptions(), repeats: Repeats? = nil)
    case list
    case get(name: String)
    case pause(name: String)
    case resume(name: String)
    case reset(name: String)
    case cancel(name: String)
    /// Cancels every timer at once, in one transaction (`cancel` with `"all": true`).
    case cancelAll
    case extend(name: String, by: Duration)
    /// Runs a finished timer again for `by` (default 5 min): "remind me again later".
    case snooze(name: String, by: Duration?)
    case subscribe
    case ping
    /// Recently fired timers, newest first; at most `limit` (default and maximum: `Limits.historyLength`).
    case history(limit: Int?)
    /// Adds items to a timer's checklist, in order.
    case todoAdd(name: String, texts: [String])
    /// Ticks, unticks or rewords one item, by its id.
    case todoSet(name: String, id: Int, change: TodoChange)
    /// Removes items by id, or (`doneOnly`) every item that is done.
    case todoRemove(name: String, ids: [Int], doneOnly: Bool)

    /// Every method name, as on the wire.
    public static let methods = [
        "start", "list", "get", "pause", "resume", "reset", "cancel", "extend", "snooze", "subscribe", "ping", "history",
        "todo.add", "todo.set", "todo.remove",
    ]

    public var method: String {
        switch self {
        case .start: "start"
        case .list: "list"
        case .get: "get"
        case .pause: "pause"
        case .resume: "resume"
        case .reset: "reset"
        case .cancel, .cancelAll: "cancel"
        case .extend: "extend"
        case .snooze: "snooze"
        case .subscribe: "subscribe"
        case .ping: "ping"
        case .history: "history"
        case .todoAdd: "todo.add"
        case .todoSet: "todo.set"
        case .todoRemove: "todo.remove"
        }
    }

    public var params: JSONObject {
        var p = JSONObject()
        switch self {
        case .start(let name, let spec, let message, let notify, let repeats):
            p["name"] = .string(name)
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
            if let repeats {
                p["rounds"] = .integer(Int64(repeats.rounds))
                if let then = repeats.then {
                    p["then"] = ["name": .string(then.name), "seconds": WireTime.seconds(then.length)]
                }
            }
        case .get(let name), .pause(let name), .resume(let name), .reset(let name), .cancel(let name):
            p["name"] = .string(name)
        case .extend(let name, let by):
            p["name"] = .string(name)
            p["seconds"] = WireTime.seconds(by)
        case .snooze(let name, let by):
            p["name"] = .string(name)
            if let by { p["seconds"] = WireTime.seconds(by) }
        case .cancelAll:
            p["all"] = true
        case .history(let limit):
            if let limit { p["limit"] = .integer(Int64(limit)) }
        case .todoAdd(let name, let texts):
            p["name"] = .string(name)
            p["items"] = .array(texts.map { .string($0) })
        case .todoSet(let name, let id, let change):
            p["name"] = .string(name)
            p["id"] = .integer(Int64(id))
            if let done = change.done { p["done"] = .bool(done) }
            if let text = change.text { p["text"] = .string(text) }
        case .todoRemove(let name, let ids, let doneOnly):
            p["name"] = .string(name)
            if doneOnly { p["done"] = true } else { p["ids"] = .array(ids.map { .integer(Int64($0)) }) }
        case .list, .subscribe, .ping:
            break
        }
        return p
    }

    /// Reads a request from its method and params (absent params count as `{}`).
    public init(method: String, params: JSONValue?) throws(RPCError) {
        guard Self.methods.contains(method) else {
            var hint = "the methods are \(Self.methods.joined(separator: ", "))."
            if let near = Self.methods.first(where: { $0 == method.lowercased() }) {
                hint = "did you mean \"\(near)\"? Method names are lower case."
            }
            throw RPCError(code: RPCError.methodNotFoundCode, message: "Unknown method \(TimerText.quoted(method)); \(hint)")
        }
        let reader = try ParamsReader(method: method, params: params)
        switch method {
        case "start":
            let name = try reader.newName()
            let seconds = try reader.optionalSeconds("seconds")
            let at = try reader.optionalTimestamp("at")
            let message = try reader.optionalString("message", example: "\"drain it\"")
            let notify = try reader.notifyOptions()
            let repeats = try reader.repeats()
            switch (seconds, at) {
            case (let seconds?, nil):
                self = .start(name: name, spec: .countdown(seconds), message: message, notify: notify, repeats: repeats)
            case (nil, let at?):
                guard repeats == nil else {
                    throw .invalidParams("A deadline happens once; \"rounds\" and \"then\" are for countdowns (\"seconds\").")
                }
                self = .start(name: name, spec: .deadline(at), message: message, notify: notify)
            case (nil, nil):
                throw .invalidParams(
                    "start needs either \"seconds\" (a countdown, e.g. 480) or \"at\" (a deadline, e.g. \"2026-12-24T18:00:00+01:00\").")
            case (.some, .some):
                throw .invalidParams("start takes either \"seconds\" or \"at\", not both.")
            }
        case "get": self = .get(name: try reader.name())
        case "pause": self = .pause(name: try reader.name())
        case "resume": self = .resume(name: try reader.name())
        case "reset": self = .reset(name: try reader.name())
        case "cancel":
            switch reader.value("all") {
            case nil:
                guard reader.value("name") != nil else {
                    throw .invalidParams(
                        "cancel needs \"name\", the timer's name (a string such as \"pasta\"), or \"all\": true to cancel every timer.")
                }
                self = .cancel(name: try reader.name())
            case .bool(true)?:
                guard reader.value("name") == nil else {
                    throw .invalidParams("cancel takes either \"name\" (one timer) or \"all\": true (every timer), not both.")
                }
                self = .cancelAll
            default:
                throw .invalidParams("\"all\" may only be true (cancel every timer); to cancel one timer, give its \"name\" alone.")
            }
        case "extend":
            let name = try reader.name()
            guard let seconds = try reader.optionalSeconds("seconds") else {
                throw .invalidParams("extend needs \"seconds\": the time to add (negative to take off), e.g. 120.")
            }
            self = .extend(name: name, by: seconds)
        case "snooze":
            self = .snooze(name: try reader.name(), by: try reader.optionalSeconds("seconds"))
        case "list": self = .list
        case "subscribe": self = .subscribe
        case "history": self = .history(limit: try reader.optionalLimit())
        case "todo.add":
            let name = try reader.name()
            guard case .array(let items)? = reader.value("items"), !items.isEmpty,
                items.count <= TodoItem.maxItems
            else {
                throw .invalidParams("todo.add needs \"items\": an array of 1 to \(TodoItem.maxItems) strings, such as [\"write intro\"].")
            }
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else {
                    throw .invalidParams("Each of \"items\" must be a string, such as \"write intro\".")
                }
                if let problem = TodoItem.problem(withText: text) { throw .invalidParams(problem) }
                texts.append(text)
            }
            self = .todoAdd(name: name, texts: texts)
        case "todo.set":
            let name = try reader.name()
            guard let id = reader.value("id")?.int64Value, id > 0 else {
                throw .invalidParams("todo.set needs \"id\", the item's id (a positive whole number), such as 2.")
            }
            var change = TodoChange()
            switch reader.value("done") {
            case nil: break
            case .bool(let done)?: change.done = done
            default: throw .invalidParams("\"done\" must be true or false.")
            }
            if let text = try reader.optionalString("text", example: "\"proofread\"") {
                if let problem = TodoItem.problem(withText: text) { throw .invalidParams(problem) }
                change.text = text
            }
            guard change.done != nil || change.text != nil else {
                throw .invalidParams("todo.set changes \"done\" (true or false) or \"text\", or both; give at least one.")
            }
            self = .todoSet(name: name, id: Int(id), change: change)
        case "todo.remove":
            let name = try reader.name()
            let doneOnly: Bool
            switch reader.value("done") {
            case nil: doneOnly = false
            case .bool(true)?: doneOnly = true
            default: throw .invalidParams("\"done\" may only be true (remove every item that is done).")
            }
            var ids: [Int] = []
            if case .array(let items)? = reader.value("ids") {
                for item in items {
                    guard let id = item.int64Value, id > 0 else { throw .invalidParams("\"ids\" must hold item ids, such as [2, 5].") }
                    ids.append(Int(id))
                }
            } else if reader.value("ids") != nil {
                throw .invalidParams("\"ids\" must be an array of item ids, such as [2, 5].")
            }
            guard doneOnly != !ids.isEmpty else {
                throw .invalidParams("todo.remove takes either \"ids\" (such as [2]) or \"done\": true, one of them.")
            }
            self = .todoRemove(name: name, ids: ids, doneOnly: doneOnly)
        default: self = .ping
        }
    }
}

/// Reads the `params` object of one method. Keys the method does not take (usually typos)
/// are refused before any value is read, so that a misspelt key is named rather than
/// reported as a missing one.
private struct ParamsReader {
    let method: String
    let object: JSONObject

    init(method: String, params: JSONValue?) throws(RPCError) {
        self.method = method
        switch params {
        case nil, .null?: object = JSONObject()
        case .object(let o)?: object = o
        default: throw .invalidParams("params of \(method) must be an object, such as {\"name\": \"pasta\"}.")
        }
        let accepted = Self.accepted(by: method)
        if let unknown = object.keys.first(where: { !accepted.contains($0) }) {
            let known = accepted.isEmpty ? "it takes no params" : "it takes \(accepted.joined(separator: ", "))"
            throw .invalidParams("\(method) has no parameter \(TimerText.quoted(unknown)); \(known).")
        }
    }

    /// The params of each method, in the order error messages list them.
    static func accepted(by method: String) -> [String] {
        switch method {
        case "start": ["name", "seconds", "at", "message", "remind", "sound", "silent", "rounds", "then"]
        case "extend", "snooze": ["name", "seconds"]
        case "get", "pause", "resume", "reset": ["name"]
        case "cancel": ["name", "all"]
        case "history": ["limit"]
        case "todo.add": ["name", "items"]
        case "todo.set": ["name", "id", "done", "text"]
        case "todo.remove": ["name", "ids", "done"]
        default: []
        }
    }

    func value(_ key: String) -> JSONValue? {
        assert(Self.accepted(by: method).contains(key), "\(method) reads \"\(key)\" but does not accept it")
        if case .null? = object[key] { return nil }
        return object[key]
    }

    /// The name of the timer to act on, in NFC: any name a timer may have, including one
    /// saved by an older timerd before a rule for new names was added.
    func name() throws(RPCError) -> String {
        guard let raw = value("name") else {
            throw .invalidParams("\(method) needs \"name\": the timer's name, a string such as \"pasta\".")
        }
        guard case .string(let name) = raw else {
            throw .invalidParams("\"name\" must be a string, such as \"pasta\".")
        }
        let normalized = TimerText.normalized(name)
        if let problem = TimerText.problem(findingName: normalized) { throw .invalidParams(problem) }
        return normalized
    }

    /// The name for a new timer, in NFC: it follows every rule for names.
    func newName() throws(RPCError) -> String {
        let name = try name()
        if let problem = TimerText.problem(withName: name) { throw .invalidParams(problem) }
        return name
    }

    func optionalString(_ key: String, example: String) throws(RPCError) -> String? {
        guard let raw = value(key) else { return nil }
        guard case .string(let s) = raw else { throw .invalidParams("\"\(key)\" must be a string, such as \(example).") }
        return s
    }

    func optionalSeconds(_ key: String) throws(RPCError) -> Duration? {
        guard let raw = value(key) else { return nil }
        guard let seconds = raw.doubleValue else {
            throw .invalidParams("\"\(key)\" must be a number of seconds, such as 480 or 1.5.")
        }
        guard let duration = Duration(secondsValue: seconds) else {
            throw .invalidParams(
                "\"\(key)\" is \(JSONWriter.string(raw)) seconds, far more than any timer can run; "
                    + "a countdown lasts at most 365 days (31536000 seconds).")
        }
        return duration
    }

    /// `remind` (an array of seconds before the end), `sound` (an absolute path) or `silent`.
    func notifyOptions() throws(RPCError) -> NotifyOptions {
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
        return options
    }

    /// `rounds` (1–100) and `then` (`{name, seconds}`), or nil when neither is given.
    func repeats() throws(RPCError) -> Repeats? {
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

    func optionalLimit() throws(RPCError) -> Int? {
        guard let raw = value("limit") else { return nil }
        guard let limit = raw.int64Value, (1...Int64(Limits.historyLength)).contains(limit) else {
            throw .invalidParams("\"limit\" must be a whole number from 1 to \(Limits.historyLength), such as 20.")
        }
        return Int(limit)
    }

    func optionalTimestamp(_ key: String) throws(RPCError) -> Timestamp? {
        guard let raw = value(key) else { return nil }
        guard let text = raw.stringValue, let at = RFC3339.parse(text) else {
            throw .invalidParams(
                "\"\(key)\" must be an RFC 3339 instant, such as \"2026-12-24T18:00:00+01:00\" or \"2026-12-24T17:00:00Z\".")
        }
        return at
    }
}

/// How times are written on the wire.
public enum WireTime {
    /// Seconds as a JSON number, to the millisecond.
    public static func seconds(_ d: Duration) -> JSONValue {
        let ms = (Double(d.nanoseconds) / 1e6).rounded()
        if ms.truncatingRemainder(dividingBy: 1000) == 0 { return .integer(Int64(ms / 1000)) }
        return .number(ms / 1000)
    }

    public static func instant(_ t: Timestamp?) -> JSONValue {
        guard let t else { return .null }
        return .string(RFC3339.format(t))
    }
}
