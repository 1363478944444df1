import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Timers due within `TimerTable.groupingWindow` (5 ms) of the first of them fire together, at
/// the last one's instant: never early, and a timer with nothing near it is not delayed.
@Suite struct TimerTableGroupingTests {
    static let minute = Duration.seconds(60)

    @Test func threeTimersDueWithin5msWakeOnceAtTheLastAndShareOneNotification() throws {
        var table = TimerTable()
        // Started latest-due first: the notification lists them by when they were due.
        try table.startCountdown("rice", Self.minute + .milliseconds(5), at: t0)
        try table.startCountdown("eggs", Self.minute + .microseconds(2_500), at: t0)
        try table.startCountdown("pasta", Self.minute, at: t0)
        let last = t0.advanced(by: Self.minute + .milliseconds(5))
        #expect(table.nextWake().boot == last.boot)
        #expect(table.nextWake().wall == nil)

        let effects = table.fireDue(at: last)
        let notifications = effects.compactMap(\.firings)
        #expect(notifications.count == 1)
        #expect(notifications.first?.map(\.info.name) == ["pasta", "eggs", "rice"])
        #expect(effects.compactMap(\.event) == [.fired, .fired, .fired])
        #expect(
            notifications.first?.map(\.info.endsAt) == [
                t0.wall + Self.minute, t0.wall + Self.minute + .microseconds(2_500), last.wall,
            ], "each keeps the instant it was due")
        #expect(table.nextWake() == (nil, nil))
    }

    @Test func aTimer6msLaterIsNotGroupedAndTheFirstIsNotDelayed() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", Self.minute, at: t0)
        try table.startCountdown("eggs", Self.minute + .milliseconds(6), at: t0)
        let first = t0.advanced(by: Self.minute)
        #expect(table.nextWake().boot == first.boot)
        #expect(names(table.fireDue(at: first)) == ["pasta"])

        let second = first.advanced(by: .milliseconds(6))
        #expect(table.nextWake().boot == second.boot)
        #expect(names(table.fireDue(at: second)) == ["eggs"])
    }

    @Test func aGroupDoesNotChainBeyondTheWindowOfItsFirst() throws {
        var table = TimerTable()
        for (name, ms) in [("a", 0), ("b", 4), ("c", 8)] {
            try table.startCountdown(name, Self.minute + .milliseconds(ms), at: t0)
        }
        // b is within 5 ms of a, c is not (it is within 5 ms of b).
        #expect(table.nextWake().boot == t0.boot + Self.minute + .milliseconds(4))
        #expect(names(table.fireDue(at: t0.advanced(by: Self.minute + .milliseconds(4)))) == ["a", "b"])
        #expect(table.nextWake().boot == t0.boot + Self.minute + .milliseconds(8))
    }

    @Test(arguments: [Duration.nanoseconds(1), .nanoseconds(123_456_789), .minutes(8), .days(3)])
    func aLoneTimerWakesExactlyAtItsDue(_ length: Duration) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", length, at: t0)
        #expect(table.nextWake().boot == t0.boot + length)
        #expect(table.fireDue(at: t0.advanced(by: length - .nanoseconds(1))).isEmpty)
        #expect(names(table.fireDue(at: t0.advanced(by: length))) == ["pasta"])
    }

    @Test func deadlinesGroupOnTheWallClock() throws {
        var table = TimerTable()
        let at = t0.wall + .hours(1)
        try table.startDeadline("call", at: at + .milliseconds(3), at: t0)
        try table.startDeadline("report", at: at, at: t0)
        try table.startDeadline("review", at: at, at: t0)
        try table.startDeadline("lunch", at: at + .milliseconds(9), at: t0)
        try table.startCountdown("pasta", .hours(1), at: t0)  // due the same instant, but on the other clock
        #expect(table.nextWake().wall == at + .milliseconds(3))
        #expect(table.nextWake().boot == t0.boot + .hours(1))

        let effects = table.fireDue(at: t0.wallJumped(by: .hours(1) + .milliseconds(3)))
        #expect(effects.compactMap(\.firings).count == 1)
        #expect(names(effects) == ["report", "review", "call"])
        #expect(table.nextWake().wall == at + .milliseconds(9))
    }

    @Test func aStaleEntryInTheWindowDoesNotMoveTheWake() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", Self.minute, at: t0)
        try table.startCountdown("eggs", Self.minute + .milliseconds(4), at: t0)
        try table.startCountdown("rice", Self.minute + .milliseconds(3), at: t0)
        try table.startCountdown("tea", Self.minute + .milliseconds(2), at: t0)
        _ = try table.cancel(name: "eggs", at: t0)
        _ = try table.pause(name: "rice", at: t0)
        _ = try table.extend(name: "tea", by: .minutes(5), at: t0)
        #expect(table.nextWake().boot == t0.boot + Self.minute)
        #expect(names(table.fireDue(at: t0.advanced(by: Self.minute))) == ["pasta"])
    }

    @Test func aReminderInTheWindowDoesNotStretchIt() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", Self.minute, at: t0)
        // Its 10-minute reminder is due 3 ms after pasta ends.
        let stew = Self.minute + .minutes(10) + .milliseconds(3)
        try table.startCountdown("stew", stew, reminders: [.minutes(10)], at: t0)
        #expect(table.nextWake().boot == t0.boot + Self.minute)
        let effects = table.fireDue(at: t0.advanced(by: Self.minute))
        #expect(names(effects) == ["pasta"])
        #expect(effects.compactMap(\.reminding).isEmpty)
        #expect(table.nextWake().boot == t0.boot + Self.minute + .milliseconds(3))
    }

    @Test func aReminderDueFirstIsNotDelayedByEndsAfterIt() throws {
        var table = TimerTable()
        try table.startCountdown("stew", Self.minute + .minutes(10), reminders: [.minutes(10)], at: t0)
        try table.startCountdown("pasta", Self.minute + .milliseconds(3), at: t0)
        #expect(table.nextWake().boot == t0.boot + Self.minute)
        let effects = table.fireDue(at: t0.advanced(by: Self.minute))
        #expect(effects.compactMap(\.reminding).map(\.info.name) == ["stew"])
        #expect(names(effects).isEmpty)
        #expect(table.nextWake().boot == t0.boot + Self.minute + .milliseconds(3))
    }
}
