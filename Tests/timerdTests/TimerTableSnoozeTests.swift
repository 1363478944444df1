import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

@Suite struct TimerTableSnoozeTests {
    @Test func aFinishedCountdownRunsAgainForExactlyTheSnooze() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let fired = t0.advanced(by: .minutes(8))
        _ = table.fireDue(at: fired)
        let now = fired.advanced(by: .seconds(20))

        let outcome = try table.snooze(name: "pasta", by: .minutes(5), at: now)
        let expected = TimerInfo(
            name: "pasta", kind: .countdown, state: .running, duration: .minutes(5), remaining: .minutes(5),
            endsAt: now.wall + .minutes(5), createdAt: t0.wall)
        #expect(outcome.timer == expected)
        #expect(outcome.effects == [.event(.snoozed, expected)])
        #expect(table.nextWake().boot == now.boot + .minutes(5))

        #expect(table.fireDue(at: now.advanced(by: .minutes(5) - .nanoseconds(1))).isEmpty)
        let again = table.fireDue(at: now.advanced(by: .minutes(5)))
        #expect(names(again) == ["pasta"])
        #expect(again.compactMap(\.firings).first?.first?.startedAt == now.wall, "the run began with the snooze")

        // The length asked for at the start is what reset goes back to.
        let reset = try table.reset(name: "pasta", at: now.advanced(by: .minutes(6)))
        #expect(reset.timer.duration == .minutes(8))
    }

    @Test func aFinishedDeadlineMovesToNowPlusTheSnooze() throws {
        var table = TimerTable()
        let at = t0.wall + .hours(1)
        try table.startDeadline("report", at: at, at: t0)
        let now = t0.advanced(by: .hours(1) + .seconds(30))
        _ = table.fireDue(at: now)

        let outcome = try table.snooze(name: "report", by: .minutes(5), at: now)
        #expect(outcome.timer.kind == .deadline)
        #expect(outcome.timer.state == .running)
        #expect(outcome.timer.endsAt == now.wall + .minutes(5))
        #expect(outcome.timer.duration == .minutes(5))
        #expect(outcome.timer.remaining == .minutes(5))
        #expect(outcome.effects.compactMap(\.event) == [.snoozed])
        #expect(table.nextWake().wall == now.wall + .minutes(5))
        #expect(table.nextWake().boot == nil)
        #expect(names(table.fireDue(at: now.wallJumped(by: .minutes(5)))) == ["report"], "by the wall clock")
    }

    @Test func aRunningOrPausedTimerIsRefusedWithExtendSuggested() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        try table.startCountdown("eggs", .minutes(6), at: t0)
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        _ = try table.pause(name: "eggs", at: t0)
        let before = table.records
        for name in ["pasta", "eggs", "report"] {
            let error = table.refusal { try $0.snooze(name: name, by: .minutes(5), at: t0) }
            #expect(error?.kind == .wrongState, "\(name)")
            #expect(error?.name == name)
            #expect(error?.message.contains("method `extend` adds time") == true, "\(name)")
        }
        #expect(table.records == before)
    }

    @Test(arguments: [Duration.zero, .nanoseconds(-1), .minutes(-5), Limits.maxCountdown + .nanoseconds(1), .days(366)])
    func aSnoozeOfNothingOrOverAYearIsRefused(_ delay: Duration) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let now = t0.advanced(by: .minutes(8))
        _ = table.fireDue(at: now)
        let before = table.records
        #expect(table.refusal { try $0.snooze(name: "pasta", by: delay, at: now) }?.kind == .invalid)
        #expect(table.records == before)
        #expect(try table.get("pasta", at: now).state == .done)
    }

    @Test func aSnoozeOfAYearIsAccepted() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let now = t0.advanced(by: .minutes(8))
        _ = table.fireDue(at: now)
        let outcome = try table.snooze(name: "pasta", by: Limits.maxCountdown, at: now)
        #expect(outcome.timer.remaining == Limits.maxCountdown)
    }

    @Test func anUnknownNameIsNotFound() {
        var table = TimerTable()
        #expect(table.refusal { try $0.snooze(name: "nope", by: .minutes(5), at: t0) } == .notFound(name: "nope"))
    }
}
