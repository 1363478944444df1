import Protocol
import Testing

@testable import timerctl

/// `Hints`: the daemon's refusals in timerctl's words, from their reason and facts.
@Suite struct HintsTests {
    /// A refusal for `reason` with `facts` as the daemon sends it (the message, in the
    /// protocol's terms, is what timerctl shows only when it has no words of its own).
    static func refusal(_ reason: ErrorReason, _ facts: [(ErrorField, JSONValue)], message: String = "the daemon's words.")
        -> RPCError
    {
        RPCError(reason, message: message, facts: facts)
    }

    /// Facts of every field, for any reason: each takes the ones it names.
    static func sample(_ reason: ErrorReason) -> RPCError {
        let every: [ErrorField: JSONValue] = [
            .name: "tea break", .kind: "deadline", .state: "paused", .remaining: 479.001, .limit: 1000, .items: 998,
            .id: 7, .uid: 65_534, .owner: 1_000,
        ]
        return refusal(reason, reason.fields.map { ($0, every[$0]!) })
    }

    @Test(arguments: ErrorReason.allCases)
    func everyReasonHasAHint(_ reason: ErrorReason) throws {
        let hint = try #require(Hints.hint(reason, Hints.Facts(error: Self.sample(reason))), "no hint for \(reason.rawValue)")
        // Only `invalid`'s sentence is the daemon's own: it names a value, not a command.
        #expect((hint == "the daemon's words.") == (reason == .invalid), "\(reason.rawValue): \(hint)")
    }

    /// What timerctl said before the daemon spoke the protocol's terms, word for word.
    @Test(arguments: [
        (ErrorReason.notFound, "There is no timer named \"tea break\"; `timerctl ls` lists the timers."),
        (.exists, "There is already a deadline named \"tea break\" (8:00 left); cancel it first (`timerctl cancel 'tea break'`) or choose another name."),
        (.tooManyTimers, "timerd already holds 1000 timers, its limit; cancel some (`timerctl cancel --all` removes all)."),
        (.checklistFull, "\"tea break\" has 998 checklist items and a timer holds at most 1000; remove some first (`timerctl todo 'tea break' clear-done` removes those done)."),
        (.paused, "\"tea break\" is already paused; `timerctl resume 'tea break'` continues it."),
        (.running, "\"tea break\" is already running."),
        (.done, "\"tea break\" has finished; `timerctl reset 'tea break'` runs it again."),
        (.notDone, "\"tea break\" has not finished, so there is nothing to snooze; `timerctl extend 'tea break' +5m` adds time."),
        (.deadlineNoPause, "\"tea break\" is a deadline, and a deadline does not pause; move it with `timerctl extend 'tea break' +1h` or cancel it."),
        (.deadlineNoReset, "\"tea break\" is a deadline and has no length to start over; set a new one with `timerctl until 'tea break' WHEN` or move it with `timerctl extend 'tea break' +1h`."),
        (.doneNeedsPositive, "\"tea break\" has finished; only a positive amount (+2m) extends it."),
        (.noItem, "\"tea break\" has no checklist item 7; `timerctl todo 'tea break'` lists them."),
        (.invalid, "the daemon's words."),
        (.otherUser, "This timerd belongs to user 1000, not to you (user 65534); each user runs their own timerd. Leave out --socket and TIMERD_SOCKET to reach yours (timerctl starts it if needed)."),
        (.rootNotAllowed, "This timerd belongs to user 1000 and does not serve root; run timerctl as that user, or start timerd with --allow-root to let root in."),
    ])
    func theHintIsTodaysText(_ reason: ErrorReason, _ text: String) {
        #expect(Hints.text(for: Self.sample(reason)) == text)
    }

    /// In watch a hint names the key that does what it suggests (as the footer names it), and a
    /// command only for what no key does.
    @Test(arguments: [
        (ErrorReason.notFound, "There is no timer named \"tea break\" any more."),
        (.paused, "\"tea break\" is already paused; space continues it."),
        (.done, "\"tea break\" has finished; r runs it again."),
        (.notDone, "\"tea break\" has not finished, so there is nothing to snooze; + adds time."),
        (.deadlineNoPause, "\"tea break\" is a deadline, and a deadline does not pause; move it with + or cancel it."),
        (.deadlineNoReset, "\"tea break\" is a deadline and has no length to start over; set a new one with `timerctl until 'tea break' WHEN` or move it with +."),
        (.stopwatchNoExtend, "\"tea break\" is a stopwatch: it counts up and has no end to move; r starts it again from 0:00."),
        (.stopwatchNoSnooze, "\"tea break\" is a stopwatch and never finishes, so there is nothing to snooze; space stops it."),
        (.notStopwatch, "\"tea break\" is a deadline, and only a stopwatch takes laps; `timerctl stopwatch NAME` starts one."),
        (.lapPaused, "\"tea break\" is paused; space continues it, then laps count."),
        (.lapsFull, "\"tea break\" has 1000 laps, as many as a stopwatch holds; r starts it again from 0:00 without laps."),
        (.noItem, "\"tea break\" has no checklist item 7; `timerctl todo 'tea break'` lists them."),
    ])
    func inWatchTheHintNamesTheKey(_ reason: ErrorReason, _ text: String) {
        #expect(Hints.text(for: Self.sample(reason), in: .watch) == text)
    }

