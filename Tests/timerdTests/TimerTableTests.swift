import TestSupport
import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

@Suite struct TimerTableTests {
    // MARK: start

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

    // MARK: pause and resume

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

    static let onNope: [String: @Sendable (inout TimerTable) throws -> Outcome] = [
        "pause": { try $0.pause(name: "nope", at: t0) }, "resume": { try $0.resume(name: "nope", at: t0) },
        "reset": { try $0.reset(name: "nope", at: t0) }, "cancel": { try $0.cancel(name: "nope", at: t0) },
        "extend": { try $0.extend(name: "nope", by: .minutes(1), at: t0) },
    ]

    @Test(arguments: ["pause", "resume", "reset", "cancel", "extend"])
    func commandsOnAnUnknownNameAreNotFound(_ command: String) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let error = table.refusal(try #require(Self.onNope[command]))
        #expect(error == .notFound(name: "nope"))
        #expect(error?.message.contains("method `list` lists the timers") == true)
        #expect(throws: TableError.notFound(name: "nope")) { try table.get("nope", at: t0) }
    }

    // MARK: reset

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

    // MARK: extend

    @Test func extendingARunningCountdownAddsToRemainingAndDuration() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        let now = t0.advanced(by: .minutes(3))
        #expect(abs(try table.get("pasta", at: now).progress - 0.3) < 1e-12)

        let longer = try table.extend(name: "pasta", by: .minutes(2), at: now)
        #expect(longer.timer.state == .running)
        #expect(longer.timer.remaining == .minutes(9))
        #expect(longer.timer.duration == .minutes(12))
        #expect(longer.timer.endsAt == now.wall + .minutes(9))
        #expect(abs(longer.timer.progress - 0.25) < 1e-12)
        #expect(longer.effects == [.event(.extended, longer.timer)])

        let shorter = try table.extend(name: "pasta", by: .minutes(-7), at: now)
        #expect(shorter.timer.remaining == .minutes(2))
        #expect(shorter.timer.duration == .minutes(5))

