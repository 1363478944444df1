import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// What a caller can see of a table, to compare before a change and after its rollback.
private struct Snapshot: Equatable {
    var records: TimerRecords
    var list: [TimerInfo]
    var nextBoot: BootInstant?
    var nextWall: Timestamp?

    init(_ table: inout TimerTable, at now: Moment) {
        records = table.records
        list = table.list(at: now)
        (nextBoot, nextWall) = table.nextWake()
    }
}

/// pasta (8 min countdown), rice (paused with 5 min left) and report (deadline in 2 h),
/// with the journal of setting them up already taken.
private func kitchen() throws -> TimerTable {
    var table = TimerTable()
    try table.startCountdown("pasta", .minutes(8), at: t0)
    try table.startCountdown("rice", .minutes(5), at: t0)
    _ = try table.pause(name: "rice", at: t0)
    try table.startDeadline("report", at: t0.wall + .hours(2), at: t0)
    _ = table.takeJournal()
    return table
}

@Suite struct TimerTableJournalTests {
    // MARK: The journal

    @Test func theJournalKeepsTheValueBeforeTheFirstChangeOfEachRecord() throws {
        var table = TimerTable()
        #expect(table.journal.isEmpty)
        try table.startCountdown("pasta", .minutes(8), at: t0)
        #expect(table.journal == [1: nil], "it did not exist")
        _ = try table.pause(name: "pasta", at: t0)
        #expect(table.journal == [1: nil], "still the value before the first change")

        let running = try table.record(named: "pasta")
        #expect(table.takeJournal() == [1: nil])
        #expect(table.journal.isEmpty)

        _ = try table.resume(name: "pasta", at: t0)
        let resumed = try table.record(named: "pasta")
        _ = try table.extend(name: "pasta", by: .minutes(2), at: t0)
        _ = try table.cancel(name: "pasta", at: t0)
        try table.startCountdown("eggs", .minutes(6), at: t0)
        #expect(table.journal == [1: running, 2: nil])
        #expect(resumed != running)
    }

