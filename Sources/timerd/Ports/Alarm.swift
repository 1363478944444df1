import Protocol

/// Wakes the scheduler when the next timer comes due. The live one is a pair of timerfds
/// (boot clock for countdowns, wall clock for deadlines); tests use a recording one.
protocol Alarm: Sendable {
    /// Arms the alarm for the earliest of the two instants; nil disarms that clock.
    func arm(boot: BootInstant?, wall: Timestamp?)
}
