import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Starting countdowns and deadlines: lengths, names, messages, name reuse and the limit.
@Suite struct TimerTableStartTests {
    @Test func startingACountdownRepliesWithTheWholeLengthAhead() throws {
        var table = TimerTable()
        let outcome = try table.startCountdown("pasta", .minutes(8), at: t0)
        let expected = TimerInfo(
            name: "pasta", kind: .countdown, state: .running, duration: .minutes(8), remaining: .minutes(8),
            endsAt: t0.wall + .minutes(8), createdAt: t0.wall, firedAt: nil, message: nil)
        #expect(outcome.timer == expected)
        #expect(outcome.effects == [.event(.started, expected)])
        #expect(table.list(at: t0) == [expected])
        #expect(try table.get("pasta", at: t0) == expected)
        #expect(table.nextWake().boot == t0.boot + .minutes(8))
        #expect(table.nextWake().wall == nil)
    }

    @Test func startingADeadlineMeasuresItsDurationFromNow() throws {
        var table = TimerTable()
        let at = t0.wall + .hours(2)
        let outcome = try table.startDeadline("report", at: at, message: "Send it", at: t0)
        let expected = TimerInfo(
            name: "report", kind: .deadline, state: .running, duration: .hours(2), remaining: .hours(2),
            endsAt: at, createdAt: t0.wall, firedAt: nil, message: "Send it")
        #expect(outcome.timer == expected)
        #expect(outcome.effects == [.event(.started, expected)])
        #expect(table.nextWake().boot == nil)
        #expect(table.nextWake().wall == at)
    }

    @Test(arguments: [Duration.nanoseconds(1), .seconds(1), .minutes(8), Limits.maxCountdown])
    func countdownLengthsUpTo365DaysAreAccepted(_ length: Duration) throws {
        var table = TimerTable()
        #expect(try table.startCountdown("pasta", length, at: t0).timer.remaining == length)
    }

    @Test(arguments: [Duration.zero, .nanoseconds(-1), .seconds(-480), Limits.maxCountdown + .nanoseconds(1), .days(366)])
    func countdownLengthsOutsideTheRangeAreRefused(_ length: Duration) {
        var table = TimerTable()
        let error = table.refusal { try $0.start(name: "pasta", schedule: .countdown(length), message: nil, at: t0) }
        #expect(error?.kind == .invalid)
        #expect(table.count == 0)
        #expect(table.nextWake() == (nil, nil))
    }

    @Test(arguments: [Duration.nanoseconds(1), .hours(1), Limits.maxDeadlineAhead])
    func deadlinesAheadUpToTenYearsAreAccepted(_ ahead: Duration) throws {
        var table = TimerTable()
        #expect(try table.startDeadline("report", at: t0.wall + ahead, at: t0).timer.remaining == ahead)
    }

    @Test(arguments: [Duration.zero, .nanoseconds(-1), .hours(-1), Limits.maxDeadlineAhead + .nanoseconds(1)])
    func deadlinesNowInThePastOrTooFarAreRefused(_ ahead: Duration) {
        var table = TimerTable()
        let error = table.refusal { try $0.start(name: "report", schedule: .deadline(t0.wall + ahead), message: nil, at: t0) }
        #expect(error?.kind == .invalid)
        #expect(table.count == 0)
    }

    @Test(arguments: [
        "pasta", "tea break", "パスタ", "煮海鲜", "라면", "🍝", "Crème brûlée", "👨‍👩‍👧",
        String(repeating: "a", count: 64), String(repeating: "🍝", count: 64),
    ])
    func namesOfAnyScriptAreAccepted(_ name: String) throws {
        var table = TimerTable()
        #expect(try table.startCountdown(name, .minutes(8), at: t0).timer.name == name)
        #expect(try table.get(name, at: t0).name == name)
    }

    @Test(arguments: [
        "", String(repeating: "a", count: 65), "tab\there", "line\nbreak", "bell\u{7}", "del\u{7F}", "nel\u{85}",
        " pasta", "pasta ", "\u{A0}pasta",
    ])
    func badNamesAreRefusedWithTheSharedRule(_ name: String) {
        var table = TimerTable()
        let error = table.refusal { try $0.start(name: name, schedule: .countdown(.minutes(8)), message: nil, at: t0) }
        #expect(error == .invalid(TimerText.problem(withName: name) ?? "no problem found"))
        #expect(table.count == 0)
    }

