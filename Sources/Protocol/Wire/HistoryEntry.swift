/// A timer that fired, as `history` reports it: kept after the timer itself is cancelled or
/// restarted, the most recent `Limits.historyLength` of them.
public struct HistoryEntry: Sendable, Equatable {
    public var name: String
    public var kind: TimerKind
    /// When it was due.
    public var dueAt: Timestamp
    /// When it fired (later than `dueAt` if the daemon was not running or the machine slept).
    public var firedAt: Timestamp
    /// The length of the run that ended (for a deadline, from its creation to its instant).
    public var duration: Duration
    public var message: String?
    /// What went wrong with the hooks run for this firing (`hook exit 1`, several joined with
    /// ", "); nil when none failed or none ran.
    public var hookFailure: String?

    public init(
        name: String, kind: TimerKind, dueAt: Timestamp, firedAt: Timestamp, duration: Duration, message: String?,
        hookFailure: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.dueAt = dueAt
        self.firedAt = firedAt
        self.duration = duration
        self.message = message
        self.hookFailure = hookFailure
    }

    /// Adds a failed hook's word to those already told (`hook exit 1, hook timed out`).
    public mutating func addHookFailure(_ failure: String) {
        hookFailure = hookFailure.map { $0 + ", " + failure } ?? failure
    }

    /// Fired late enough to count as missed (see `TimerInfo.missed`).
    public var missed: Bool { firedAt - dueAt > Limits.lateAfter }

    /// The protocol's history entry object.
    public var json: JSONValue {
        [
            "name": .string(name), "kind": .string(kind.rawValue), "dueAt": WireTime.instant(dueAt),
            "firedAt": WireTime.instant(firedAt), "missed": .bool(missed), "duration": WireTime.seconds(duration),
            "message": message.map { .string($0) } ?? .null, "hookFailure": hookFailure.map { .string($0) } ?? .null,
        ]
    }

    /// Reads a history entry object; unknown fields are ignored.
    public init(json: JSONValue) throws(RPCError) {
        func bad(_ field: String) -> RPCError {
            RPCError(code: RPCError.internalErrorCode, message: "The daemon sent a history entry with a bad \"\(field)\" field.")
        }
        guard case .object(let o) = json else {
            throw RPCError(code: RPCError.internalErrorCode, message: "The daemon sent a history entry that is not an object.")
        }
        guard let name = o["name"]?.stringValue else { throw bad("name") }
        guard let kind = o["kind"]?.stringValue.flatMap(TimerKind.init(rawValue:)) else { throw bad("kind") }
        guard let dueAt = o["dueAt"]?.stringValue.flatMap({ RFC3339.parse($0) }) else { throw bad("dueAt") }
        guard let firedAt = o["firedAt"]?.stringValue.flatMap({ RFC3339.parse($0) }) else { throw bad("firedAt") }
        guard let duration = o["duration"]?.doubleValue.flatMap(Duration.init(secondsValue:)) else {
            throw bad("duration")
        }
        let message: String?
        switch o["message"] {
        case nil, .null?: message = nil
        case .string(let text)?: message = text
        default: throw bad("message")
        }
        let hookFailure: String?
        switch o["hookFailure"] {
        case nil, .null?: hookFailure = nil
        case .string(let text)?: hookFailure = text
        default: throw bad("hookFailure")
        }
        self.init(
            name: name, kind: kind, dueAt: dueAt, firedAt: firedAt, duration: duration, message: message,
            hookFailure: hookFailure)
    }
}
