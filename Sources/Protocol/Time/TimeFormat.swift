/// How durations and instants are shown to people: countdowns, short lengths,
/// "ago" phrases and wall-clock times. All clocks are 24-hour and in English.
public enum TimeFormat {
    /// A countdown: `0:05`, `7:59`, `59:59`, `1:02:03`, `23:59:59`, `1 day 02:03:04`, `2 days 03:04:05`.
    ///
    /// Rounds up to whole seconds, so a countdown reads `8:00` until a full second
    /// has gone and only reads `0:00` when the time is really up; negative is `0:00`.
    public static func remaining(_ d: Duration) -> String {
        let nanoseconds = d.nanoseconds
        guard nanoseconds > 0 else { return "0:00" }
        let total = (nanoseconds - 1) / 1_000_000_000 + 1
        let days = total / 86_400
        let hours = Int(total / 3600 % 24)
        let minutes = Int(total / 60 % 60)
        let seconds = Int(total % 60)
        if days > 0 {
            return "\(days) \(days == 1 ? "day" : "days") \(two(hours)):\(two(minutes)):\(two(seconds))"
        }
        if hours > 0 { return "\(hours):\(two(minutes)):\(two(seconds))" }
        return "\(minutes):\(two(seconds))"
    }

    /// A stopwatch's time: as `remaining`, but rounded down, so that it reads `0:00` until a
    /// whole second has passed, and `8:00` only once eight minutes have.
    public static func elapsed(_ d: Duration) -> String {
        let seconds = max(0, d.nanoseconds / 1_000_000_000)
        return remaining(.seconds(seconds))
    }

    /// The shortest text `DurationParser` reads back as (nearly) `d`: `8m`, `1m30s`, `1h30m`, `2d`, `1d2h`.
    ///
    /// Rounds to the nearest whole second, except that a non-zero duration never
    /// shows as less than `1s`; zero is `0s` and a negative duration gets a `-`.
    public static func compact(_ d: Duration) -> String {
        let nanoseconds = d.nanoseconds
        if nanoseconds == 0 { return "0s" }
        // The magnitude, not the negation: -Int64.min does not fit in an Int64.
        let total = max(1, (nanoseconds.magnitude + 500_000_000) / 1_000_000_000)
        let parts: [(UInt64, String)] = [
            (total / 86_400, "d"), (total / 3600 % 24, "h"), (total / 60 % 60, "m"), (total % 60, "s"),
        ]
        let text = parts.filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }.joined()
        return nanoseconds < 0 ? "-" + text : text
    }

    /// A length in words, to the largest two units, rounded down: `10 minutes`, `1 hour`,
    /// `1 hour 30 minutes`, `2 days 3 hours`, `45 seconds`; with `short`: `10 min`, `1 h 30 min`,
    /// `45 s`, `2 days`. Under a second is `0 seconds`.
    public static func words(_ d: Duration, short: Bool = false) -> String {
        let total = max(0, d.nanoseconds / 1_000_000_000)
        let units: [(size: Int64, long: String, short: String)] = [
            (86_400, "day", "day"), (3600, "hour", "h"), (60, "minute", "min"), (1, "second", "s"),
        ]
        func phrase(_ count: Int64, _ unit: (size: Int64, long: String, short: String)) -> String {
            if short && unit.size != 86_400 { return "\(count) \(unit.short)" }
            return "\(count) \(unit.long)\(count == 1 ? "" : "s")"
        }
        guard total > 0 else { return phrase(0, units[3]) }
        var parts: [String] = []
        var rest = total
        for unit in units {
            let count = rest / unit.size
            rest %= unit.size
            if count > 0 {
                parts.append(phrase(count, unit))
            } else if !parts.isEmpty {
                break  // "1 day", not "1 day 0 hours"
            }
            if parts.count == 2 { break }
        }
        return parts.joined(separator: " ")
    }

    /// How long ago something happened: `5 s ago`, `3 min ago`, `2 h ago`,
    /// `1 h 20 min ago`, `1 day ago`, `3 days ago`; under a second (or in the future) `just now`.
    ///
    /// Rounds down, so nothing reads as older than it is.
    public static func ago(_ d: Duration) -> String {
        let seconds = d.nanoseconds / 1_000_000_000
        switch seconds {
        case ..<1: return "just now"
        case ..<60: return "\(seconds) s ago"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400:
            let minutes = seconds / 60 % 60
            return minutes == 0 ? "\(seconds / 3600) h ago" : "\(seconds / 3600) h \(minutes) min ago"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }

    /// When `t` is on the local wall clock, as briefly as is unambiguous from `now`:
    /// - `18:42` on the same local day;
    /// - `Tue 09:00` within six days either way;
    /// - `Dec 24 18:00` within 365 days either way;
    /// - `2027-12-24 18:00` otherwise.
    public static func clock(_ t: Timestamp, now: Timestamp, calendar: LocalCalendar) -> String {
        let local = calendar.local(t)
        let days = local.date.daysSinceEpoch - calendar.local(now).date.daysSinceEpoch
        let time = "\(two(local.hour)):\(two(local.minute))"
        switch abs(days) {
        case 0: return time
        case ...6: return "\(local.date.weekday.abbreviation) \(time)"
        case ..<365: return "\(local.date.monthAbbreviation) \(local.date.day) \(time)"
        default: return "\(local.date) \(time)"
        }
    }

    /// A local date and time for messages: `Sun 29 Nov 18:00`, with `:ss` when
    /// the seconds are not zero and the year (`Sun 29 Nov 2026 18:00`) when asked.
    public static func date(_ t: Timestamp, calendar: LocalCalendar, showingYear: Bool = false) -> String {
        let local = calendar.local(t)
        let date = local.date
        var text = "\(date.weekday.abbreviation) \(date.day) \(date.monthAbbreviation)"
        if showingYear { text += " \(date.year)" }
        text += " \(two(local.hour)):\(two(local.minute))"
        if local.second != 0 { text += ":\(two(local.second))" }
        return text
    }

    private static func two(_ value: Int) -> String { zeroPadded(value, width: 2) }
}
