import Protocol

/// A reading of the boot clock (`CLOCK_BOOTTIME`): monotonic, counts time spent suspended,
/// restarts at zero on every boot. Countdowns are measured on it so that neither wall-clock
/// changes nor suspend make them wrong.
struct BootInstant: Hashable, Comparable, Sendable {
    var nanoseconds: Int64

    static func < (a: BootInstant, b: BootInstant) -> Bool { a.nanoseconds < b.nanoseconds }
    static func + (t: BootInstant, d: Duration) -> BootInstant { BootInstant(nanoseconds: t.nanoseconds + d.nanoseconds) }
    static func - (t: BootInstant, d: Duration) -> BootInstant { BootInstant(nanoseconds: t.nanoseconds - d.nanoseconds) }
    static func - (a: BootInstant, b: BootInstant) -> Duration { .nanoseconds(a.nanoseconds - b.nanoseconds) }
}

/// "Now", read from both clocks at once. Every operation of the core takes one, so the
/// core never reads a clock itself and tests pass whatever time they like.
struct Moment: Hashable, Sendable {
    var boot: BootInstant
    var wall: Timestamp

    /// The same moment `d` later on both clocks (as if the wall clock did not jump).
    func advanced(by d: Duration) -> Moment { Moment(boot: boot + d, wall: wall + d) }
}
