/// What timerd plays itself for a notification (with `sound-player = timerd`).
enum NoticeSound: Hashable, Sendable {
    /// The alarm: its timers ring until answered, or until `limit`.
    case ring(Sound, volume: Double, limit: RingLimit)
    /// A short sound played once that nobody answers: a reminder, a step of a repeating
    /// timer, a finished checklist.
    case chime(Sound, volume: Double)

    /// A volume in percent, as on a volume control, as the factor the player takes (0…1).
    static func factor(percent: Int) -> Double { Double(min(max(percent, 0), 100)) / 100 }
}
