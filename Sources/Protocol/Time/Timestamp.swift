// Double.rounded() compiles to calls to libm's floor and ceil on baseline x86-64;
// importing Glibc is what links libm into every binary that uses this module.
import Glibc

/// A wall-clock instant: nanoseconds since 1970-01-01T00:00:00Z (Unix time, leap seconds ignored).
///
/// Deadlines are `Timestamp`s; countdowns are measured on the boot clock and only
/// converted to a `Timestamp` for display (`endsAt`).
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the Unix epoch.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }
    public init(seconds: Int64) { self.nanoseconds = seconds * 1_000_000_000 }

    /// Whole seconds since the epoch, rounded toward negative infinity.
    public var seconds: Int64 {
        // Not by negating: -Int64.min overflows.
        floorDivide(nanoseconds, 1_000_000_000)
    }

    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (t: Timestamp, d: Duration) -> Timestamp { Timestamp(nanoseconds: t.nanoseconds + d.nanoseconds) }
    public static func - (t: Timestamp, d: Duration) -> Timestamp { Timestamp(nanoseconds: t.nanoseconds - d.nanoseconds) }
    public static func - (a: Timestamp, b: Timestamp) -> Duration { .nanoseconds(a.nanoseconds - b.nanoseconds) }

    public var description: String { RFC3339.format(self) }
}

extension Duration {
    /// The duration in whole nanoseconds (sub-nanosecond parts are dropped).
    public var nanoseconds: Int64 {
        let (s, atto) = components
        return s * 1_000_000_000 + atto / 1_000_000_000
    }

    /// The duration in seconds as a floating-point number, as the wire carries it.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// A duration from (possibly fractional) seconds, rounded to the nearest nanosecond.
    /// Returns nil for NaN, infinities and values beyond ±292 years.
    public init?(secondsValue: Double) {
        guard secondsValue.isFinite, abs(secondsValue) < 9.2e9 else { return nil }
        self = .nanoseconds(Int64((secondsValue * 1e9).rounded()))
    }
}
