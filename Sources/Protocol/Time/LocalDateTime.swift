/// What a wall clock in some time zone shows: a date and a time of day, with no offset.
///
/// The same `LocalDateTime` can name no instant (inside a spring-forward gap) or two
/// (inside a fall-back overlap); `LocalCalendar.timestamp(_:)` documents which one it picks.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 59.
    public var second: Int
    /// 0 to 999 999 999.
    public var nanosecond: Int

    public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// The time of day shown, to the second.
    public var timeOfDay: TimeOfDay { TimeOfDay(hour: hour, minute: minute, second: second) }

    /// Seconds since the start of `date`.
    var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    /// The wall-clock reading counted as if the zone were UTC: the number the
    /// zone's offset is subtracted from to get Unix seconds.
    var wallSeconds: Int64 { Int64(date.daysSinceEpoch) * 86_400 + Int64(secondOfDay) }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.date, a.hour, a.minute, a.second, a.nanosecond) < (b.date, b.hour, b.minute, b.second, b.nanosecond)
    }

    /// `2026-12-24 18:00:00`, with a fraction only when there is one.
    public var description: String {
        var text = "\(date) \(zeroPadded(hour, width: 2)):\(zeroPadded(minute, width: 2)):\(zeroPadded(second, width: 2))"
        if nanosecond != 0 { text += "." + zeroPadded(nanosecond, width: 9) }
        return text
    }
}
