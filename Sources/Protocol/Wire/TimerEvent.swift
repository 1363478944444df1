/// What happened to a timer, as pushed to subscribers in `event` notifications.
public enum TimerEvent: String, Sendable, Equatable, CaseIterable {
    case started, paused, resumed, reset, extended, snoozed, cancelled, fired
    /// A repeating timer finished a step and went on to the next (fired: the last).
    case advanced
    /// Its checklist changed.
    case todo
    /// A stopwatch recorded a lap.
    case lap
    /// Its alarm began to ring (after `fired`).
    case ringing
    /// Its alarm stopped by itself: the ring ran its length unanswered.
    case silenced
    /// It was answered by a dismissal (`dismiss`, or the notification's Dismiss or close):
    /// its alarm stopped and its notification closed; it stays done.
    case dismissed
}
