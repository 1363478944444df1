import Protocol

/// Why the core refused a command: one case for each reason (`ErrorReason`) it gives, holding
/// the facts that reason is about. The message is made from them, in the protocol's own terms
/// (methods and their params): a client is not necessarily timerctl, which makes its own
/// sentence, naming its commands, from the reason and facts in the error's `data`.
enum TableError: Error, Equatable, Sendable {
    /// No timer has that name.
    case notFound(name: String)
    /// A selector (`@next`, `@ringing`) that chooses no timer now.
    case noneChosen(TimerSelector)
    /// A timer that is not done already has that name.
    case exists(name: String, kind: TimerKind, state: TimerState, remaining: Duration)
    /// The table holds as many timers as it may.
    case tooManyTimers(limit: Int)
    /// Adding the items would take the checklist past the items a timer may hold.
    case checklistFull(name: String, state: TimerState, items: Int, limit: Int)
    /// Pausing a paused countdown.
    case paused(name: String)
    /// Resuming a running timer.
    case running(name: String)
    /// Pausing or resuming a done timer.
    case done(name: String)
    /// Snoozing a timer that is not done.
    case notDone(name: String, state: TimerState)
    /// Pausing a deadline.
    case deadlineNoPause(name: String, state: TimerState)
    /// Resetting a deadline.
    case deadlineNoReset(name: String, state: TimerState)
    /// Extending a done countdown by a negative amount.
    case doneNeedsPositive(name: String)
    /// Extending a stopwatch: it has no end.
    case stopwatchNoExtend(name: String, state: TimerState)
    /// Snoozing a stopwatch: it never finishes.
    case stopwatchNoSnooze(name: String, state: TimerState)
    /// A lap of a countdown or deadline.
    case notStopwatch(name: String, kind: TimerKind, state: TimerState)
    /// A lap of a paused stopwatch.
    case lapWhilePaused(name: String)
    /// A lap of a stopwatch that holds as many as it may.
    case lapsFull(name: String, state: TimerState, limit: Int)
    /// The timer's checklist has no item with that id.
    case noItem(name: String, state: TimerState, id: Int)
    /// The parameters make no sense (a duration of zero, a deadline in the past…): the
    /// sentence says which, and names no client's commands.
    case invalid(String)

    var reason: ErrorReason {
        switch self {
        case .notFound, .noneChosen: .notFound
        case .exists: .exists
        case .tooManyTimers: .tooManyTimers
        case .checklistFull: .checklistFull
        case .paused: .paused
        case .running: .running
        case .done: .done
        case .notDone: .notDone
        case .deadlineNoPause: .deadlineNoPause
        case .deadlineNoReset: .deadlineNoReset
        case .doneNeedsPositive: .doneNeedsPositive
        case .stopwatchNoExtend: .stopwatchNoExtend
        case .stopwatchNoSnooze: .stopwatchNoSnooze
        case .notStopwatch: .notStopwatch
        case .lapWhilePaused: .lapPaused
        case .lapsFull: .lapsFull
        case .noItem: .noItem
        case .invalid: .invalid
        }
    }

    /// The facts `data` carries besides the reason: its `fields`, in order.
    var facts: [(ErrorField, JSONValue)] {
        switch self {
        case .notFound(let name):
            [(.name, .string(name))]
        case .noneChosen(let selector):
            [(.name, .string(selector.rawValue))]
        case .exists(let name, let kind, let state, let remaining):
            [(.name, .string(name)), (.kind, .string(kind.rawValue)), (.state, .string(state.rawValue)),
             (.remaining, WireTime.seconds(Self.roundedUp(remaining)))]
        case .tooManyTimers(let limit):
            [(.limit, .integer(Int64(limit)))]
        case .checklistFull(let name, let state, let items, let limit):
            [(.name, .string(name)), (.state, .string(state.rawValue)), (.items, .integer(Int64(items))),
             (.limit, .integer(Int64(limit)))]
        case .paused(let name), .lapWhilePaused(let name):
            [(.name, .string(name)), (.state, .string(TimerState.paused.rawValue))]
        case .running(let name):
            [(.name, .string(name)), (.state, .string(TimerState.running.rawValue))]
        case .done(let name), .doneNeedsPositive(let name):
            [(.name, .string(name)), (.state, .string(TimerState.done.rawValue))]
        case .notDone(let name, let state):
            [(.name, .string(name)), (.state, .string(state.rawValue))]
        case .deadlineNoPause(let name, let state), .deadlineNoReset(let name, let state):
            [(.name, .string(name)), (.kind, .string(TimerKind.deadline.rawValue)), (.state, .string(state.rawValue))]
        case .stopwatchNoExtend(let name, let state), .stopwatchNoSnooze(let name, let state):
            [(.name, .string(name)), (.kind, .string(TimerKind.stopwatch.rawValue)), (.state, .string(state.rawValue))]
        case .notStopwatch(let name, let kind, let state):
            [(.name, .string(name)), (.kind, .string(kind.rawValue)), (.state, .string(state.rawValue))]
        case .lapsFull(let name, let state, let limit):
            [(.name, .string(name)), (.state, .string(state.rawValue)), (.limit, .integer(Int64(limit)))]
        case .noItem(let name, let state, let id):
            [(.name, .string(name)), (.state, .string(state.rawValue)), (.id, .integer(Int64(id)))]
        case .invalid:
            []
        }
    }

