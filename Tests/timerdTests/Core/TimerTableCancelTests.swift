import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Cancelling a timer in any state.
@Suite struct TimerTableCancelTests {
    @Test func cancelRemovesTheTimerAndRepliesWithItsLastState() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        try table.startCountdown("tea", .minutes(4), at: t0)
        try table.startCountdown("egg", .minutes(1), at: t0)
        let now = t0.advanced(by: .minutes(2))
        _ = table.fireDue(at: now)
        _ = try table.pause(name: "tea", at: now)

        for (name, state) in [("pasta", TimerState.running), ("tea", .paused), ("egg", .done)] {
            let last = try table.get(name, at: now)
            let outcome = try table.cancel(name: name, at: now)
            #expect(outcome.timer == last)
            #expect(outcome.timer.state == state)
            #expect(outcome.effects == [.event(.cancelled, last)])
            #expect(table.refusal { try $0.cancel(name: name, at: now) } == .notFound(name: name))
            #expect(throws: TableError.notFound(name: name)) { try table.get(name, at: now) }
        }
        #expect(table.list(at: now).isEmpty)
        #expect(table.nextWake() == (nil, nil))
        #expect(table.fireDue(at: now.advanced(by: .days(1))).isEmpty)
    }

    @Test func aCancelledTimerNeverFiresEvenWhenItsNameIsReused() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(5), at: t0)
        try table.startDeadline("report", at: t0.wall + .minutes(5), at: t0)
        _ = try table.cancel(name: "pasta", at: t0)
        _ = try table.cancel(name: "report", at: t0)
        try table.startCountdown("pasta", .minutes(10), at: t0)

        #expect(table.fireDue(at: t0.advanced(by: .minutes(5))).isEmpty)
        #expect(try table.get("pasta", at: t0.advanced(by: .minutes(5))).remaining == .minutes(5))
        #expect(names(table.fireDue(at: t0.advanced(by: .minutes(10)))) == ["pasta"])
    }
}
