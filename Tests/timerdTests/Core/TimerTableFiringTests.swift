import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// What fires when, on the boot clock and the wall clock, and the next wake-up.
@Suite struct TimerTableFiringTests {
    @Test func timersDueTogetherFireInOneNotification() throws {
        var table = TimerTable()
        for name in ["pasta", "eggs", "rice"] { try table.startCountdown(name, .minutes(5), at: t0) }
        try table.startCountdown("later", .minutes(6), at: t0)
        let due = t0.advanced(by: .minutes(5))

        let effects = table.fireDue(at: due)
        let infos = try ["pasta", "eggs", "rice"].map { name throws(TableError) in try table.get(name, at: due) }
        #expect(
            effects == infos.map { .event(.fired, $0) } + [.notify(infos.map { Firing(info: $0, startedAt: t0.wall) })])
        #expect(try table.get("later", at: due).state == .running)
    }

    @Test func timersThatCameDueApartFireInTheOrderTheyWereDue() throws {
        var table = TimerTable()
        try table.startCountdown("a", .minutes(3), at: t0)
        try table.startCountdown("b", .minutes(1), at: t0)
        try table.startCountdown("c", .minutes(2), at: t0)
        try table.startDeadline("d", at: t0.wall + .seconds(90), at: t0)
        let now = t0.advanced(by: .minutes(10))

        let effects = table.fireDue(at: now)
        #expect(names(effects) == ["b", "d", "c", "a"])
        #expect(effects.compactMap(\.event) == Array(repeating: .fired, count: 4))
        let firings = try #require(effects.last?.firings)
        #expect(firings.map(\.info.endsAt) == [1, 1.5, 2, 3].map { t0.wall + .seconds(60 * $0) })
        #expect(firings.allSatisfy { $0.info.firedAt == now.wall && $0.info.remaining == .zero })
    }

    @Test func nextWakeGivesTheEarliestRunningDueOnEachClock() throws {
        var table = TimerTable()
        #expect(table.nextWake() == (nil, nil))
        try table.startCountdown("a", .minutes(5), at: t0)
        try table.startCountdown("b", .minutes(3), at: t0)
        try table.startDeadline("d", at: t0.wall + .minutes(10), at: t0)
        try table.startDeadline("e", at: t0.wall + .minutes(7), at: t0)
        #expect(table.nextWake() == (t0.boot + .minutes(3), t0.wall + .minutes(7)))

        _ = try table.pause(name: "b", at: t0)
        _ = try table.cancel(name: "e", at: t0)
        #expect(table.queuedEntryCount == 4)
        #expect(table.nextWake() == (t0.boot + .minutes(5), t0.wall + .minutes(10)))
        #expect(table.queuedEntryCount == 2)

        _ = try table.cancel(name: "a", at: t0)
        _ = try table.cancel(name: "d", at: t0)
        #expect(table.nextWake() == (nil, nil))
        #expect(table.fireDue(at: t0.advanced(by: .days(1))).isEmpty)
    }

    @Test func aWallClockJumpNeitherFiresNorDelaysACountdown() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        let jumped = t0.wallJumped(by: .hours(1))
        #expect(table.fireDue(at: jumped).isEmpty)
        #expect(try table.get("pasta", at: jumped).remaining == .minutes(10))
        #expect(try table.get("pasta", at: jumped).endsAt == jumped.wall + .minutes(10))
        #expect(table.nextWake().boot == t0.boot + .minutes(10))

        let back = t0.wallJumped(by: .hours(-1)).advanced(by: .minutes(10))
        let effects = table.fireDue(at: back)
        #expect(names(effects) == ["pasta"])
        #expect(try table.get("pasta", at: back).endsAt == back.wall)
    }

    @Test func aDeadlineFiresWhenTheWallClockReachesIt() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        try table.startCountdown("pasta", .minutes(10), at: t0)

        // The clock is set back an hour, then an hour passes: the deadline is still ahead.
        let setBack = t0.wallJumped(by: .hours(-1)).advanced(by: .hours(1))
        #expect(names(table.fireDue(at: setBack)) == ["pasta"])
        #expect(try table.get("report", at: setBack).remaining == .hours(1))

        // The clock is set forward: it fires although the boot clock barely moved.
        let setForward = setBack.bootAdvanced(by: .seconds(1)).wallJumped(by: .hours(1))
        let effects = table.fireDue(at: setForward)
        #expect(names(effects) == ["report"])
        let report = try table.get("report", at: setForward)
        #expect(report.endsAt == t0.wall + .hours(1))
        #expect(report.firedAt == setForward.wall)
    }

    @Test func afterSuspendEverythingThatCameDueFiresWithItsDueTime() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        try table.startDeadline("report", at: t0.wall + .minutes(30), at: t0)
        try table.startCountdown("stew", .hours(2), at: t0)
        let woke = t0.advanced(by: .hours(1))

        let effects = table.fireDue(at: woke)
        #expect(names(effects) == ["pasta", "report"])
        #expect(effects.compactMap(\.firings).count == 1)
        let pasta = try table.get("pasta", at: woke)
        #expect(pasta.endsAt == t0.wall + .minutes(10))
        #expect(pasta.firedAt == woke.wall)
        let report = try table.get("report", at: woke)
        #expect(report.endsAt == t0.wall + .minutes(30))
        #expect(report.firedAt == woke.wall)
        #expect(try table.get("stew", at: woke).remaining == .hours(1))
        #expect(table.nextWake() == (t0.boot + .hours(2), nil))
    }
}
