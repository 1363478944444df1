import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start  // Fri 18:34 UTC

/// What the notifications of a repeating timer say (`--repeat N`, `--then NAME DURATION`,
/// `--cycles N`): each step's names the timer's message as a one-off timer's does, and the
/// last one tells the whole of what ran.
@Suite struct RepeatingNotificationTests {
    static let utc = NotificationContentTests.utc
    static let breakStep = Repeats.Step(name: "break", length: .minutes(5))

    /// A table with `name` started at `t0` for `length`, repeating as `repeats` says.
    static func table(
        _ repeats: Repeats, name: String = "focus", length: Duration = .minutes(25), message: String? = nil
    ) throws -> TimerTable {
        var table = TimerTable()
        _ = try table.start(name: name, schedule: .countdown(length), message: message, repeats: repeats, at: t0)
        return table
    }

    /// The notification for what fired at `now` (there must be one).
    static func ending(_ table: inout TimerTable, at now: Moment) throws -> NotificationContent {
        let firings = try #require(table.fireDue(at: now).compactMap(\.firings).first)
        return NotificationContent.fired(firings, calendar: utc)
    }

    /// The step notifications for what came due at `now`.
    static func steps(_ table: inout TimerTable, at now: Moment) -> [NotificationContent] {
        table.fireDue(at: now).compactMap { effect in
            guard case .advance(let advancing) = effect else { return nil }
            return NotificationContent.advanced(advancing, now: now.wall, calendar: utc)
        }
    }

    // MARK: The end

    @Test func aPomodorosEndTellsAllItsRoundsAndStepsAfterItsMessage() throws {
        var table = try Self.table(Repeats(rounds: 4, then: Self.breakStep), message: "Write the intro")
        let content = try Self.ending(&table, at: t0.advanced(by: .hours(2)))
        #expect(content.summary == "focus")
        #expect(content.body == "Write the intro\n4 rounds of focus 25m + break 5m done (started 18:34)")
        #expect(content.actions == [.snooze(.seconds(60)), .snooze(.seconds(300)), .restart, .dismiss])
    }

    @Test func oneRoundOfTwoStepsNamesBoth() throws {
        var table = try Self.table(Repeats(rounds: 1, then: Self.breakStep))
        let content = try Self.ending(&table, at: t0.advanced(by: .minutes(30)))
        #expect(content.summary == "focus")
        #expect(content.body == "focus 25m + break 5m done (started 18:34)")
    }

    @Test func aRepeatedTimerTellsItsRounds() throws {
        var table = try Self.table(Repeats(rounds: 3), name: "tea", length: .minutes(5))
        let content = try Self.ending(&table, at: t0.advanced(by: .minutes(15)))
        #expect(content.summary == "tea")
        #expect(content.body == "3 rounds of tea 5m done (started 18:34)")
    }

    @Test func oneRoundWithoutAThenStepIsToldAsAnyTimer() throws {
        // `--cycles 1` or `--repeat 1` alone: the timer runs once.
        var table = try Self.table(Repeats(rounds: 1))
        #expect(try Self.ending(&table, at: t0.advanced(by: .minutes(25))).body == "25m timer done (started 18:34)")
    }

    @Test func itStartedWhenItsFirstStepDidWhateverPausedOrWasAddedOnTheWay() throws {
        var table = try Self.table(Repeats(rounds: 2, then: Self.breakStep))
        _ = table.fireDue(at: t0.advanced(by: .minutes(30)))  // round 2's focus begins at 19:04
        _ = try table.pause(name: "focus", at: t0.advanced(by: .minutes(40)))
        _ = try table.resume(name: "focus", at: t0.advanced(by: .minutes(50)))
        _ = try table.extend(name: "focus", by: .minutes(2), at: t0.advanced(by: .minutes(51)))
        // Focus ends at 19:41 (19:04 + 25m + 10m paused + 2m), its break at 19:46.
        _ = table.fireDue(at: t0.advanced(by: .minutes(67)))
        let content = try Self.ending(&table, at: t0.advanced(by: .minutes(72)))
        #expect(content.body == "2 rounds of focus 25m + break 5m done (started 18:34)")
    }

    @Test func aResetBeginsItAgain() throws {
        var table = try Self.table(Repeats(rounds: 2, then: Self.breakStep))
        _ = table.fireDue(at: t0.advanced(by: .minutes(25)))
        _ = try table.reset(name: "focus", at: t0.advanced(by: .minutes(26)))  // 19:00
        let content = try Self.ending(&table, at: t0.advanced(by: .minutes(86)))
        #expect(content.body == "2 rounds of focus 25m + break 5m done (started 19:00)")
    }

