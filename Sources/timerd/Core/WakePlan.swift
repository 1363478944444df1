import Protocol

/// When the scheduler wakes next, and whether the alarm must be armed again for it: the
/// earliest of the next timer (`TimerTable.nextWake`), the flood guard's summary and the
/// pending save, on each clock.
///
/// The alarm is armed again only when those instants change: most requests do not change
/// them, and a syscall per request would be waste. A value with the time passed in, like the
/// flood guard.
struct WakePlan: Equatable, Sendable {
    /// An instant on each clock; nil where nothing is due on that clock.
    struct Instants: Equatable, Sendable {
        var boot: BootInstant?
        var wall: Timestamp?
    }

    /// How long nothing may be due for the store's housekeeping (`Store.maintain`) to run.
    static let quietBefore: Duration = .milliseconds(50)

    /// What the alarm was last armed for; nil before it is first armed.
    private(set) var armed: Instants?
    /// The next instants something fires (a timer, or the flood guard's summary), leaving out
    /// a pending save: what a long batch checks the clock against.
    private(set) var nextFiring = Instants()

    /// Takes the next instants. Returns what to arm the alarm for, or nil when it is armed for
    /// that already, unless `force` (the wall clock was set, which cancels the kernel's
    /// wall-clock timer even though the instants stayed).
    mutating func update(
        timers: (boot: BootInstant?, wall: Timestamp?), summary: BootInstant?, save: BootInstant?, force: Bool = false
    ) -> Instants? {
        var next = Instants(boot: timers.boot, wall: timers.wall)
        if let summary { next.boot = min(next.boot ?? summary, summary) }
        nextFiring = next
        if let save { next.boot = min(next.boot ?? save, save) }
        guard force || armed != next else { return nil }
        armed = next
        return next
    }

    /// Whether something has come due by `present`, by the instants last taken. Not by the
    /// table's own: working those out again after each change would cost a look through every
    /// timer due with the first (a whole group of them, when thousands are started together).
    func isDue(at present: Moment) -> Bool {
        nextFiring.boot.map { present.boot >= $0 } == true || nextFiring.wall.map { present.wall >= $0 } == true
    }

    /// Whether nothing fires within `quietBefore` of `now`.
    func isQuiet(at now: Moment) -> Bool {
        let soon = nextFiring.boot.map { $0 < now.boot + Self.quietBefore } == true
            || nextFiring.wall.map { $0 < now.wall + Self.quietBefore } == true
        return !soon
    }
}