        let due = now.advanced(by: .minutes(2))
        #expect(table.nextWake().boot == due.boot)
        #expect(table.fireDue(at: due.advanced(by: .nanoseconds(-1))).isEmpty)
        #expect(names(table.fireDue(at: due)) == ["pasta"])
    }

    @Test(arguments: [Duration.minutes(-2), .minutes(-3), .days(-1)])
    func takingOffAllTheTimeLeftIsRefused(_ delta: Duration) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        try table.startCountdown("tea", .minutes(5), at: t0)
        let now = t0.advanced(by: .minutes(8))
        _ = try table.pause(name: "tea", at: t0.advanced(by: .minutes(3)))
        let before = table.records
        for name in ["pasta", "tea"] {
            let error = table.refusal { try $0.extend(name: name, by: delta, at: now) }
            #expect(error?.kind == .invalid, "\(name)")
            #expect(error?.message.contains("no time at all") == true, "\(name)")
        }
        #expect(table.records == before)
    }

    @Test func extendingAPausedCountdownKeepsItPaused() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        let now = t0.advanced(by: .minutes(3))
        _ = try table.pause(name: "pasta", at: now)
        let outcome = try table.extend(name: "pasta", by: .minutes(2), at: now.advanced(by: .hours(1)))
        #expect(outcome.timer.state == .paused)
        #expect(outcome.timer.remaining == .minutes(9))
        #expect(outcome.timer.duration == .minutes(12))
        #expect(outcome.timer.endsAt == nil)
        #expect(table.nextWake() == (nil, nil))
        let resumedAt = now.advanced(by: .hours(2))
        #expect(try table.resume(name: "pasta", at: resumedAt).timer.endsAt == resumedAt.wall + .minutes(9))
    }

    @Test func extendingADoneCountdownRunsItAgainForThatLong() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        _ = table.fireDue(at: t0.advanced(by: .minutes(8)))
        let now = t0.advanced(by: .minutes(20))

        let outcome = try table.extend(name: "pasta", by: .minutes(2), at: now)
        let expected = TimerInfo(
            name: "pasta", kind: .countdown, state: .running, duration: .minutes(2), remaining: .minutes(2),
            endsAt: now.wall + .minutes(2), createdAt: t0.wall, firedAt: nil)
        #expect(outcome.timer == expected)
        #expect(outcome.effects == [.event(.extended, expected)])

        let due = now.advanced(by: .minutes(2))
        #expect(table.fireDue(at: due.advanced(by: .nanoseconds(-1))).isEmpty)
        let effects = table.fireDue(at: due)
        #expect(effects.compactMap(\.firings).first?.first?.startedAt == now.wall)
        // Reset still goes back to the length the user first asked for.
        #expect(try table.reset(name: "pasta", at: due).timer.duration == .minutes(8))
    }

    @Test func aDoneCountdownCannotBeShortened() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let now = t0.advanced(by: .minutes(9))
        _ = table.fireDue(at: now)
        let error = table.refusal { try $0.extend(name: "pasta", by: .minutes(-2), at: now) }
        #expect(error?.kind == .wrongState)
        #expect(error?.name == "pasta")
        #expect(error?.message.contains("only a positive amount (+2m)") == true)
        #expect(try table.get("pasta", at: now).state == .done)
    }

    @Test(arguments: [
        Duration.zero, Limits.maxCountdown + .nanoseconds(1), .zero - Limits.maxCountdown - .nanoseconds(1),
    ])
    func extendAmountsOutsideTheRangeAreInvalid(_ delta: Duration) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        try table.startDeadline("report", at: t0.wall + .days(400), at: t0)
        for name in ["pasta", "report"] {
            #expect(table.refusal { try $0.extend(name: name, by: delta, at: t0) }?.kind == .invalid, "\(name)")
        }
    }

    @Test func aCountdownCannotBeExtendedPast365Days() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let error = table.refusal { try $0.extend(name: "pasta", by: Limits.maxCountdown, at: t0) }
        #expect(error?.kind == .invalid)
        #expect(try table.get("pasta", at: t0).remaining == .minutes(8))
    }

    @Test func extendingADeadlineMovesItsInstant() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        let now = t0.advanced(by: .minutes(10))

        let later = try table.extend(name: "report", by: .minutes(30), at: now)
        #expect(later.timer.endsAt == t0.wall + .minutes(90))
        #expect(later.timer.remaining == .minutes(80))
        #expect(later.timer.duration == .minutes(90))
        #expect(later.effects == [.event(.extended, later.timer)])
        #expect(table.nextWake().wall == t0.wall + .minutes(90))

        let earlier = try table.extend(name: "report", by: .minutes(-20), at: now)
        #expect(earlier.timer.endsAt == t0.wall + .minutes(70))

        #expect(table.fireDue(at: t0.advanced(by: .hours(1))).isEmpty)
        #expect(table.fireDue(at: t0.advanced(by: .minutes(70) - .nanoseconds(1))).isEmpty)
        #expect(names(table.fireDue(at: t0.advanced(by: .minutes(70)))) == ["report"])
    }

    @Test(arguments: [Duration.minutes(-60), .minutes(-61), .hours(-5)])
    func aDeadlineCannotBeMovedToNowOrThePast(_ delta: Duration) throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .minutes(70), at: t0)
        let now = t0.advanced(by: .minutes(10))
        let error = table.refusal { try $0.extend(name: "report", by: delta, at: now) }
        #expect(error?.kind == .invalid)
        #expect(error?.message.contains("would put it in the past") == true)
        #expect(try table.get("report", at: now).endsAt == t0.wall + .minutes(70))
    }

    @Test func aDeadlineCannotBeMovedMoreThanTenYearsAhead() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + Limits.maxDeadlineAhead, at: t0)
        #expect(table.refusal { try $0.extend(name: "report", by: .nanoseconds(1), at: t0) }?.kind == .invalid)
        #expect(try table.extend(name: "report", by: .nanoseconds(-1), at: t0).timer.state == .running)
    }

    @Test func aDoneDeadlineMovedIntoTheFutureRunsAgain() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        let now = t0.advanced(by: .hours(2))
        #expect(names(table.fireDue(at: now)) == ["report"])

        let stillPast = table.refusal { try $0.extend(name: "report", by: .minutes(30), at: now) }
        #expect(stillPast?.kind == .invalid)
        #expect(try table.get("report", at: now).state == .done)

        let outcome = try table.extend(name: "report", by: .hours(2), at: now)
        #expect(outcome.timer.state == .running)
        #expect(outcome.timer.endsAt == t0.wall + .hours(3))
        #expect(outcome.timer.remaining == .hours(1))
        #expect(outcome.timer.duration == .hours(1))
        #expect(outcome.timer.firedAt == nil)
        #expect(table.fireDue(at: t0.advanced(by: .hours(3) - .nanoseconds(1))).isEmpty)
        #expect(names(table.fireDue(at: t0.advanced(by: .hours(3)))) == ["report"])
    }

    // MARK: cancel

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

    // MARK: firing and waking

    @Test func timersDueTogetherFireInOneNotification() throws {
        var table = TimerTable()
        for name in ["pasta", "eggs", "rice"] { try table.startCountdown(name, .minutes(5), at: t0) }
        try table.startCountdown("later", .minutes(6), at: t0)
        let due = t0.advanced(by: .minutes(5))

        let effects = table.fireDue(at: due)
        let infos = try ["pasta", "eggs", "rice"].map { name throws(TableError) in try table.get(name, at: due) }
        #expect(
            effects == infos.map { .event(.fired, $0) } + [.notify(infos.map { Firing(info: $0, startedAt: t0.wall) })])
        #expect(try table.get("later", at: due).state == .running)
    }

    @Test func timersThatCameDueApartFireInTheOrderTheyWereDue() throws {
        var table = TimerTable()
        try table.startCountdown("a", .minutes(3), at: t0)
        try table.startCountdown("b", .minutes(1), at: t0)
        try table.startCountdown("c", .minutes(2), at: t0)
        try table.startDeadline("d", at: t0.wall + .seconds(90), at: t0)
        let now = t0.advanced(by: .minutes(10))

        let effects = table.fireDue(at: now)
        #expect(names(effects) == ["b", "d", "c", "a"])
        #expect(effects.compactMap(\.event) == Array(repeating: .fired, count: 4))
        let firings = try #require(effects.last?.firings)
        #expect(firings.map(\.info.endsAt) == [1, 1.5, 2, 3].map { t0.wall + .seconds(60 * $0) })
        #expect(firings.allSatisfy { $0.info.firedAt == now.wall && $0.info.remaining == .zero })
    }

    @Test func nextWakeGivesTheEarliestRunningDueOnEachClock() throws {
        var table = TimerTable()
        #expect(table.nextWake() == (nil, nil))
        try table.startCountdown("a", .minutes(5), at: t0)
        try table.startCountdown("b", .minutes(3), at: t0)
        try table.startDeadline("d", at: t0.wall + .minutes(10), at: t0)
        try table.startDeadline("e", at: t0.wall + .minutes(7), at: t0)
        #expect(table.nextWake() == (t0.boot + .minutes(3), t0.wall + .minutes(7)))

        _ = try table.pause(name: "b", at: t0)
        _ = try table.cancel(name: "e", at: t0)
        #expect(table.queuedEntryCount == 4)
        #expect(table.nextWake() == (t0.boot + .minutes(5), t0.wall + .minutes(10)))
        #expect(table.queuedEntryCount == 2)

        _ = try table.cancel(name: "a", at: t0)
        _ = try table.cancel(name: "d", at: t0)
        #expect(table.nextWake() == (nil, nil))
        #expect(table.fireDue(at: t0.advanced(by: .days(1))).isEmpty)
    }

    @Test func aWallClockJumpNeitherFiresNorDelaysACountdown() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        let jumped = t0.wallJumped(by: .hours(1))
        #expect(table.fireDue(at: jumped).isEmpty)
        #expect(try table.get("pasta", at: jumped).remaining == .minutes(10))
        #expect(try table.get("pasta", at: jumped).endsAt == jumped.wall + .minutes(10))
        #expect(table.nextWake().boot == t0.boot + .minutes(10))

        let back = t0.wallJumped(by: .hours(-1)).advanced(by: .minutes(10))
        let effects = table.fireDue(at: back)
        #expect(names(effects) == ["pasta"])
        #expect(try table.get("pasta", at: back).endsAt == back.wall)
    }

    @Test func aDeadlineFiresWhenTheWallClockReachesIt() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(1), at: t0)
        try table.startCountdown("pasta", .minutes(10), at: t0)

        // The clock is set back an hour, then an hour passes: the deadline is still ahead.
        let setBack = t0.wallJumped(by: .hours(-1)).advanced(by: .hours(1))
        #expect(names(table.fireDue(at: setBack)) == ["pasta"])
        #expect(try table.get("report", at: setBack).remaining == .hours(1))

        // The clock is set forward: it fires although the boot clock barely moved.
        let setForward = setBack.bootAdvanced(by: .seconds(1)).wallJumped(by: .hours(1))
        let effects = table.fireDue(at: setForward)
        #expect(names(effects) == ["report"])
        let report = try table.get("report", at: setForward)
        #expect(report.endsAt == t0.wall + .hours(1))
        #expect(report.firedAt == setForward.wall)
    }

    @Test func afterSuspendEverythingThatCameDueFiresWithItsDueTime() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(10), at: t0)
        try table.startDeadline("report", at: t0.wall + .minutes(30), at: t0)
        try table.startCountdown("stew", .hours(2), at: t0)
        let woke = t0.advanced(by: .hours(1))

        let effects = table.fireDue(at: woke)
        #expect(names(effects) == ["pasta", "report"])
        #expect(effects.compactMap(\.firings).count == 1)
        let pasta = try table.get("pasta", at: woke)
        #expect(pasta.endsAt == t0.wall + .minutes(10))
        #expect(pasta.firedAt == woke.wall)
        let report = try table.get("report", at: woke)
        #expect(report.endsAt == t0.wall + .minutes(30))
        #expect(report.firedAt == woke.wall)
        #expect(try table.get("stew", at: woke).remaining == .hours(1))
        #expect(table.nextWake() == (t0.boot + .hours(2), nil))
    }

    // MARK: scale

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