    /// The commands that a key of watch does.
    static let keyCommands: [WatchKey: [String]] = [
        .space: ["pause", "resume", "dismiss", "toggle"], .lap: ["lap"], .reset: ["reset", "restart"], .addMinute: ["extend"],
    ]

    @Test(arguments: ErrorReason.allCases)
    func noWatchHintNamesACommandThatAKeyDoes(_ reason: ErrorReason) {
        #expect(Set(Self.keyCommands.keys) == Set(WatchKey.allCases))
        let hint = Hints.text(for: Self.sample(reason), in: .watch)
        for command in Self.keyCommands.values.joined() {
            #expect(!hint.contains("`timerctl \(command) "), "\(reason.rawValue): \(hint)")
        }
    }

    /// The timer each refusal comes for, when a key of watch asks: the keys its hint names are
    /// the footer's for that timer, so the hint points at a key the screen shows.
    @Test(arguments: [
        (ErrorReason.paused, TimerFilterTests.timer("tea", .countdown, .paused)),
        (.done, TimerFilterTests.timer("toast", .countdown, .done)),
        (.notDone, TimerFilterTests.timer("pasta", .countdown, .running)),
        (.deadlineNoPause, TimerFilterTests.timer("report", .deadline, .running)),
        (.deadlineNoReset, TimerFilterTests.timer("report", .deadline, .running)),
        (.stopwatchNoExtend, TimerFilterTests.timer("run", .stopwatch, .running)),
        (.stopwatchNoSnooze, TimerFilterTests.timer("run", .stopwatch, .running)),
        (.lapPaused, TimerFilterTests.timer("bread", .stopwatch, .paused)),
        (.lapsFull, TimerFilterTests.timer("run", .stopwatch, .running)),
    ])
    func theKeyAWatchHintNamesIsInTheFooter(_ reason: ErrorReason, _ timer: TimerInfo) throws {
        let error = Self.refusal(
            reason, reason.fields.map { field in
                switch field {
                case .name: (field, .string(timer.name))
                case .kind: (field, .string(timer.kind.rawValue))
                case .state: (field, .string(timer.state.rawValue))
                case .limit: (field, 1000)
                default: (field, 0)
                }
            })
        let hint = Hints.text(for: error, in: .watch)
        let footer = WatchKey.footer(for: timer, at: TimerFilterTests.now, unicode: true)
        let named = WatchKey.allCases.filter { hint.contains("; \($0.name) ") || hint.hasSuffix(" \($0.name).") || hint.contains(" \($0.name) or ") }
        #expect(named.count == 1, "\(reason.rawValue): \(hint)")
        for key in named {
            #expect(footer.hasPrefix("\(key.name) ") || footer.contains(" · \(key.name) "), "\(reason.rawValue): \(hint) / \(footer)")
        }
    }

    @Test func aTimerThatIsNoDeadlineIsATimer() {
        let error = Self.refusal(.exists, [(.name, "pasta"), (.kind, "countdown"), (.state, "running"), (.remaining, 480)])
        #expect(Hints.text(for: error) == "There is already a timer named \"pasta\" (8:00 left); cancel it first (`timerctl cancel pasta`) or choose another name.")
    }

    /// A newer daemon's reason, an older daemon's error without one, or one without a fact the
    /// hint needs: the daemon's own sentence, never an empty or half-made one.
    @Test func otherwiseTheDaemonsMessageIsShown() {
        let newer = RPCError(code: RPCError.wrongStateCode, message: "\"pasta\" is ringing; method `dismiss` stops it.",
                             data: ["reason": "ringing", "name": "pasta"])
        #expect(newer.reason == nil)
        #expect(Hints.text(for: newer) == "\"pasta\" is ringing; method `dismiss` stops it.")
        let older = RPCError(code: RPCError.notFoundCode, message: "There is no timer named \"x\"; `timerctl ls` lists the timers.",
                             data: ["name": "x"])
        #expect(Hints.text(for: older) == older.message)
        #expect(Hints.text(for: RPCError(code: RPCError.internalErrorCode, message: "No data.")) == "No data.")
        let lacking = RPCError(code: RPCError.alreadyExistsCode, message: "The daemon's.", data: ["reason": "exists", "name": "pasta"])
        #expect(Hints.text(for: lacking) == "The daemon's.")
        let mistyped = RPCError(code: RPCError.notFoundCode, message: "The daemon's.", data: ["reason": "not-found", "name": 7])
        #expect(Hints.text(for: mistyped) == "The daemon's.")
    }
}
