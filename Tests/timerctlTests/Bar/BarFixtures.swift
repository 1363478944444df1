import Protocol

@testable import timerctl

/// Timers as the daemon would report them at `now`, for the bar's tests.
enum BarFixtures {
    static let now = RFC3339.parse("2026-11-30T12:00:00Z")!
    static let calendar = LocalCalendar(zone: FixedOffsetZone.utc)

    static func running(_ name: String, left: Duration, of total: Duration = .seconds(3600), message: String? = nil)
        -> TimerInfo
    {
        TimerInfo(
            name: name, kind: .countdown, state: .running, duration: total, remaining: left, endsAt: now + left,
            createdAt: now - (total - left), message: message)
    }

    static func paused(_ name: String, left: Duration, of total: Duration = .seconds(3600)) -> TimerInfo {
        TimerInfo(
            name: name, kind: .countdown, state: .paused, duration: total, remaining: left, endsAt: nil,
            createdAt: now - (total - left))
    }

    static func done(_ name: String, ago: Duration, ringing: Bool = false) -> TimerInfo {
        TimerInfo(
            name: name, kind: .countdown, state: .done, duration: .seconds(300), remaining: .zero, endsAt: now - ago,
            createdAt: now - ago - .seconds(300), firedAt: now - ago, ringing: ringing)
    }

    static func glance(_ timers: [TimerInfo], pinned: [String] = [], at now: Timestamp = now) -> BarGlance {
        BarGlance(timers: timers, pinned: pinned, now: now)
    }
}
