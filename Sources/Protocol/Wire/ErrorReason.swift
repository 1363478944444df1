/// Why the daemon refused a request, as a word a program can act on: the `reason` member of
/// a JSON-RPC error's `data`, beside the facts it names (`ErrorField`). The error's message is
/// a sentence for a person in the protocol's own terms (methods and their params); a client
/// with words of its own (timerctl's command lines) makes its sentence from the reason and
/// the facts. This is the one list of reasons, shared by both programs; docs/protocol.md's
/// table of reasons is made from it, and a test holds the two together.
///
/// A client shows the message when the reason is absent or one it does not know: a newer
/// daemon may add reasons, and errors outside this list carry none.
public enum ErrorReason: String, CaseIterable, Sendable {
    case notFound = "not-found"
    case exists
    case tooManyTimers = "too-many-timers"
    case checklistFull = "checklist-full"
    case paused
    case running
    case done
    case notDone = "not-done"
    case deadlineNoPause = "deadline-no-pause"
    case deadlineNoReset = "deadline-no-reset"
    case doneNeedsPositive = "done-needs-positive"
    case stopwatchNoExtend = "stopwatch-no-extend"
    case stopwatchNoSnooze = "stopwatch-no-snooze"
    case notStopwatch = "not-stopwatch"
    case lapPaused = "lap-paused"
    case lapsFull = "laps-full"
    case noItem = "no-item"
    case invalid
    case otherUser = "other-user"
    case rootNotAllowed = "root-not-allowed"

    /// The error code a refusal for this reason has.
    public var code: Int {
        switch self {
        case .notFound: RPCError.notFoundCode
        case .exists: RPCError.alreadyExistsCode
        case .tooManyTimers, .checklistFull, .lapsFull: RPCError.limitReachedCode
        case .paused, .running, .done, .notDone, .deadlineNoPause, .deadlineNoReset, .doneNeedsPositive,
            .stopwatchNoExtend, .stopwatchNoSnooze, .notStopwatch, .lapPaused:
            RPCError.wrongStateCode
        case .noItem, .invalid: RPCError.invalidParamsCode
        case .otherUser, .rootNotAllowed: RPCError.invalidRequestCode
        }
    }

    /// The members of `data` besides `reason`, in the order the daemon writes them: every
    /// refusal for this reason has all of them.
    public var fields: [ErrorField] {
        switch self {
        case .notFound: [.name]
        case .exists: [.name, .kind, .state, .remaining]
        case .tooManyTimers: [.limit]
        case .checklistFull: [.name, .state, .items, .limit]
        case .paused, .running, .done, .notDone, .doneNeedsPositive, .lapPaused: [.name, .state]
        case .deadlineNoPause, .deadlineNoReset, .stopwatchNoExtend, .stopwatchNoSnooze, .notStopwatch:
            [.name, .kind, .state]
        case .lapsFull: [.name, .state, .limit]
        case .noItem: [.name, .state, .id]
        case .invalid: []
        case .otherUser, .rootNotAllowed: [.uid, .owner]
        }
    }

    /// When the daemon gives it: one line of docs/protocol.md.
    public var meaning: String {
        switch self {
        case .notFound: "no timer has that name"
        case .exists: "`start` with the name of a timer that is not done"
        case .tooManyTimers: "`start` when the daemon holds as many timers as it may"
        case .checklistFull: "`todo.add` beyond the items a timer may hold"
        case .paused: "`pause` of a paused countdown or stopwatch"
        case .running: "`resume` of a running timer"
        case .done: "`pause` or `resume` of a done timer"
        case .notDone: "`snooze` of a timer that is not done"
        case .deadlineNoPause: "`pause` of a deadline"
        case .deadlineNoReset: "`reset` of a deadline"
        case .doneNeedsPositive: "`extend` of a done countdown by a negative amount"
        case .stopwatchNoExtend: "`extend` of a stopwatch (it has no end to move)"
        case .stopwatchNoSnooze: "`snooze` of a stopwatch (it never finishes)"
        case .notStopwatch: "`lap` of a countdown or deadline"
        case .lapPaused: "`lap` of a paused stopwatch"
        case .lapsFull: "`lap` of a stopwatch that holds as many laps as it may"
        case .noItem: "`todo.set` or `todo.remove` with an `id` the timer's checklist does not have"
        case .invalid: "a value out of range (a duration of zero, a deadline in the past…); the message says which"
        case .otherUser: "a connection from another user (id `null`; then the daemon hangs up)"
        case .rootNotAllowed: "a connection from root to a daemon started without `--allow-root` (id `null`; then it hangs up)"
        }
    }
}

/// A member of a refusal's `data`: the facts its reason is about.
public enum ErrorField: String, CaseIterable, Sendable {
    case name, kind, state, remaining, limit, items, id, uid, owner

    /// What it holds: one line of docs/protocol.md.
    public var meaning: String {
        switch self {
        case .name: "the timer's name"
        case .kind: "the timer's kind: `countdown`, `deadline` or `stopwatch`"
        case .state: "the timer's state: `running`, `paused` or `done`"
        case .remaining: "seconds left, to the millisecond, rounded up (so that whole seconds of it never show less than is left)"
        case .limit: "the limit that was reached"
        case .items: "how many checklist items the timer has"
        case .id: "the checklist item's id that was asked for"
        case .uid: "the user id of the client that connected"
        case .owner: "the user id the daemon serves"
        }
    }
}

extension RPCError {
    /// A refusal for `reason`: `data` is `{"reason": …}` and then `facts`, which must be the
    /// reason's `fields`, in that order.
    public init(_ reason: ErrorReason, message: String, facts: [(ErrorField, JSONValue)]) {
        assert(facts.map(\.0) == reason.fields, "the facts of \(reason.rawValue) are \(reason.fields)")
        let members = [("reason", JSONValue.string(reason.rawValue))] + facts.map { ($0.0.rawValue, $0.1) }
        self.init(code: reason.code, message: message, data: .object(JSONObject(uniqueKeysWithValues: members)))
    }

    /// The reason in `data`; nil when there is none, or one this build does not know.
    public var reason: ErrorReason? { data?["reason"]?.stringValue.flatMap(ErrorReason.init(rawValue:)) }

    /// A fact in `data`.
    public subscript(field: ErrorField) -> JSONValue? { data?[field.rawValue] }
}
