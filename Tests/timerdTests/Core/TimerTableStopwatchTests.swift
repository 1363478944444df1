import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Stopwatches in the table: counting up on the boot clock, laps, pause, reset, marks, and what
/// they refuse. Time moves as the tests say; a suspend moves both clocks, as the kernel's
/// `CLOCK_BOOTTIME` counts the time asleep.
@Suite struct TimerTableStopwatchTests {
    static func stopwatch(_ name: String = "bread", every: Duration? = nil) throws -> TimerTable {
        var table = TimerTable()
        _ = try table.startStopwatch(name: name, notifyEvery: every, at: t0)
        return table
    }

    // MARK: Counting

    @Test func itCountsUpFromZeroAndHasNoEnd() throws {
        var table = TimerTable()
        let started = try table.startStopwatch(name: "bread", at: t0).timer
        #expect(started.kind == .stopwatch && started.state == .running)
        #expect(started.elapsed == .zero && started.remaining == .zero && started.endsAt == nil)
        #expect(started.countsFrom == t0.wall)
        let later = try table.get("bread", at: t0.advanced(by: .seconds(90)))
        #expect(later.elapsed == .seconds(90))
        #expect(later.duration == .seconds(90), "its run so far")
        #expect(later.progress == 0)
        #expect(table.nextWake().boot == nil, "nothing to wake for without marks")
    }

