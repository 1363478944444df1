import Protocol

/// What the scheduler must carry out after the core changed state. The core only describes
/// effects; the scheduler performs them (pushes events, shows notifications).
enum Effect: Equatable, Sendable {
    /// Tell subscribers.
    case event(TimerEvent, TimerInfo)
    /// Show a notification for timers that fired together.
    case notify([Firing])
    /// Remind that a timer ends soon.
    case remind(Reminding)
    /// A stopwatch passed a multiple of its `notifyEvery`.
    case mark(Marking)
    /// A repeating timer finished a step and started the next.
    case advance(Advancing)
    /// Every item of a running timer's checklist is done.
    case checklistDone(TimerInfo)
    /// These timers were answered by a dismissal: their alarm stops and their notifications
    /// close (the table does not change).
    case dismiss([String])
}

/// A repeating timer that went on to its next step.
struct Advancing: Equatable, Sendable {
    /// The timer, now in its next step.
    var info: TimerInfo
    /// The step that ended.
    var finished: Repeats.Step
    /// The round it was in (1-based).
    var round = 1
}

/// A reminder that came due.
struct Reminding: Equatable, Sendable {
    var info: TimerInfo
    /// How long before the end it was set for (the time left may be a little less).
    var before: Duration
}

/// A stopwatch that passed a mark.
struct Marking: Equatable, Sendable {
    var info: TimerInfo
    /// The mark it passed: a multiple of its `notifyEvery` (its elapsed time may be a little more).
    var elapsed: Duration
}

/// A timer that just fired, with what the notification needs to describe it.
struct Firing: Equatable, Sendable {
    var info: TimerInfo
    /// When the run that just ended began.
    var startedAt: Timestamp
    /// The plan of a repeating timer whose last step just ended (it ran all of it); nil for a
    /// timer that runs once, and for a run past its plan (a finished one snoozed or extended).
    var chain: Chain? = nil
}

extension Firing {
    /// What `history` tells of this firing, which happened at `now` unless it says when.
    func historyEntry(at now: Timestamp) -> HistoryEntry {
        HistoryEntry(
            name: info.name, kind: info.kind, dueAt: info.endsAt ?? now, firedAt: info.firedAt ?? now,
            duration: info.duration, message: info.message)
    }
}
