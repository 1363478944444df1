import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

@Suite struct TimerTableRemindersTests {
    // MARK: Helpers

    /// A table holding the countdown `pasta` of `length`, started at `t0` with `reminders`.
    static func countdown(_ length: Duration, reminders: [Duration], name: String = "pasta") throws -> TimerTable {
        var table = TimerTable()
        try table.startCountdown(name, length, reminders: reminders, at: t0)
        return table
    }

    /// What a batch of effects told: "remind pasta 10m" for a reminder, "fired pasta" for a firing.
    static func told(_ effects: [Effect]) -> [String] {
        effects.compactMap { effect in
            if let reminding = effect.reminding {
                return "remind \(reminding.info.name) \(TimeFormat.compact(reminding.before))"
            }
            if case .event(.fired, let info) = effect { return "fired \(info.name)" }
            return nil
        }
    }

    /// Follows the table's wake-ups from `now` (both clocks moving together) while they are no
    /// later than `limit` after `t0`, firing at each; returns what each told, as "20m remind
    /// pasta 10m", the time counted from `t0`.
    static func follow(_ table: inout TimerTable, from now: Moment, upTo limit: Duration) -> [String] {
        var now = now
        var log: [String] = []
        while true {
            let wake = table.nextWake()
            let ahead = [wake.boot.map { $0 - now.boot }, wake.wall.map { $0 - now.wall }].compactMap { $0 }.min()
            guard let ahead, now.boot - t0.boot + ahead <= limit else { return log }
            now = now.advanced(by: max(.zero, ahead))
            let at = TimeFormat.compact(now.boot - t0.boot)
            log += told(table.fireDue(at: now)).map { "\(at) \($0)" }
        }
    }

    // MARK: When they come

