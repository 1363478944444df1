import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Extending and shortening countdowns, and moving deadlines.
@Suite struct TimerTableExtendTests {
    @Test func extendingARunningCountdownAddsToRemainingAndDuration() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        let now = t0.advanced(by: .minutes(3))
        #expect(abs(try table.get("pasta", at: now).progress - 0.3) < 1e-12)

        let longer = try table.extend(name: "pasta", by: .minutes(2), at: now)
        #expect(longer.timer.state == .running)
        #expect(longer.timer.remaining == .minutes(9))
        #expect(longer.timer.duration == .minutes(12))
        #expect(longer.timer.endsAt == now.wall + .minutes(9))
        #expect(abs(longer.timer.progress - 0.25) < 1e-12)
        #expect(longer.effects == [.event(.extended, longer.timer)])

        let shorter = try table.extend(name: "pasta", by: .minutes(-7), at: now)
        #expect(shorter.timer.remaining == .minutes(2))
        #expect(shorter.timer.duration == .minutes(5))

        let due = now.advanced(by: .minutes(2))
        #expect(table.nextWake().boot == due.boot)
        #expect(table.fireDue(at: due.advanced(by: .nanoseconds(-1))).isEmpty)
        #expect(names(table.fireDue(at: due)) == ["pasta"])
    }

    @Test(arguments: [Duration.minutes(-2), .minutes(-3), .days(-1)])
    func takingOffAllTheTimeLeftIsRefused(_ delta: Duration) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        try table.startCountdown("tea", .minutes(5), at: t0)
        let now = t0.advanced(by: .minutes(8))
        _ = try table.pause(name: "tea", at: t0.advanced(by: .minutes(3)))
        let before = table.records
        for name in ["pasta", "tea"] {
            let error = table.refusal { try $0.extend(name: name, by: delta, at: now) }
            #expect(error?.kind == .invalid, "\(name)")
            #expect(error?.message.contains("no time at all") == true, "\(name)")
        }
        #expect(table.records == before)
    }

    @Test func extendingAPausedCountdownKeepsItPaused() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        let now = t0.advanced(by: .minutes(3))
        _ = try table.pause(name: "pasta", at: now)
        let outcome = try table.extend(name: "pasta", by: .minutes(2), at: now.advanced(by: .hours(1)))
        #expect(outcome.timer.state == .paused)
        #expect(outcome.timer.remaining == .minutes(9))
        #expect(outcome.timer.duration == .minutes(12))
        #expect(outcome.timer.endsAt == nil)
        #expect(table.nextWake() == (nil, nil))
        let resumedAt = now.advanced(by: .hours(2))
        #expect(try table.resume(name: "pasta", at: resumedAt).timer.endsAt == resumedAt.wall + .minutes(9))
    }

    @Test func extendingADoneCountdownRunsItAgainForThatLong() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        _ = table.fireDue(at: t0.advanced(by: .minutes(8)))
        let now = t0.advanced(by: .minutes(20))

        let outcome = try table.extend(name: "pasta", by: .minutes(2), at: now)
        let expected = TimerInfo(
            name: "pasta", kind: .countdown, state: .running, duration: .minutes(2), remaining: .minutes(2),
            endsAt: now.wall + .minutes(2), createdAt: t0.wall, firedAt: nil)
        #expect(outcome.timer == expected)
        #expect(outcome.effects == [.event(.extended, expected)])

        let due = now.advanced(by: .minutes(2))
        #expect(table.fireDue(at: due.advanced(by: .nanoseconds(-1))).isEmpty)
        let effects = table.fireDue(at: due)
        #expect(effects.compactMap(\.firings).first?.first?.startedAt == now.wall)
        // Reset still goes back to the length the user first asked for.
        #expect(try table.reset(name: "pasta", at: due).timer.duration == .minutes(8))
    }

    @Test func aDoneCountdownCannotBeShortened() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let now = t0.advanced(by: .minutes(9))
        _ = table.fireDue(at: now)
        let error = table.refusal { try $0.extend(name: "pasta", by: .minutes(-2), at: now) }
        #expect(error?.kind == .wrongState)
        #expect(error?.name == "pasta")
        #expect(error?.message.contains("only a positive amount (+2m)") == true)
        #expect(try table.get("pasta", at: now).state == .done)
    }

    @Test(arguments: [
        Duration.zero, Limits.maxCountdown + .nanoseconds(1), .zero - Limits.maxCountdown - .nanoseconds(1),
    ])
    func extendAmountsOutsideTheRangeAreInvalid(_ delta: Duration) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        try table.startDeadline("report", at: t0.wall + .days(400), at: t0)
        for name in ["pasta", "report"] {
            #expect(table.refusal { try $0.extend(name: name, by: delta, at: t0) }?.kind == .invalid, "\(name)")
        }
    }

    @Test func aCountdownCannotBeExtendedPast365Days() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let error = table.refusal { try $0.extend(name: "pasta", by: Limits.maxCountdown, at: t0) }
        #expect(error?.kind == .invalid)
        #expect(try table.get("pasta", at: t0).remaining == .minutes(8))
    }

    @Test func extendingADeadlineMovesItsInstant() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        let now = t0.advanced(by: .minutes(10))

        let later = try table.extend(name: "report", by: .minutes(30), at: now)
        #expect(later.timer.endsAt == t0.wall + .minutes(90))
        #expect(later.timer.remaining == .minutes(80))
        #expect(later.timer.duration == .minutes(90))
        #expect(later.effects == [.event(.extended, later.timer)])
        #expect(table.nextWake().wall == t0.wall + .minutes(90))

        let earlier = try table.extend(name: "report", by: .minutes(-20), at: now)
        #expect(earlier.timer.endsAt == t0.wall + .minutes(70))

        #expect(table.fireDue(at: t0.advanced(by: .hours(1))).isEmpty)
        #expect(table.fireDue(at: t0.advanced(by: .minutes(70) - .nanoseconds(1))).isEmpty)
        #expect(names(table.fireDue(at: t0.advanced(by: .minutes(70)))) == ["report"])
    }

    @Test(arguments: [Duration.minutes(-60), .minutes(-61), .hours(-5)])
    func aDeadlineCannotBeMovedToNowOrThePast(_ delta: Duration) throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .minutes(70), at: t0)
        let now = t0.advanced(by: .minutes(10))
        let error = table.refusal { try $0.extend(name: "report", by: delta, at: now) }
        #expect(error?.kind == .invalid)
        #expect(error?.message.contains("would put it in the past") == true)
        #expect(try table.get("report", at: now).endsAt == t0.wall + .minutes(70))
    }

    @Test func aDeadlineCannotBeMovedMoreThanTenYearsAhead() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + Limits.maxDeadlineAhead, at: t0)
        #expect(table.refusal { try $0.extend(name: "report", by: .nanoseconds(1), at: t0) }?.kind == .invalid)
        #expect(try table.extend(name: "report", by: .nanoseconds(-1), at: t0).timer.state == .running)
    }

    @Test func aDoneDeadlineMovedIntoTheFutureRunsAgain() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        let now = t0.advanced(by: .hours(2))
        #expect(names(table.fireDue(at: now)) == ["report"])

        let stillPast = table.refusal { try $0.extend(name: "report", by: .minutes(30), at: now) }
        #expect(stillPast?.kind == .invalid)
        #expect(try table.get("report", at: now).state == .done)

        let outcome = try table.extend(name: "report", by: .hours(2), at: now)
        #expect(outcome.timer.state == .running)
        #expect(outcome.timer.endsAt == t0.wall + .hours(3))
        #expect(outcome.timer.remaining == .hours(1))
        #expect(outcome.timer.duration == .hours(1))
        #expect(outcome.timer.firedAt == nil)
        #expect(table.fireDue(at: t0.advanced(by: .hours(3) - .nanoseconds(1))).isEmpty)
        #expect(names(table.fireDue(at: t0.advanced(by: .hours(3)))) == ["report"])
    }
}
