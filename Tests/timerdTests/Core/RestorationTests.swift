import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

@Suite struct RestorationTests {
    /// A countdown running for another minute, saved on boot `bootID` (nil: its boot-clock end
    /// is missing).
    static func running(_ id: UInt64, bootID: String?, endWall: Timestamp? = t0.wall + .seconds(60)) -> PersistedTimer {
        PersistedTimer(
            id: id, name: "t\(id)", kind: .countdown, state: .running, length: .seconds(90), total: .seconds(90),
            endWall: endWall, endBoot: bootID.map { _ in t0.boot + .seconds(60) }, bootID: bootID, remaining: nil,
            firedAt: nil, createdAt: t0.wall - .seconds(30), startedAt: t0.wall - .seconds(30))
    }

    @Test func timersSavedInThisBootAreRestoredAndNeedNoSave() {
        var restoration = Restoration(at: t0, bootID: "boot-1")
        let restored = restoration.add(Self.running(1, bootID: "boot-1"))
        #expect(restored)
        #expect(restoration.records.map(\.id) == [1])
        #expect(restoration.toSave.isEmpty)
    }

    @Test func countdownsFromAnotherBootGoByTheWallClockAndAreSavedAgain() {
        var restoration = Restoration(at: t0, bootID: "boot-2")
        let countdown = restoration.add(Self.running(1, bootID: "boot-1"))
        #expect(countdown)
        var deadline = Self.running(2, bootID: nil)
        deadline.kind = .deadline
        let deadlineRestored = restoration.add(deadline)
        #expect(deadlineRestored)
        #expect(restoration.toSave == [1], "only the countdown's end moves to this boot's clock")
        let table = restoration.table(maxTimers: 10)
        #expect(table.list(at: t0).map(\.remaining) == [.seconds(60), .seconds(60)])
        #expect(table.maxTimers == 10)
    }

    @Test func anIncompleteSavedTimerIsLeftOut() {
        var restoration = Restoration(at: t0, bootID: "boot-2")
        let incomplete = restoration.add(Self.running(1, bootID: nil, endWall: nil))
        #expect(!incomplete)
        let complete = restoration.add(Self.running(2, bootID: "boot-2"))
        #expect(complete)
        #expect(restoration.records.map(\.id) == [2])
        #expect(restoration.toSave.isEmpty)
    }
}