    @Test func aCountdownsReminderComesAtItsEndLessTheOffsetNotANanosecondBefore() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(10)])
        let due = t0.advanced(by: .minutes(20))
        #expect(table.nextWake().boot == due.boot)

        #expect(table.fireDue(at: due.advanced(by: .nanoseconds(-1))).isEmpty)
        let effects = table.fireDue(at: due)
        #expect(Self.told(effects) == ["remind pasta 10m"])
        let reminding = try #require(effects.first?.reminding)
        #expect(reminding.info.state == .running)
        #expect(reminding.info.remaining == .minutes(10))
        #expect(reminding.info.endsAt == t0.wall + .minutes(30))
        #expect(effects.compactMap(\.event).isEmpty, "a reminder changes nothing subscribers need to hear")

        #expect(table.fireDue(at: due).isEmpty, "told once")
        #expect(table.nextWake().boot == t0.boot + .minutes(30))
    }

    @Test func aCountdownsReminderGoesByTheBootClock() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(10)])
        #expect(table.fireDue(at: t0.wallJumped(by: .hours(1))).isEmpty, "setting the clock does not bring it")
        #expect(Self.told(table.fireDue(at: t0.bootAdvanced(by: .minutes(20)))) == ["remind pasta 10m"])
    }

    @Test func aDeadlinesReminderComesByTheWallClock() throws {
        var table = TimerTable()
        let at = t0.wall + .hours(2)
        try table.startDeadline("report", at: at, reminders: [.hours(1), .minutes(10)], at: t0)
        #expect(table.nextWake().wall == at - .hours(1))
        #expect(table.nextWake().boot == nil)

        #expect(table.fireDue(at: t0.bootAdvanced(by: .hours(1))).isEmpty, "the boot clock does not bring it")
        #expect(table.fireDue(at: t0.wallJumped(by: .hours(1) - .nanoseconds(1))).isEmpty)
        #expect(Self.told(table.fireDue(at: t0.wallJumped(by: .hours(1)))) == ["remind report 1h"])
        #expect(table.nextWake().wall == at - .minutes(10))
        #expect(table.fireDue(at: t0.wallJumped(by: .minutes(110) - .nanoseconds(1))).isEmpty)
        #expect(Self.told(table.fireDue(at: t0.wallJumped(by: .minutes(110)))) == ["remind report 10m"])
        #expect(table.nextWake().wall == at)
    }

    @Test func everyReminderComesInTurnThenTheEnd() throws {
        var table = try Self.countdown(.hours(2), reminders: [.minutes(10), .hours(1), .minutes(1)])
        #expect(
            Self.follow(&table, from: t0, upTo: .hours(3)) == [
                "1h remind pasta 1h", "1h50m remind pasta 10m", "1h59m remind pasta 1m", "2h fired pasta",
            ])
    }

    @Test func onlyRemindersStillAheadAtTheStartAreArmed() throws {
        // An hour before the end of a 30-minute timer has passed already; so has its start.
        var table = try Self.countdown(.minutes(30), reminders: [.hours(1), .minutes(30), .minutes(10)])
        #expect(try table.get("pasta", at: t0).reminders == [.hours(1), .minutes(30), .minutes(10)])
        #expect(table.queuedEntryCount == 2, "the end and the 10-minute reminder")
        #expect(table.fireDue(at: t0).isEmpty)
        #expect(Self.follow(&table, from: t0, upTo: .hours(1)) == ["20m remind pasta 10m", "30m fired pasta"])
    }

    // MARK: Changes move them

    @Test func noneComeWhilePausedAndAfterResumeTheyFollowTheNewEnd() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(20), .minutes(10)])
        #expect(Self.follow(&table, from: t0, upTo: .minutes(15)) == ["10m remind pasta 20m"])

        let paused = t0.advanced(by: .minutes(15))
        _ = try table.pause(name: "pasta", at: paused)
        #expect(table.nextWake() == (nil, nil))
        #expect(table.fireDue(at: paused.advanced(by: .hours(2))).isEmpty)

        // 15 minutes left from 2h15m: the 20-minute reminder is behind, the 10-minute one at 2h20m.
        _ = try table.resume(name: "pasta", at: paused.advanced(by: .hours(2)))
        #expect(
            Self.follow(&table, from: paused.advanced(by: .hours(2)), upTo: .hours(3)) == [
                "2h20m remind pasta 10m", "2h30m fired pasta",
            ])
    }

    @Test func extendingMovesThem() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(10)])
        let five = t0.advanced(by: .minutes(5))
        _ = try table.extend(name: "pasta", by: .minutes(10), at: five)
        #expect(Self.follow(&table, from: five, upTo: .hours(1)) == ["30m remind pasta 10m", "40m fired pasta"])

        var shortened = try Self.countdown(.minutes(30), reminders: [.minutes(10)])
        let two = t0.advanced(by: .minutes(2))
        _ = try shortened.extend(name: "pasta", by: .minutes(-15), at: two)
        #expect(Self.follow(&shortened, from: two, upTo: .hours(1)) == ["5m remind pasta 10m", "15m fired pasta"])
    }

    @Test func extendingADeadlineMovesItsReminders() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), reminders: [.minutes(10)], at: t0)
        _ = try table.extend(name: "report", by: .hours(1), at: t0)
        #expect(table.nextWake().wall == t0.wall + .minutes(110))
        #expect(table.fireDue(at: t0.advanced(by: .minutes(50))).isEmpty)
        #expect(Self.follow(&table, from: t0, upTo: .hours(3)) == ["1h50m remind report 10m", "2h fired report"])
    }

    @Test func cancellingTakesThemAway() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(20), .minutes(10)])
        _ = try table.cancel(name: "pasta", at: t0.advanced(by: .minutes(1)))
        #expect(table.nextWake() == (nil, nil))
        #expect(table.fireDue(at: t0.advanced(by: .hours(1))).isEmpty)
    }

    @Test func resettingArmsThemAgainForTheNewRun() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(10)])
        #expect(Self.follow(&table, from: t0, upTo: .minutes(25)) == ["20m remind pasta 10m"])
        let reset = t0.advanced(by: .minutes(25))
        _ = try table.reset(name: "pasta", at: reset)
        #expect(Self.follow(&table, from: reset, upTo: .hours(2)) == ["45m remind pasta 10m", "55m fired pasta"])
    }

    @Test func snoozingArmsThoseStillAheadOfTheNewEnd() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(10)])
        #expect(Self.follow(&table, from: t0, upTo: .minutes(30)) == ["20m remind pasta 10m", "30m fired pasta"])

        let first = t0.advanced(by: .minutes(30))
        _ = try table.snooze(name: "pasta", by: .minutes(15), at: first)
        #expect(Self.follow(&table, from: first, upTo: .minutes(45)) == ["35m remind pasta 10m", "45m fired pasta"])

        // Snoozed for less than the reminder: it is behind already.
        let second = t0.advanced(by: .minutes(45))
        _ = try table.snooze(name: "pasta", by: .minutes(5), at: second)
        #expect(Self.follow(&table, from: second, upTo: .hours(1)) == ["50m fired pasta"])
    }

    // MARK: Suspend and restart

    @Test func afterASuspendPastTwoRemindersOnlyTheNearestIsTold() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(20), .minutes(10)])
        try table.startDeadline("report", at: t0.wall + .minutes(30), reminders: [.minutes(20), .minutes(10)], at: t0)
        let effects = table.fireDue(at: t0.advanced(by: .minutes(25)))
        #expect(Self.told(effects) == ["remind pasta 10m", "remind report 10m"])
        #expect(effects.compactMap(\.reminding).map(\.info.remaining) == [.minutes(5), .minutes(5)])
        #expect(table.fireDue(at: t0.advanced(by: .minutes(25))).isEmpty)
        #expect(Self.follow(&table, from: t0.advanced(by: .minutes(25)), upTo: .hours(1)).count == 2)
    }

    @Test func afterASuspendPastTheEndNoReminderIsTold() throws {
        var table = try Self.countdown(.minutes(30), reminders: [.minutes(20), .minutes(10)])
        try table.startDeadline("report", at: t0.wall + .minutes(30), reminders: [.minutes(10)], at: t0)
        let effects = table.fireDue(at: t0.advanced(by: .minutes(31)))
        #expect(Self.told(effects) == ["fired pasta", "fired report"])
        #expect(table.nextWake() == (nil, nil))
    }

    @Test func aRestoredTableDoesNotTellRemindersAgain() throws {
        var before = try Self.countdown(.minutes(30), reminders: [.minutes(20), .minutes(10)])
        #expect(Self.follow(&before, from: t0, upTo: .minutes(15)) == ["10m remind pasta 20m"])

        // Restarted at 15m: the 20-minute reminder was told, the 10-minute one is ahead.
        let restart = t0.advanced(by: .minutes(15))
        var restored = TimerTable(restoring: Array(before.records.values), at: restart)
        #expect(restored.fireDue(at: restart).isEmpty)
        #expect(Self.follow(&restored, from: restart, upTo: .hours(1)) == ["20m remind pasta 10m", "30m fired pasta"])

        // Restarted at 25m, after both: neither is told, now or later.
        let late = t0.advanced(by: .minutes(25))
        var restoredLate = TimerTable(restoring: Array(before.records.values), at: late)
        #expect(restoredLate.fireDue(at: late).isEmpty)
        #expect(restoredLate.queuedEntryCount == 1)
        #expect(Self.follow(&restoredLate, from: late, upTo: .hours(1)) == ["30m fired pasta"])
    }

    @Test func aRestoredDeadlineKeepsOnlyItsRemindersAhead() throws {
        var before = TimerTable()
        try before.startDeadline("report", at: t0.wall + .hours(2), reminders: [.hours(1), .minutes(10)], at: t0)
        let restart = t0.advanced(by: .minutes(90))
        var restored = TimerTable(restoring: Array(before.records.values), at: restart)
        #expect(restored.fireDue(at: restart).isEmpty)
        #expect(restored.nextWake().wall == t0.wall + .minutes(110))
    }

    // MARK: What is kept

    @Test func duplicatesAndNonPositiveOffsetsAreDroppedAndTheRestSortedLongestFirst() throws {
        let given: [Duration] = [
            .minutes(10), .zero, .minutes(-5), .hours(1), .minutes(10), .minutes(20), .nanoseconds(1),
        ]
        let table = try Self.countdown(.hours(2), reminders: given)
        #expect(try table.get("pasta", at: t0).reminders == [.hours(1), .minutes(20), .minutes(10), .nanoseconds(1)])
    }

    @Test func noRemindersArmNothingButTheEnd() throws {
        let table = try Self.countdown(.minutes(30), reminders: [.zero, .seconds(-1)])
        #expect(try table.get("pasta", at: t0).reminders.isEmpty)
        #expect(table.queuedEntryCount == 1)
    }

    @Test func theQueuesStayBoundedThroughManyPausesAndResumes() throws {
        let offsets = (1...10).map { Duration.minutes(Int64($0)) }
        var table = try Self.countdown(.hours(1), reminders: offsets)
        try table.startDeadline("report", at: t0.wall + .days(1), reminders: offsets, at: t0)
        let live = 2 * (1 + offsets.count)
        var now = t0
        var most = 0
        for _ in 0..<5_000 {
            now = now.advanced(by: .milliseconds(100))
            _ = try table.pause(name: "pasta", at: now)
            most = max(most, table.queuedEntryCount)
            now = now.advanced(by: .milliseconds(100))
            _ = try table.resume(name: "pasta", at: now)
            _ = try table.extend(name: "report", by: .nanoseconds(1), at: now)
            most = max(most, table.queuedEntryCount)
            #expect(table.fireDue(at: now).isEmpty)
        }
        #expect(most <= 2 * live + 64)
        // 8m20s spent paused: the end moved to 1h8m20s, and the reminders with it.
        let log = Self.follow(&table, from: now, upTo: .hours(2))
        #expect(log.first == "58m20s remind pasta 10m")
        #expect(log.count == 11)
        #expect(log.last == "1h8m20s fired pasta")
    }
}
