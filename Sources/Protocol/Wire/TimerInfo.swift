/// Whether a timer counts down a length of time or towards a wall-clock instant.
public enum TimerKind: String, Sendable, Equatable, CaseIterable {
    /// A length of real elapsed time (suspend included), e.g. `start pasta 8m`.
    case countdown
    /// A wall-clock instant, e.g. `until report "fri 17:00"`.
    case deadline
    /// Counts up from zero, real elapsed time (suspend included), e.g. `stopwatch bread`.
    /// It never ends: always running or paused.
    case stopwatch
}

/// Where a timer is in its life.
public enum TimerState: String, Sendable, Equatable, CaseIterable {
    case running
    case paused
    /// Fired; stays listed until cancelled or restarted.
    case done
}

/// A timer as the daemon reports it: the `timer` object of the protocol.
///
/// Every field is computed by the daemon at the moment of the reply, so a client
/// can render it without knowing anything about clocks.
public struct TimerInfo: Sendable, Equatable {
    /// 1–64 characters of any script, unique among timers that are not done.
    public var name: String
    public var kind: TimerKind
    public var state: TimerState
    /// Length of the current run: the countdown's length (with extensions), or for a
    /// deadline the span from its creation to the instant. Progress is `1 - remaining / duration`.
    public var duration: Duration
    /// Time left; zero once done.
    public var remaining: Duration
    /// When it ends (running) or ended (done); nil while paused.
    public var endsAt: Timestamp?
    public var createdAt: Timestamp
    /// When it fired; nil unless done.
    public var firedAt: Timestamp?
    /// Free text shown in the notification; nil when none was given.
    public var message: String?
    /// Reminders before the end (how long before), longest first.
    public var reminders: [Duration]
    /// The notification's sound (never `.standard`'s default resolved: that is the daemon's).
    public var sound: NotifyOptions.Sound
    /// Its alarm's volume in percent (as on a volume control); nil for the configured one.
    public var volume: Int?
    /// Its alarm is ringing: it fired and has not been answered yet (dismissed, snoozed…),
    /// and the ring has not run its length.
    public var ringing: Bool
    /// Where a repeating timer is; nil for a timer that runs once.
    public var cycle: Cycle?
    /// Its checklist, in order.
    public var todos: [TodoItem]
    /// The command the daemon runs when it fires (`--exec`); nil for none.
    public var exec: String?
    /// How a recurring deadline comes again; nil for one that happens once.
    public var every: Recurrence?
    /// A stopwatch's time counted so far (zero for other kinds), as of the reply.
    public var elapsed: Duration
    /// A running stopwatch's zero on the wall clock (`elapsed` is the time since then), so that
    /// a client can count on between replies; nil while paused and for other kinds.
    public var countsFrom: Timestamp?
    /// A stopwatch's laps, in order.
    public var laps: [Lap]
    /// A stopwatch notifies each time its elapsed time passes a multiple of this; nil: never.
    public var notifyEvery: Duration?

    public init(
        name: String, kind: TimerKind, state: TimerState, duration: Duration, remaining: Duration,
        endsAt: Timestamp?, createdAt: Timestamp, firedAt: Timestamp? = nil, message: String? = nil,
        reminders: [Duration] = [], sound: NotifyOptions.Sound = .standard, volume: Int? = nil, ringing: Bool = false,
        cycle: Cycle? = nil, todos: [TodoItem] = [], exec: String? = nil, every: Recurrence? = nil, elapsed: Duration = .zero,
        countsFrom: Timestamp? = nil, laps: [Lap] = [], notifyEvery: Duration? = nil
    ) {
        self.name = name
        self.kind = kind
        self.state = state
        self.duration = duration
        self.remaining = remaining
        self.endsAt = endsAt
        self.createdAt = createdAt
        self.firedAt = firedAt
        self.message = message
        self.reminders = reminders
        self.sound = sound
        self.volume = volume
        self.ringing = ringing
        self.cycle = cycle
        self.todos = todos
        self.exec = exec
        self.every = every
        self.elapsed = elapsed
        self.countsFrom = countsFrom
        self.laps = laps
        self.notifyEvery = notifyEvery
    }

    /// A stopwatch's elapsed time at `now`: counted on from `countsFrom` while it runs.
    public func elapsed(at now: Timestamp) -> Duration {
        guard state == .running, let countsFrom else { return elapsed }
        return max(elapsed, now - countsFrom)
    }

    /// Items not done yet, in order.
    public var openTodos: [TodoItem] { todos.filter { !$0.done } }

    /// A checklist whose every item is done.
    public var todosComplete: Bool { !todos.isEmpty && todos.allSatisfy(\.done) }

    /// Fired so long after it was due that its notification came late: the daemon was not
    /// running, or the machine was asleep, when the time came.
    public var missed: Bool {
        guard state == .done, let firedAt, let endsAt else { return false }
        return firedAt - endsAt > Limits.lateAfter
    }

    /// Fraction of the run already elapsed, 0…1.
    /// A stopwatch has none: 0.
    public var progress: Double {
        if kind == .stopwatch { return 0 }
        if state == .done { return 1 }
        let total = duration.seconds
        guard total > 0 else { return 0 }
        return min(1, max(0, 1 - remaining.seconds / total))
    }
}

/// A stopwatch's lap: its elapsed time when the lap was taken, and the lap's own length (the
/// time since the lap before, or since zero for the first).
public struct Lap: Sendable, Equatable {
    public var elapsed: Duration
    public var split: Duration

    public init(elapsed: Duration, split: Duration) {
        self.elapsed = elapsed
        self.split = split
    }

    /// The laps taken at these elapsed times, in order, with their splits.
    public static func laps(at marks: [Duration]) -> [Lap] {
        zip(marks, [.zero] + marks).map { Lap(elapsed: $0, split: $0 - $1) }
    }

    /// Most laps a stopwatch holds.
    public static let maxLaps = 1_000
}
