import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Pausing and resuming countdowns, and what each says in the wrong state.
@Suite struct TimerTablePauseResumeTests {
    @Test func pauseKeepsTheRemainingTimeAndResumeCarriesOnFromIt() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)

        let pausedAt = t0.advanced(by: .minutes(3))
        let paused = try table.pause(name: "pasta", at: pausedAt)
        #expect(paused.timer.state == .paused)
        #expect(paused.timer.remaining == .minutes(7))
        #expect(paused.timer.endsAt == nil)
        #expect(paused.timer.duration == .minutes(10))
        #expect(paused.effects == [.event(.paused, paused.timer)])
        #expect(table.nextWake() == (nil, nil))

        let resumedAt = pausedAt.advanced(by: .hours(1))
        #expect(try table.get("pasta", at: resumedAt) == paused.timer)
        #expect(table.fireDue(at: resumedAt).isEmpty)

        let resumed = try table.resume(name: "pasta", at: resumedAt)
        #expect(resumed.timer.state == .running)
        #expect(resumed.timer.remaining == .minutes(7))
        #expect(resumed.timer.endsAt == resumedAt.wall + .minutes(7))
        #expect(resumed.effects == [.event(.resumed, resumed.timer)])

        let due = resumedAt.advanced(by: .minutes(7))
        #expect(table.nextWake().boot == due.boot)
        #expect(table.fireDue(at: due.advanced(by: .nanoseconds(-1))).isEmpty)
        let effects = table.fireDue(at: due)
        let done = try table.get("pasta", at: due)
        #expect(done.state == .done)
        #expect(done.remaining == .zero)
        #expect(done.endsAt == due.wall)
        #expect(done.firedAt == due.wall)
        #expect(effects == [.event(.fired, done), .notify([Firing(info: done, startedAt: t0.wall)])])
        #expect(table.fireDue(at: due.advanced(by: .hours(1))).isEmpty)
    }

    @Test func pauseAndResumeInTheWrongStateSayWhatToDo() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        try table.startCountdown("egg", .minutes(1), at: t0)
        let now = t0.advanced(by: .minutes(2))
        _ = table.fireDue(at: now)

        let running = table.refusal { try $0.resume(name: "pasta", at: now) }
        #expect(running?.kind == .wrongState)
        #expect(running?.name == "pasta")
        #expect(running?.message.contains("already running") == true)

        _ = try table.pause(name: "pasta", at: now)
        let before = table.records
        let twice = table.refusal { try $0.pause(name: "pasta", at: now) }
        #expect(twice?.kind == .wrongState)
        #expect(twice?.message.contains("already paused; method `resume` continues it") == true)

        let commands: [(String, (inout TimerTable) throws -> Outcome)] = [
            ("pause", { try $0.pause(name: "egg", at: now) }), ("resume", { try $0.resume(name: "egg", at: now) }),
        ]
        for (command, run) in commands {
            let done = table.refusal(run)
            #expect(done?.kind == .wrongState, "\(command)")
            #expect(done?.name == "egg")
            #expect(done?.message.contains("has finished; method `reset` runs it again") == true, "\(command)")
        }
        #expect(table.records == before)
    }

    /// The command lines, with names quoted for the shell, are timerctl's (HintsTests); the
    /// daemon names the method and the timer.
    @Test func messagesNameTheMethodAndTheTimer() throws {
        var table = TimerTable()
        try table.startCountdown("tea break", .minutes(3), at: t0)
        _ = try table.pause(name: "tea break", at: t0)
        let twice = table.refusal { try $0.pause(name: "tea break", at: t0) }
        #expect(twice?.message == "\"tea break\" is already paused; method `resume` continues it.", "\(String(describing: twice))")
    }

    @Test func deadlinesCannotBePaused() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        let error = table.refusal { try $0.pause(name: "report", at: t0) }
        #expect(error?.kind == .wrongState)
        #expect(error?.name == "report")
        #expect(error?.message.contains("does not pause") == true)
        #expect(error?.message.contains("move it with method `extend`") == true)
        #expect(table.refusal { try $0.resume(name: "report", at: t0) }?.kind == .wrongState)
        #expect(try table.get("report", at: t0).state == .running)
    }
}
