import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Resetting a countdown to the length first asked for.
@Suite struct TimerTableResetTests {
    @Test func resetGoesBackToTheOriginalLengthFromAnyState() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        var now = t0.advanced(by: .minutes(3))
        _ = try table.extend(name: "pasta", by: .minutes(2), at: now)

        for step in ["running", "paused", "done"] {
            now = now.advanced(by: .minutes(1))
            switch step {
            case "paused": _ = try table.pause(name: "pasta", at: now)
            case "done":
                now = now.advanced(by: .minutes(8))
                #expect(names(table.fireDue(at: now)) == ["pasta"])
            default: break
            }
            let reset = try table.reset(name: "pasta", at: now)
            let expected = TimerInfo(
                name: "pasta", kind: .countdown, state: .running, duration: .minutes(8), remaining: .minutes(8),
                endsAt: now.wall + .minutes(8), createdAt: t0.wall)
            #expect(reset.timer == expected, "from \(step)")
            #expect(reset.effects == [.event(.reset, expected)], "from \(step)")
        }

        // Only the last reset counts: it fires 8 minutes after it, reporting that start.
        let due = now.advanced(by: .minutes(8))
        #expect(table.fireDue(at: due.advanced(by: .nanoseconds(-1))).isEmpty)
        let effects = table.fireDue(at: due)
        #expect(effects.compactMap(\.firings) == [[Firing(info: try table.get("pasta", at: due), startedAt: now.wall)]])
    }

    @Test func deadlinesRefuseReset() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        let running = table.refusal { try $0.reset(name: "report", at: t0) }
        #expect(running?.kind == .wrongState)
        #expect(running?.name == "report")
        #expect(running?.message.contains("set a new one with method `start` and \"at\"") == true)

        let later = t0.advanced(by: .hours(2))
        _ = table.fireDue(at: later)
        #expect(table.refusal { try $0.reset(name: "report", at: later) }?.kind == .wrongState)
        #expect(try table.get("report", at: later).state == .done)
    }
}