    @Test func firingIsJournalledLikeAnyChange() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let running = try table.record(named: "pasta")
        _ = table.takeJournal()
        _ = table.fireDue(at: t0.advanced(by: .minutes(8)))
        #expect(table.journal == [1: running])
    }

    @Test func aRefusalChangesNothingAndIsNotJournalled() throws {
        var table = try kitchen()
        let count = table.changeCount
        #expect(table.refusal { try $0.pause(name: "rice", at: t0) }?.kind == .wrongState)
        #expect(table.refusal { try $0.start(name: "pasta", schedule: .countdown(.minutes(1)), message: nil, at: t0) }?.kind == .alreadyExists)
        #expect(table.refusal { try $0.cancel(name: "nope", at: t0) }?.kind == .notFound)
        #expect(table.journal.isEmpty)
        #expect(table.changeCount == count)
        _ = try table.cancel(name: "rice", at: t0)
        #expect(table.changeCount > count)
    }

    // MARK: Rolling back

    @Test func rollingBackAStartRemovesTheTimerAndFreesItsName() throws {
        var table = try kitchen()
        let before = Snapshot(&table, at: t0)
        try table.startCountdown("eggs", .minutes(1), at: t0)
        #expect(table.nextWake().boot == t0.boot + .minutes(1))

        table.rollBack(table.journal, at: t0)
        #expect(Snapshot(&table, at: t0) == before)
        #expect(table.journal.isEmpty)
        #expect(table.refusal { try $0.pause(name: "eggs", at: t0) }?.kind == .notFound)
        try table.startCountdown("eggs", .minutes(1), at: t0)
        #expect(try table.get("eggs", at: t0).state == .running)
    }

    @Test func rollingBackAStartThatReplacedADoneTimerBringsTheDoneOneBack() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let later = t0.advanced(by: .minutes(9))
        _ = table.fireDue(at: later)
        _ = table.takeJournal()
        let done = try table.record(named: "pasta")
        let before = Snapshot(&table, at: later)

        try table.startCountdown("pasta", .minutes(3), at: later)
        #expect(try table.record(named: "pasta").id == 2)
        #expect(table.journal == [1: done, 2: nil])

        table.rollBack(table.journal, at: later)
        #expect(Snapshot(&table, at: later) == before)
        #expect(try table.record(named: "pasta") == done)
        #expect(table.record(id: 2) == nil)
        #expect(table.nextWake() == (nil, nil))
        #expect(table.fireDue(at: later.advanced(by: .minutes(3))).isEmpty)
    }

    @Test func rollingBackAPauseLeavesItRunningToTheSameEnd() throws {
        var table = try kitchen()
        let now = t0.advanced(by: .minutes(3))
        let before = Snapshot(&table, at: now)
        _ = try table.pause(name: "pasta", at: now)
        #expect(table.nextWake().boot == nil)

        table.rollBack(table.journal, at: now)
        #expect(Snapshot(&table, at: now) == before)
        #expect(table.nextWake().boot == t0.boot + .minutes(8))
        // It fires once at its end, though the queue saw it run, pause and run again.
        let effects = table.fireDue(at: t0.advanced(by: .minutes(8)))
        #expect(effects.compactMap(\.event) == [.fired])
        #expect(names(effects) == ["pasta"])
        #expect(table.nextWake().boot == nil)
    }

    @Test func rollingBackAnExtendPutsTheEndBack() throws {
        var table = try kitchen()
        let before = Snapshot(&table, at: t0)
        _ = try table.extend(name: "pasta", by: .minutes(-5), at: t0)
        _ = try table.extend(name: "report", by: .hours(-1), at: t0)
        _ = try table.extend(name: "rice", by: .minutes(1), at: t0)
        #expect(table.nextWake() == (t0.boot + .minutes(3), t0.wall + .hours(1)))

        table.rollBack(table.journal, at: t0)
        #expect(Snapshot(&table, at: t0) == before)
        #expect(table.nextWake() == (t0.boot + .minutes(8), t0.wall + .hours(2)))
        #expect(table.fireDue(at: t0.advanced(by: .minutes(3))).isEmpty)
        #expect(table.fireDue(at: t0.advanced(by: .hours(1))).compactMap(\.event) == [.fired])
    }

    @Test func rollingBackACancelBringsTheTimerBackUnderItsName() throws {
        var table = try kitchen()
        let before = Snapshot(&table, at: t0)
        for name in ["pasta", "rice", "report"] { _ = try table.cancel(name: name, at: t0) }
        #expect(table.count == 0)
        #expect(table.nextWake() == (nil, nil))

        table.rollBack(table.journal, at: t0)
        #expect(Snapshot(&table, at: t0) == before)
        #expect(table.refusal { try $0.start(name: "pasta", schedule: .countdown(.minutes(1)), message: nil, at: t0) }?.kind == .alreadyExists)
        _ = try table.resume(name: "rice", at: t0)
        #expect(table.nextWake() == (t0.boot + .minutes(5), t0.wall + .hours(2)))
    }

    @Test func rollingBackUndoesOnlyWhatTheJournalHolds() throws {
        var table = try kitchen()
        _ = try table.cancel(name: "rice", at: t0)
        _ = table.takeJournal()  // saved: the cancel stays
        let before = Snapshot(&table, at: t0)
        try table.startCountdown("eggs", .minutes(6), at: t0)
        _ = try table.pause(name: "pasta", at: t0)
        _ = try table.cancel(name: "eggs", at: t0)
        try table.startCountdown("eggs", .minutes(2), at: t0)
        _ = try table.cancel(name: "report", at: t0)

        table.rollBack(table.journal, at: t0)
        #expect(Snapshot(&table, at: t0) == before)
        #expect(table.list(at: t0).map(\.name) == ["pasta", "report"])
    }

    // MARK: Restoring

    @Test func aRestoredTableContinuesIdsAfterTheHighest() throws {
        var source = try kitchen()
        _ = try source.cancel(name: "pasta", at: t0)
        let records = Array(source.records.values)
        #expect(records.map(\.id).sorted() == [2, 3])

        var table = TimerTable(restoring: records, at: t0)
        #expect(table.records == source.records)
        #expect(table.journal.isEmpty)
        #expect(table.list(at: t0).map(\.name) == ["rice", "report"])
        #expect(table.nextWake() == (nil, t0.wall + .hours(2)))
        #expect(table.refusal { try $0.start(name: "rice", schedule: .countdown(.minutes(1)), message: nil, at: t0) }?.kind == .alreadyExists)
        try table.startCountdown("pasta", .minutes(1), at: t0)
        #expect(try table.record(named: "pasta").id == 4)
        _ = try table.resume(name: "rice", at: t0)
        #expect(table.nextWake().boot == t0.boot + .minutes(1))
    }

    @Test func anEmptyRestoredTableStartsAtOne() throws {
        var table = TimerTable(restoring: [], at: t0)
        try table.startCountdown("pasta", .minutes(1), at: t0)
        #expect(try table.record(named: "pasta").id == 1)
    }
}
