/// What happened to a timer, as pushed to subscribers in `event` notifications.
public enum TimerEvent: String, Sendable, Equatable, CaseIterable {
    case started, paused, resumed, reset, extended, snoozed, cancelled, fired
    /// A repeating timer finished a step and went on to the next (fired: the last).
    case advanced
    /// Its checklist changed.
    case todo
}