    @Test func aFinishedPomodoroSnoozedOrExtendedEndsAsThatRunNotAsThePomodoro() throws {
        var table = try Self.table(Repeats(rounds: 2, then: Self.breakStep))
        let end = t0.advanced(by: .hours(1))  // 19:34
        _ = table.fireDue(at: end)
        _ = try table.snooze(name: "focus", by: .minutes(5), at: end.advanced(by: .minutes(1)))
        #expect(try Self.ending(&table, at: end.advanced(by: .minutes(6))).body == "5m timer done (started 19:35)")
        _ = try table.extend(name: "focus", by: .minutes(2), at: end.advanced(by: .minutes(7)))
        #expect(try Self.ending(&table, at: end.advanced(by: .minutes(9))).body == "2m timer done (started 19:41)")
        // Restarted, it is the pomodoro again.
        _ = try table.reset(name: "focus", at: end.advanced(by: .minutes(10)))
        #expect(
            try Self.ending(&table, at: end.advanced(by: .minutes(70))).body
                == "2 rounds of focus 25m + break 5m done (started 19:44)")
    }

    @Test func aPomodoroSavedBeforeItsBeginningWasKeptLeavesTheTimeOut() {
        let steps = [Repeats.Step(name: "focus", length: .minutes(25)), Self.breakStep]
        let saved = SQLiteStore.chain(#"{"steps":[{"name":"focus","ns":1500000000000},{"name":"break","ns":300000000000}],"rounds":4,"round":4,"step":1}"#)
        #expect(saved == Chain(steps: steps, rounds: 4, round: 4, step: 1))
        var firing = NotificationContentTests.countdown("focus", .minutes(5), from: instant("2026-11-27T20:29:00Z"))
        firing.chain = saved
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body == "4 rounds of focus 25m + break 5m done")
    }

    @Test func aPomodoroMissedWhileTimerdWasDownIsToldWhole() throws {
        var table = try Self.table(Repeats(rounds: 4, then: Self.breakStep), message: "Write the intro")
        let now = t0.advanced(by: .hours(2) + .minutes(12))
        let firings = try #require(table.fireDue(at: now).compactMap(\.firings).first)
        let content = NotificationContent.missed(firings, .daemonNotRunning, now: now.wall, calendar: Self.utc)
        #expect(content.summary == "focus finished while timerd was not running")
        #expect(
            content.body
                == "Write the intro\n4 rounds of focus 25m + break 5m done (started 18:34)\nIt was due at 20:34, 12 min ago.")
    }

    // MARK: Each step

    @Test func eachStepLeadsWithTheTimersMessage() throws {
        var table = try Self.table(Repeats(rounds: 2, then: Self.breakStep), message: "Write the intro")
        let first = Self.steps(&table, at: t0.advanced(by: .minutes(25)))
        #expect(first.map(\.summary) == ["focus done"])
        #expect(first.map(\.body) == ["Write the intro\nNow break for 5m, until 19:04 (round 1 of 2)."])
        let second = Self.steps(&table, at: t0.advanced(by: .minutes(30)))
        #expect(second.map(\.summary) == ["break done"])
        #expect(second.map(\.body) == ["Write the intro\nNow focus for 25m, until 19:29 (round 2 of 2)."])
        #expect(second.map(\.timers) == [["focus"]])
    }

    @Test func theStepOfASingleRoundCountsNoRounds() throws {
        var table = try Self.table(Repeats(rounds: 1, then: Self.breakStep), message: "Write the intro")
        let steps = Self.steps(&table, at: t0.advanced(by: .minutes(25)))
        #expect(steps.map(\.body) == ["Write the intro\nNow break for 5m, until 19:04."])
    }

    @Test func aStepWithoutAMessageSaysOnlyWhatIsNext() throws {
        var table = try Self.table(Repeats(rounds: 3), name: "tea", length: .minutes(5))
        let steps = Self.steps(&table, at: t0.advanced(by: .minutes(5)))
        #expect(steps.map(\.summary) == ["tea done"])
        #expect(steps.map(\.body) == ["Now tea for 5m, until 18:44 (round 2 of 3)."])
    }

    @Test func aStepsMessageIsShortenedAndEscapedAsAnyOther() throws {
        let message = "<b>Tom & Jerry</b>\n" + (1...20).map { "line \($0)" }.joined(separator: "\n")
        var table = try Self.table(Repeats(rounds: 2, then: Self.breakStep), message: message)
        let step = try #require(Self.steps(&table, at: t0.advanced(by: .minutes(25))).first)
        let lines = step.shownBody.split(separator: "\n")
        #expect(lines.count == NotificationText.maxMessageLines + 1)
        #expect(lines.first == "<b>Tom & Jerry</b>")
        #expect(lines[NotificationText.maxMessageLines - 1] == "line \(NotificationText.maxMessageLines - 1)…")
        #expect(lines.last == "Now break for 5m, until 19:04 (round 1 of 2).")
        #expect(Markup.escape(step.shownBody).hasPrefix("&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;\n"))
    }
}
