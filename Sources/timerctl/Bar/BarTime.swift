import Protocol

/// Time left as a bar shows it, and when that text next changes. A bar has little room, and
/// what it shows decides how often it is redrawn: seconds under an hour (`7:42`), minutes under
/// a day (`1h05m`), hours beyond (`2d 21h`). Rounded up, as `TimeFormat.remaining` is, so that
/// `0:00` means the time is really up.
enum BarTime {
    private static let second: Int64 = 1_000_000_000
    private static let minute = 60 * second
    private static let hour = 60 * minute

    static func text(_ left: Duration) -> String {
        let n = left.nanoseconds
        guard n > 0 else { return "0:00" }
        let seconds = ceil(n, second)
        if seconds < 3600 { return "\(seconds / 60):\(two(seconds % 60))" }
        let minutes = ceil(n, minute)
        if minutes < 1440 { return "\(minutes / 60)h\(two(minutes % 60))m" }
        let hours = ceil(n, hour)
        return "\(hours / 24)d \(hours % 24)h"
    }

    /// How long until `text` of a countdown now at `left` reads otherwise; nil once at `0:00`.
    static func untilChange(_ left: Duration) -> Duration? {
        let n = left.nanoseconds
        guard n > 0 else { return nil }
        // The next value below this one, or the moment the text moves to a finer unit.
        let next: Int64
        if ceil(n, second) < 3600 {
            next = (ceil(n, second) - 1) * second
        } else if ceil(n, minute) < 1440 {
            next = max((ceil(n, minute) - 1) * minute, 3599 * second)
        } else {
            next = max((ceil(n, hour) - 1) * hour, 1439 * minute)
        }
        return .nanoseconds(n - next)
    }

    /// A stopwatch's time as a bar shows it: as `text`, but rounded down (it counts up).
    static func elapsedText(_ elapsed: Duration) -> String {
        let n = max(0, elapsed.nanoseconds)
        let seconds = n / second
        if seconds < 3600 { return "\(seconds / 60):\(two(seconds % 60))" }
        let minutes = n / minute
        if minutes < 1440 { return "\(minutes / 60)h\(two(minutes % 60))m" }
        let hours = n / hour
        return "\(hours / 24)d \(hours % 24)h"
    }

    /// How long until `elapsedText` of a stopwatch now at `elapsed` reads otherwise: the next
    /// whole second under an hour, minute under a day, hour beyond.
    static func untilElapsedChange(_ elapsed: Duration) -> Duration {
        let n = max(0, elapsed.nanoseconds)
        let unit = n < 3600 * second ? second : n < 1440 * minute ? minute : hour
        return .nanoseconds(unit - n % unit)
    }

    private static func ceil(_ n: Int64, _ unit: Int64) -> Int64 { (n - 1) / unit + 1 }
    private static func two(_ value: Int64) -> String { zeroPadded(Int(value), width: 2) }
}
