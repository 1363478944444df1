/// When a hook runs: the keys of timerd.conf's `[hooks]` group, and `TIMERD_EVENT`'s values.
enum HookEvent: String, CaseIterable, Hashable, Sendable {
    /// A timer was started.
    case start
    /// A reminder came due.
    case remind
    /// A timer fired (also a missed one, with `TIMERD_MISSED=1`, unless `missed` is set).
    case done
    /// Timers that fired late (timerd was not running, or the computer slept): once for all
    /// that fired together, at start-up or on waking.
    case missed
    /// A ringing timer was answered by a dismissal.
    case dismissed
    /// A step of a repeating timer (`--then`, `--repeat`) ended and the next began.
    case cycle
}