    @Test func lapsKeepTheirSplitsAcrossAPauseAndASuspend() throws {
        var table = try Self.stopwatch()
        var now = t0.advanced(by: .seconds(60))
        _ = try table.lap(name: "bread", at: now)
        now = now.advanced(by: .seconds(30))
        _ = try table.pause(name: "bread", at: now)  // at 1:30
        now = now.advanced(by: .minutes(10))  // paused: does not count
        _ = try table.resume(name: "bread", at: now)
        now = now.advanced(by: .seconds(15))
        _ = try table.lap(name: "bread", at: now)  // at 1:45
        now = now.advanced(by: .hours(1))  // the laptop sleeps: it counts
        let lapped = try table.lap(name: "bread", at: now).timer
        #expect(lapped.laps == [
            Lap(elapsed: .seconds(60), split: .seconds(60)),
            Lap(elapsed: .seconds(105), split: .seconds(45)),
            Lap(elapsed: .seconds(3705), split: .seconds(3600)),
        ])
        #expect(lapped.elapsed == .seconds(3705))
        #expect(lapped.countsFrom == now.wall - .seconds(3705))
    }

    @Test func thePauseHoldsItsTimeAndResumeGoesOnFromIt() throws {
        var table = try Self.stopwatch()
        let paused = try table.pause(name: "bread", at: t0.advanced(by: .seconds(42))).timer
        #expect(paused.state == .paused && paused.elapsed == .seconds(42) && paused.countsFrom == nil)
        #expect(try table.get("bread", at: t0.advanced(by: .hours(3))).elapsed == .seconds(42))
        let resumed = try table.resume(name: "bread", at: t0.advanced(by: .hours(3))).timer
        #expect(resumed.state == .running && resumed.elapsed == .seconds(42))
        #expect(try table.get("bread", at: t0.advanced(by: .hours(3) + .seconds(8))).elapsed == .seconds(50))
        #expect(table.refusal { try $0.resume(name: "bread", at: t0) }?.reason == .running)
        _ = try table.pause(name: "bread", at: t0.advanced(by: .hours(4)))
        #expect(table.refusal { try $0.pause(name: "bread", at: t0) }?.reason == .paused)
    }

    @Test func resetGoesBackToZeroRunningOrPausedAsItWas() throws {
        var table = try Self.stopwatch()
        _ = try table.lap(name: "bread", at: t0.advanced(by: .seconds(5)))
        let running = try table.reset(name: "bread", at: t0.advanced(by: .seconds(20))).timer
        #expect(running.state == .running && running.elapsed == .zero && running.laps.isEmpty)
        #expect(try table.get("bread", at: t0.advanced(by: .seconds(21))).elapsed == .seconds(1))
        _ = try table.pause(name: "bread", at: t0.advanced(by: .seconds(30)))
        let paused = try table.reset(name: "bread", at: t0.advanced(by: .seconds(40))).timer
        #expect(paused.state == .paused && paused.elapsed == .zero)
        #expect(try table.get("bread", at: t0.advanced(by: .hours(1))).elapsed == .zero)
    }

    // MARK: Refusals

    @Test func extendSnoozeAndLapsOfOtherKindsAreRefusedSayingWhatToDo() throws {
        var table = try Self.stopwatch()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let extend = table.refusal { try $0.extend(name: "bread", by: .minutes(5), at: t0) }
        #expect(extend?.reason == .stopwatchNoExtend)
        #expect(extend?.message.contains("method `reset`") == true)
        #expect(table.refusal { try $0.snooze(name: "bread", by: .minutes(5), at: t0) }?.reason == .stopwatchNoSnooze)
        #expect(table.refusal { try $0.lap(name: "pasta", at: t0) }?.reason == .notStopwatch)
        let again = table.refusal { try $0.startStopwatch(name: "bread", at: t0) }
        #expect(again?.reason == .exists)
        #expect(again?.message == "There is already a stopwatch named \"bread\"; cancel it first (method `cancel`) or choose another name.")
        #expect(table.refusal { try $0.startStopwatch(name: "pasta", at: t0) }?.reason == .exists)
        #expect(table.refusal { try $0.startStopwatch(name: "x", notifyEvery: .milliseconds(10), at: t0) }?.reason == .invalid)
        _ = try table.cancel(name: "bread", at: t0)
        #expect(table.count == 1)
    }

    @Test func aDoneCountdownMakesWayForAStopwatchOfItsName() throws {
        var table = TimerTable()
        try table.startCountdown("egg", .minutes(1), at: t0)
        _ = table.fireDue(at: t0.advanced(by: .minutes(1)))
        let egg = try table.startStopwatch(name: "egg", at: t0.advanced(by: .minutes(2))).timer
        #expect(egg.kind == .stopwatch && table.count == 1)
    }

    // MARK: Marks

    /// What a batch told of marks: "bread 25m".
    static func marks(_ effects: [Effect]) -> [String] {
        effects.compactMap { effect in
            guard case .mark(let marking) = effect else { return nil }
            return "\(marking.info.name) \(TimeFormat.compact(marking.elapsed))"
        }
    }

    @Test func itWakesAtEachMarkAndAtNoOtherMoment() throws {
        var table = try Self.stopwatch(every: .minutes(25))
        _ = table.takeJournal()
        #expect(table.nextWake().boot == t0.boot + .minutes(25))
        #expect(table.fireDue(at: t0.advanced(by: .minutes(25) - .nanoseconds(1))).isEmpty, "never early")
        let first = table.fireDue(at: t0.advanced(by: .minutes(25)))
        #expect(Self.marks(first) == ["bread 25m"])
        #expect(first.compactMap(\.event).isEmpty, "a mark changes nothing")
        #expect(table.takeJournal().isEmpty, "nothing to save")
        #expect(table.nextWake().boot == t0.boot + .minutes(50))
        #expect(Self.marks(table.fireDue(at: t0.advanced(by: .minutes(50) + .milliseconds(3)))) == ["bread 50m"])
        #expect(table.nextWake().boot == t0.boot + .minutes(75))
    }

    @Test func afterASuspendPastSeveralMarksOnlyTheLatestIsTold() throws {
        var table = try Self.stopwatch(every: .minutes(25))
        let woke = t0.advanced(by: .hours(2))  // past 25, 50, 75, 100
        #expect(Self.marks(table.fireDue(at: woke)) == ["bread 1h40m"])
        #expect(table.nextWake().boot == t0.boot + .minutes(125))
    }

    @Test func pausedItHasNoMarksAndResumedItsMarksFollowItsTime() throws {
        var table = try Self.stopwatch(every: .minutes(10))
        _ = try table.pause(name: "bread", at: t0.advanced(by: .minutes(4)))
        #expect(table.nextWake().boot == nil)
        #expect(table.fireDue(at: t0.advanced(by: .minutes(30))).isEmpty)
        _ = try table.resume(name: "bread", at: t0.advanced(by: .minutes(30)))
        // 4 minutes counted: the 10-minute mark is 6 minutes on.
        #expect(table.nextWake().boot == t0.boot + .minutes(36))
        #expect(Self.marks(table.fireDue(at: t0.advanced(by: .minutes(36)))) == ["bread 10m"])
        _ = try table.reset(name: "bread", at: t0.advanced(by: .minutes(40)))
        #expect(table.nextWake().boot == t0.boot + .minutes(50))
        _ = try table.cancel(name: "bread", at: t0.advanced(by: .minutes(41)))
        #expect(table.nextWake().boot == nil)
    }

    @Test func marksAndCountdownsShareTheBootClock() throws {
        var table = try Self.stopwatch(every: .minutes(5))
        try table.startCountdown("pasta", .minutes(5), at: t0)
        let effects = table.fireDue(at: t0.advanced(by: .minutes(5)))
        #expect(names(effects) == ["pasta"])
        #expect(Self.marks(effects) == ["bread 5m"])
    }

    // MARK: Saved and restored

    @Test func aRunningStopwatchIsSavedWithItsZeroOnBothClocksAndRestoredInTheSameBootByTheBootClock() throws {
        var table = try Self.stopwatch(every: .minutes(25))
        _ = try table.lap(name: "bread", at: t0.advanced(by: .seconds(30)))
        let now = t0.advanced(by: .minutes(1))
        let saved = try #require(table.persisted(at: now, bootID: "boot-1").first)
        #expect(saved.kind == .stopwatch && saved.state == .running)
        #expect(saved.endBoot == t0.boot && saved.endWall == t0.wall && saved.bootID == "boot-1")
        #expect(saved.laps == [.seconds(30)] && saved.notifyEvery == .minutes(25))
        // The wall clock was set back an hour meanwhile: the boot clock still says 3 minutes.
        let later = t0.advanced(by: .minutes(3)).wallJumped(by: .hours(-1))
        var restoration = Restoration(at: later, bootID: "boot-1")
        let added = restoration.add(saved)
        #expect(added)
        #expect(restoration.toSave.isEmpty)
        var restored = restoration.table(maxTimers: 10)
        let info = try restored.get("bread", at: later)
        #expect(info.elapsed == .minutes(3))
        #expect(info.laps == [Lap(elapsed: .seconds(30), split: .seconds(30))] && info.notifyEvery == .minutes(25))
        #expect(restored.nextWake().boot == t0.boot + .minutes(25), "its marks go on")
    }

    @Test func inAnotherBootTheWallClockSaysHowLongItHasRun() throws {
        let table = try Self.stopwatch()
        let saved = try #require(table.persisted(at: t0.advanced(by: .minutes(1)), bootID: "boot-1").first)
        let rebooted = Moment(boot: BootInstant(nanoseconds: 9_000_000_000), wall: t0.wall + .hours(2))
        var restoration = Restoration(at: rebooted, bootID: "boot-2")
        let added = restoration.add(saved)
        #expect(added)
        #expect(restoration.toSave == [saved.id], "saved again on this boot's clock")
        #expect(try restoration.table(maxTimers: 10).get("bread", at: rebooted).elapsed == .hours(2))
    }

    @Test func aPausedStopwatchIsSavedWithItsTime() throws {
        var table = try Self.stopwatch()
        _ = try table.pause(name: "bread", at: t0.advanced(by: .seconds(75)))
        let saved = try #require(table.persisted(at: t0.advanced(by: .hours(1)), bootID: "boot-1").first)
        #expect(saved.state == .paused && saved.remaining == .seconds(75))
        let record = try #require(TimerRecord(restoring: saved, at: t0.advanced(by: .days(1)), bootID: "boot-2"))
        #expect(record.phase == .stopped(elapsed: .seconds(75)))
        var done = saved
        done.state = .done
        #expect(TimerRecord(restoring: done, at: t0, bootID: "boot-1") == nil, "a stopwatch is never done")
    }
}