    @Test(arguments: ["", "Drain and add butter", "line one\nline two", String(repeating: "x", count: 1_000), "🍝 ready"])
    func messagesAreAccepted(_ message: String) throws {
        var table = TimerTable()
        #expect(try table.startCountdown("pasta", .minutes(8), message: message, at: t0).timer.message == message)
    }

    @Test(arguments: [String(repeating: "x", count: 1_001), "tab\there", "esc\u{1B}[31m", "crlf\r\n"])
    func badMessagesAreRefused(_ message: String) {
        var table = TimerTable()
        let error = table.refusal { try $0.start(name: "pasta", schedule: .countdown(.minutes(8)), message: message, at: t0) }
        #expect(error == .invalid(TimerText.problem(withMessage: message) ?? "no problem found"))
        #expect(table.count == 0)
    }

    @Test func aNameUsedByARunningOrPausedTimerIsRefused() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        let now = t0.advanced(by: .minutes(1))
        let before = table.records

        let running = table.refusal { try $0.start(name: "pasta", schedule: .countdown(.minutes(3)), message: nil, at: now) }
        #expect(running?.kind == .alreadyExists)
        #expect(running?.name == "pasta")
        #expect(running?.message.contains("a timer named \"pasta\" (7:00 left)") == true)
        #expect(running?.message.contains("cancel it first (method `cancel`)") == true)

        let deadline = table.refusal { try $0.start(name: "report", schedule: .countdown(.minutes(3)), message: nil, at: now) }
        #expect(deadline?.kind == .alreadyExists)
        #expect(deadline?.message.contains("a deadline named \"report\"") == true)

        _ = try table.pause(name: "pasta", at: now)
        let paused = table.refusal { try $0.start(name: "pasta", schedule: .countdown(.minutes(3)), message: nil, at: now) }
        #expect(paused?.kind == .alreadyExists)
        #expect(table.records.count == before.count)
        #expect(try table.get("pasta", at: now.advanced(by: .hours(1))).remaining == .minutes(7))
    }

    @Test func aNameUsedOnlyByADoneTimerGoesToTheNewTimer() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), message: "old", at: t0)
        let later = t0.advanced(by: .minutes(10))
        #expect(names(table.fireDue(at: later)) == ["pasta"])

        let outcome = try table.startDeadline("pasta", at: later.wall + .hours(1), at: later)
        #expect(outcome.timer.kind == .deadline)
        #expect(outcome.timer.state == .running)
        #expect(outcome.timer.createdAt == later.wall)
        #expect(outcome.timer.message == nil)
        #expect(table.list(at: later) == [outcome.timer])
        #expect(table.count == 1)
    }

    @Test func aFailedStartLeavesADoneTimerOfThatNameInPlace() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let later = t0.advanced(by: .minutes(10))
        _ = table.fireDue(at: later)
        let before = table.records

        let error = table.refusal { try $0.start(name: "pasta", schedule: .countdown(.zero), message: nil, at: later) }
        #expect(error?.kind == .invalid)
        #expect(table.records == before)
        #expect(try table.get("pasta", at: later).state == .done)
    }

    @Test func theLimitCountsEveryTimerHeld() throws {
        var table = TimerTable(maxTimers: 3)
        try table.startCountdown("a", .minutes(1), at: t0)
        try table.startCountdown("b", .minutes(2), at: t0)
        try table.startDeadline("c", at: t0.wall + .hours(1), at: t0)

        let full = table.refusal { try $0.start(name: "d", schedule: .countdown(.minutes(1)), message: nil, at: t0) }
        #expect(full?.kind == .limitReached)
        #expect(full?.message.contains("3 timers") == true)
        #expect(full?.message.contains("method `cancel` with \"all\": true") == true)

        // Done timers still count, but their name can be reused in place.
        let later = t0.advanced(by: .minutes(1))
        _ = table.fireDue(at: later)
        #expect(table.refusal { try $0.start(name: "d", schedule: .countdown(.minutes(1)), message: nil, at: later) }?.kind == .limitReached)
        try table.startCountdown("a", .minutes(5), at: later)

        _ = try table.cancel(name: "b", at: later)
        try table.startCountdown("d", .minutes(1), at: later)
        #expect(table.list(at: later).map(\.name) == ["c", "a", "d"])
    }
}
