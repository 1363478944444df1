import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start
private let boot = "boot-1"

/// A record as the table would hold it, in `phase`.
private func record(_ phase: TimerRecord.Phase, kind: TimerKind = .countdown, message: String? = nil) -> TimerRecord {
    TimerRecord(
        id: 7, name: "pasta", kind: kind, length: .seconds(10), total: .seconds(12), phase: phase,
        createdAt: t0.wall - .minutes(5), startedAt: t0.wall - .minutes(1), message: message)
}

/// What every saved form of `record(…)` shares; the test fills in the rest.
private func saved(_ state: TimerState, kind: TimerKind = .countdown, message: String? = nil) -> PersistedTimer {
    PersistedTimer(
        id: 7, name: "pasta", kind: kind, state: state, length: .seconds(10), total: .seconds(12), endWall: nil,
        endBoot: nil, bootID: nil, remaining: nil, firedAt: nil, createdAt: t0.wall - .minutes(5),
        startedAt: t0.wall - .minutes(1), message: message)
}

@Suite struct PersistedTimerTests {
    // MARK: Round trips

    @Test func aRunningCountdownIsSavedWithBothEndsAndTheBootID() {
        let running = record(.running(due: .boot(t0.boot + .seconds(10))), message: "Drain it")
        var expected = saved(.running, message: "Drain it")
        expected.endWall = t0.wall + .seconds(10)
        expected.endBoot = t0.boot + .seconds(10)
        expected.bootID = boot
        #expect(running.persisted(at: t0, bootID: boot) == expected)
        #expect(TimerRecord(restoring: expected, at: t0, bootID: boot) == running)
    }

    @Test func aRunningDeadlineIsSavedWithItsInstantOnly() {
        let running = record(.running(due: .wall(t0.wall + .hours(2))), kind: .deadline)
        var expected = saved(.running, kind: .deadline)
        expected.endWall = t0.wall + .hours(2)
        #expect(running.persisted(at: t0, bootID: boot) == expected)
        #expect(TimerRecord(restoring: expected, at: t0, bootID: boot) == running)
        // Whatever boot it is and whatever the clocks say, a deadline is its instant.
        let later = Moment(boot: BootInstant(nanoseconds: 1_000), wall: t0.wall + .days(3))
        #expect(TimerRecord(restoring: expected, at: later, bootID: "boot-2") == running)
    }

    @Test func aPausedCountdownIsSavedWithWhatIsLeft() {
        let paused = record(.paused(remaining: .seconds(4)))
        var expected = saved(.paused)
        expected.remaining = .seconds(4)
        #expect(paused.persisted(at: t0, bootID: boot) == expected)
        #expect(TimerRecord(restoring: expected, at: t0.advanced(by: .hours(5)), bootID: "boot-2") == paused)
    }

    @Test(arguments: [TimerKind.countdown, .deadline])
    func aDoneTimerIsSavedWithWhenItWasDueAndWhenItFired(_ kind: TimerKind) {
        let done = record(.done(endedAt: t0.wall - .minutes(3), firedAt: t0.wall), kind: kind)
        var expected = saved(.done, kind: kind)
        expected.endWall = t0.wall - .minutes(3)
        expected.firedAt = t0.wall
        #expect(done.persisted(at: t0, bootID: boot) == expected)
        #expect(TimerRecord(restoring: expected, at: t0.advanced(by: .days(1)), bootID: "boot-2") == done)
    }

    // MARK: Restoring a running countdown

    @Test func inTheSameBootTheBootClockEndIsUsedEvenIfTheWallClockWasSet() throws {
        let running = record(.running(due: .boot(t0.boot + .seconds(10))))
        let stored = running.persisted(at: t0, bootID: boot)
        // Killed at 2 s, restarted at 4 s; meanwhile someone set the clock back an hour.
        let now = t0.advanced(by: .seconds(4)).wallJumped(by: .hours(-1))
        let restored = try #require(TimerRecord(restoring: stored, at: now, bootID: boot))
        #expect(restored.phase == .running(due: .boot(t0.boot + .seconds(10))))
        #expect(restored.remaining(at: now) == .seconds(6))
        #expect(restored.endsAt(at: now) == now.wall + .seconds(6))
    }

    @Test func inAnotherBootTheWallClockEndIsUsed() throws {
        let running = record(.running(due: .boot(t0.boot + .seconds(10))))
        let stored = running.persisted(at: t0, bootID: boot)
        // The machine rebooted: its boot clock restarted near zero, 4 s of wall time passed.
        let now = Moment(boot: BootInstant(nanoseconds: 5_000_000_000), wall: t0.wall + .seconds(4))
        let restored = try #require(TimerRecord(restoring: stored, at: now, bootID: "boot-2"))
        #expect(restored.phase == .running(due: .boot(BootInstant(nanoseconds: 11_000_000_000))))
        #expect(restored.remaining(at: now) == .seconds(6))
        #expect(restored.endsAt(at: now) == t0.wall + .seconds(10))
    }

    @Test func inAnotherBootACountdownThatEndedMeanwhileIsAlreadyDue() throws {
        let stored = record(.running(due: .boot(t0.boot + .seconds(10)))).persisted(at: t0, bootID: boot)
        let now = Moment(boot: BootInstant(nanoseconds: 5_000_000_000), wall: t0.wall + .minutes(12))
        let restored = try #require(TimerRecord(restoring: stored, at: now, bootID: "boot-2"))
        #expect(restored.remaining(at: now) == .zero)
        #expect(restored.endsAt(at: now) == t0.wall + .seconds(10))
    }

    // MARK: Inconsistent saved forms

    @Test func aRunningCountdownWithNoEndIsNotRestored() {
        #expect(TimerRecord(restoring: saved(.running), at: t0, bootID: boot) == nil)
        // Only a boot-clock end, from another boot: it means nothing now.
        var otherBoot = saved(.running)
        otherBoot.endBoot = t0.boot + .seconds(10)
        otherBoot.bootID = "boot-0"
        #expect(TimerRecord(restoring: otherBoot, at: t0, bootID: boot) == nil)
    }

    @Test func aRunningDeadlineWithNoInstantIsNotRestored() {
        #expect(TimerRecord(restoring: saved(.running, kind: .deadline), at: t0, bootID: boot) == nil)
    }

    @Test func aPausedDeadlineIsNotRestored() {
        var paused = saved(.paused, kind: .deadline)
        paused.remaining = .seconds(4)
        #expect(TimerRecord(restoring: paused, at: t0, bootID: boot) == nil)
    }

    @Test func aPausedCountdownWithNoRemainingTimeIsNotRestored() {
        #expect(TimerRecord(restoring: saved(.paused), at: t0, bootID: boot) == nil)
    }

    @Test(arguments: TimerKind.allCases)
    func aDoneTimerWithoutBothInstantsIsNotRestored(_ kind: TimerKind) {
        var noFiredAt = saved(.done, kind: kind)
        noFiredAt.endWall = t0.wall
        #expect(TimerRecord(restoring: noFiredAt, at: t0, bootID: boot) == nil)
        var noEnd = saved(.done, kind: kind)
        noEnd.firedAt = t0.wall
        #expect(TimerRecord(restoring: noEnd, at: t0, bootID: boot) == nil)
    }
}