    var message: String {
        switch self {
        case .notFound(let name):
            "There is no timer named \(TimerText.quoted(name)); method `list` lists the timers."
        case .noneChosen(let selector):
            selector.nothingChosen
        case .exists(let name, .stopwatch, _, _):
            "There is already a stopwatch named \(TimerText.quoted(name)); cancel it first (method `cancel`) or "
                + "choose another name."
        case .exists(let name, let kind, _, let remaining):
            "There is already \(kind == .deadline ? "a deadline" : "a timer") named \(TimerText.quoted(name)) "
                + "(\(TimeFormat.remaining(remaining)) left); cancel it first (method `cancel`) or choose another name."
        case .tooManyTimers(let limit):
            "timerd already holds \(limit) timers, its limit; cancel some (method `cancel` with \"all\": true removes all)."
        case .checklistFull(let name, _, let items, let limit):
            "\(TimerText.quoted(name)) has \(items) checklist items and a timer holds at most \(limit); remove some "
                + "first (method `todo.remove` with \"done\": true removes those done)."
        case .paused(let name):
            "\(TimerText.quoted(name)) is already paused; method `resume` continues it."
        case .running(let name):
            "\(TimerText.quoted(name)) is already running."
        case .done(let name):
            "\(TimerText.quoted(name)) has finished; method `reset` runs it again."
        case .notDone(let name, _):
            "\(TimerText.quoted(name)) has not finished, so there is nothing to snooze; method `extend` adds time."
        case .deadlineNoPause(let name, _):
            "\(TimerText.quoted(name)) is a deadline, and a deadline does not pause; "
                + "move it with method `extend` or cancel it."
        case .deadlineNoReset(let name, _):
            "\(TimerText.quoted(name)) is a deadline and has no length to start over; "
                + "set a new one with method `start` and \"at\", or move it with method `extend`."
        case .doneNeedsPositive(let name):
            "\(TimerText.quoted(name)) has finished; only a positive amount (+2m) extends it."
        case .stopwatchNoExtend(let name, _):
            "\(TimerText.quoted(name)) is a stopwatch: it counts up and has no end to move; "
                + "method `reset` starts it again from 0."
        case .stopwatchNoSnooze(let name, _):
            "\(TimerText.quoted(name)) is a stopwatch and never finishes, so there is nothing to snooze; "
                + "method `pause` stops it."
        case .notStopwatch(let name, let kind, _):
            "\(TimerText.quoted(name)) is a \(kind.rawValue), and only a stopwatch takes laps; "
                + "method `stopwatch` starts one."
        case .lapWhilePaused(let name):
            "\(TimerText.quoted(name)) is paused; method `resume` continues it, then `lap` records a lap."
        case .lapsFull(let name, _, let limit):
            "\(TimerText.quoted(name)) has \(limit) laps, as many as a stopwatch holds; method `reset` starts it "
                + "again from 0 without laps."
        case .noItem(let name, _, let id):
            "\(TimerText.quoted(name)) has no checklist item \(id); method `get` lists them."
        case .invalid(let message):
            message
        }
    }

    /// Time left as `remaining` carries it: up to the millisecond, so that a client counting
    /// whole seconds of it (`TimeFormat.remaining` rounds up) shows what the daemon would.
    static func roundedUp(_ d: Duration) -> Duration {
        let ms = d.nanoseconds > 0 ? (d.nanoseconds + 999_999) / 1_000_000 : d.nanoseconds / 1_000_000
        return .milliseconds(ms)
    }
}

extension RPCError {
    /// The protocol's error for a refusal of the core: its reason's code, its message, and as
    /// data the reason and the facts it is about.
    init(_ error: TableError) {
        self.init(error.reason, message: error.message, facts: error.facts)
    }
}
