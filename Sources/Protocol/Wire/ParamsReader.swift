/// Reads the `params` object of one method. Keys the method does not take (usually typos)
/// are refused before any value is read, so that a misspelt key is named rather than
/// reported as a missing one.
public struct ParamsReader {
    let method: String
    let object: JSONObject
    /// The keys the method takes: `RPCMethod.parameters`.
    let accepted: [String]

    init(method: String, accepted: [String], params: JSONValue?) throws(RPCError) {
        self.method = method
        self.accepted = accepted
        switch params {
        case nil, .null?: object = JSONObject()
        case .object(let o)?: object = o
        default: throw .invalidParams("params of \(method) must be an object, such as {\"name\": \"pasta\"}.")
        }
        if let unknown = object.keys.first(where: { !accepted.contains($0) }) {
            let known = accepted.isEmpty ? "it takes no params" : "it takes \(accepted.joined(separator: ", "))"
            throw .invalidParams("\(method) has no parameter \(TimerText.quoted(unknown)); \(known).")
        }
    }

    func value(_ key: String) -> JSONValue? {
        assert(accepted.contains(key), "\(method) reads \"\(key)\" but does not accept it")
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

    func optionalTimestamp(_ key: String) throws(RPCError) -> Timestamp? {
        guard let raw = value(key) else { return nil }
        guard let text = raw.stringValue, let at = RFC3339.parse(text) else {
            throw .invalidParams(
                "\"\(key)\" must be an RFC 3339 instant, such as \"2026-12-24T18:00:00+01:00\" or \"2026-12-24T17:00:00Z\".")
        }
        return at
    }
}
