import TestSupport
import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Many timers and many pause/resume cycles: order kept, queues small.
@Suite struct TimerTableScaleTests {
    @Test func tenThousandTimersListInOrderAndFireInOrder() throws {
        var table = TimerTable()
        let count = 10_000
        for i in 0..<count { try table.startCountdown("t\(i)", .seconds(Int64(count - i)), at: t0) }

        let list = table.list(at: t0)
        #expect(list.count == count)
        #expect(list.map(\.name) == (0..<count).map { "t\($0)" })
        #expect(list.map(\.remaining) == (0..<count).map { .seconds(Int64(count - $0)) })
        #expect(table.nextWake().boot == t0.boot + .seconds(1))

        let now = t0.advanced(by: .seconds(100))
        #expect(names(table.fireDue(at: now)) == (count - 100..<count).reversed().map { "t\($0)" })
        #expect(table.list(at: now).filter { $0.state == .done }.count == 100)
        #expect(table.nextWake().boot == t0.boot + .seconds(101))
    }

    /// The queues keep stale entries until compaction; thousands of pause/resume cycles must
    /// neither grow them without bound nor lose a live entry. Checked against a model.
    @Test func pauseResumeCyclesKeepTheQueuesSmallAndRight() throws {
        enum Model: Equatable { case running(BootInstant), paused(Duration) }
        var table = TimerTable()
        var model: [String: Model] = [:]
        var rng = SplitMix64(seed: 0x7A11_E5)
        let names = (0..<50).map { "t\($0)" }
        for (i, name) in names.enumerated() {
            try table.startCountdown(name, .hours(1) + .seconds(Int64(i)), at: t0)
            model[name] = .running(t0.boot + .hours(1) + .seconds(Int64(i)))
        }
        var now = t0
        var largest = 0
        for _ in 0..<5_000 {
            now = now.advanced(by: .milliseconds(Int64.random(in: 0...3, using: &rng)))
            let name = names.randomElement(using: &rng)!
            switch model[name]! {
            case .running(let due):
                _ = try table.pause(name: name, at: now)
                model[name] = .paused(due - now.boot)
            case .paused(let left):
                _ = try table.resume(name: name, at: now)
                model[name] = .running(now.boot + left)
            }
            largest = max(largest, table.queuedEntryCount)
        }
        #expect(largest <= 2 * table.count + 64)

        for name in names {
            let info = try table.get(name, at: now)
            switch model[name]! {
            case .running(let due): #expect(info.state == .running && info.remaining == due - now.boot, "\(name)")
            case .paused(let left): #expect(info.state == .paused && info.remaining == left, "\(name)")
            }
        }
        let earliest = model.values.compactMap { if case .running(let due) = $0 { due } else { nil } }.min()
        #expect(table.nextWake().boot == earliest)

        for name in names {
            if case .paused = model[name]! { _ = try table.resume(name: name, at: now) }
        }
        #expect(table.fireDue(at: now.advanced(by: .hours(2))).compactMap(\.event).count == names.count)
        #expect(table.fireDue(at: now.advanced(by: .hours(3))).isEmpty)
    }

    @Test func cancellingMostTimersShrinksTheQueues() throws {
        var table = TimerTable()
        for i in 0..<1_000 { try table.startCountdown("t\(i)", .minutes(Int64(i + 1)), at: t0) }
        for i in 0..<990 { _ = try table.cancel(name: "t\(i)", at: t0) }
        #expect(table.queuedEntryCount <= 2 * table.count + 64)
        #expect(table.nextWake().boot == t0.boot + .minutes(991))
    }
}
