import TestSupport
import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Pausing, resuming and cancelling leave stale entries in the due queues; they are dropped
/// when they outnumber the live ones, and nothing fires out of order because of it.
@Suite struct TimerTableCompactionTests {
    @Test func staleEntriesAreDroppedAndTimersStillFireInOrder() throws {
        var table = TimerTable()
        var rng = SplitMix64(seed: 42)
        let count = 300
        for i in 0..<count { try table.startCountdown("t\(i)", .seconds(Int64(100 + i)), at: t0) }
        var now = t0
        for round in 0..<6 {
            now = now.advanced(by: .milliseconds(10))
            for i in (0..<count).shuffled(using: &rng) {
                _ = try table.pause(name: "t\(i)", at: now)
                _ = try table.resume(name: "t\(i)", at: now)
                #expect(table.queuedEntryCount <= 2 * table.count + 64, "round \(round)")
            }
        }
        for i in stride(from: 0, to: count, by: 3) { _ = try table.cancel(name: "t\(i)", at: now) }
        #expect(table.queuedEntryCount <= 2 * table.count + 64)
        // Paused and resumed at the same instant, each still ends 100 + i seconds after t0.
        var fired: [String] = []
        while let due = table.nextWake().boot {
            let at = Moment(boot: due, wall: now.wall + (due - now.boot))
            for effect in table.fireDue(at: at) {
                if case .event(.fired, let info) = effect { fired.append(info.name) }
            }
        }
        let expected = (0..<count).filter { $0 % 3 != 0 }.map { "t\($0)" }
        #expect(fired == expected)
    }

    @Test func removingMostTimersKeepsTheQueuesSmall() throws {
        var table = TimerTable()
        for i in 0..<1_000 { try table.startCountdown("t\(i)", .seconds(Int64(1_000 - i)), at: t0) }
        for i in 0..<1_000 where i % 50 != 0 { _ = try table.cancel(name: "t\(i)", at: t0) }
        #expect(table.count == 20)
        #expect(table.queuedEntryCount <= 2 * 20 + 64)
        #expect(table.records.slotCount <= 2 * 20 + 64)
        #expect(table.list(at: t0).map(\.name) == stride(from: 0, to: 1_000, by: 50).map { "t\($0)" })
        // The last one started is the first due.
        #expect(table.nextWake().boot == t0.boot + .seconds(50))
    }
}

/// `nextWake()` remembers its answer until something changes; every kind of change must make
/// it look again.
@Suite struct TimerTableKnownWakeTests {
    @Test func everyChangeMovesTheWake() throws {
        var table = TimerTable()
        let group = t0.boot + .seconds(60)
        for i in 0..<3 { try table.startCountdown("g\(i)", .seconds(60) + .milliseconds(i), at: t0) }
        #expect(table.nextWake().boot == group + .milliseconds(2))
        #expect(table.nextWake().boot == group + .milliseconds(2), "asked again, the same")
        _ = try table.cancel(name: "g2", at: t0)
        #expect(table.nextWake().boot == group + .milliseconds(1))
        _ = try table.pause(name: "g1", at: t0)
        #expect(table.nextWake().boot == group)
        _ = table.takeJournal()
        try table.startCountdown("early", .seconds(10), at: t0)
        #expect(table.nextWake().boot == t0.boot + .seconds(10))
        table.rollBack(table.takeJournal(), at: t0)
        #expect(table.nextWake().boot == group)
        _ = try table.resume(name: "g1", at: t0.advanced(by: .seconds(1)))
        #expect(table.nextWake().boot == group, "g1 now ends a second after g0: no longer together")
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        #expect(table.nextWake() == (group, t0.wall + .hours(1)))
        _ = table.fireDue(at: Moment(boot: group, wall: t0.wall + .seconds(60)))
        #expect(table.nextWake() == (group + .seconds(1) + .milliseconds(1), t0.wall + .hours(1)))
        _ = table.fireDue(at: t0.advanced(by: .hours(2)))
        #expect(table.nextWake() == (nil, nil))
    }
}
