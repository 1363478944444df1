import Testing
@testable import timerctl
import Protocol

@Suite struct RenderTests {
    /// Monday 30 November 2026, noon UTC.
    static let now = instant("2026-11-30T12:00:00Z")
    static let render = Render(now: now, calendar: LocalCalendar(zone: FixedOffsetZone.utc))

    static let pasta = TimerInfo(
        name: "pasta", kind: .countdown, state: .running, duration: .seconds(480), remaining: .seconds(240),
        endsAt: now + .seconds(240), createdAt: now - .seconds(240))
    static let pausedPasta = TimerInfo(
        name: "パスタ", kind: .countdown, state: .paused, duration: .seconds(600), remaining: .seconds(150),
        endsAt: nil, createdAt: now - .seconds(900), message: "stir\nand taste")
    static let tea = TimerInfo(
        name: "tea", kind: .countdown, state: .done, duration: .seconds(180), remaining: .zero,
        endsAt: now - .seconds(180), createdAt: now - .seconds(360), firedAt: now - .seconds(180), message: "green tea")
    static let report = TimerInfo(
        name: "report", kind: .deadline, state: .running, duration: .seconds(4 * 86_400),
        remaining: .seconds(3 * 86_400 + 5 * 3600), endsAt: now + .seconds(3 * 86_400 + 5 * 3600),
        createdAt: now - .seconds(19 * 3600))
    /// Due at 11:48 while the machine slept; fired when it woke at 11:59:30.
    static let eggs = TimerInfo(
        name: "eggs", kind: .countdown, state: .done, duration: .seconds(420), remaining: .zero,
        endsAt: now - .seconds(12 * 60), createdAt: now - .seconds(19 * 60), firedAt: now - .seconds(30), message: "soft")

    static func timer(
        _ name: String, _ state: TimerState = .running, left: Duration, of duration: Duration = .seconds(480),
        endedAgo: Duration? = nil
    ) -> TimerInfo {
        let endsAt = state == .paused ? nil : now + left - (endedAgo ?? .zero)
        return TimerInfo(
            name: name, kind: .countdown, state: state, duration: duration, remaining: left, endsAt: endsAt,
            createdAt: now - duration, firedAt: state == .done ? endsAt : nil)
    }

    // MARK: The ls table (more in RenderTableTests)

    @Test func table() {
        #expect(Self.render.table([Self.tea, Self.report, Self.pasta, Self.pausedPasta]) == """
              NAME               LEFT  PROGRESS          ENDS       MESSAGE
            ‖ パスタ             2:30  ████████████░░░░  -          stir
            ► pasta              4:00  ████████░░░░░░░░  12:04
            ► report  3 days 05:00:00  ███▏░░░░░░░░░░░░  Thu 17:00
            ✓ tea     done 3 min ago                     11:57      green tea

            """)
    }

    @Test func missedTimerSaysSoAndIsSortedWithTheDoneOnesByWhenItWasDue() {
        #expect(Self.render.table([Self.eggs, Self.pasta, Self.tea]) == """
              NAME   LEFT  PROGRESS          ENDS   MESSAGE
            ► pasta  4:00  ████████░░░░░░░░  12:04
            ✓ tea    done 3 min ago          11:57  green tea
            ! eggs   missed, due 12 min ago  11:48  soft

            """)
    }

    @Test func tableWithoutMessagesHasNoMessageColumnNorTrailingSpaces() {
        #expect(Self.render.table([Self.pasta]) == """
              NAME   LEFT  PROGRESS          ENDS
            ► pasta  4:00  ████████░░░░░░░░  12:04

            """)
    }

    // MARK: Order

    @Test func sortedByTimeLeftThenNameWithDoneLastMostRecentFirst() {
        let timers = [
            Self.timer("slow", left: .seconds(300)),
            Self.timer("done long ago", .done, left: .zero, endedAgo: .seconds(600)),
            Self.timer("b", left: .seconds(60)),
            Self.timer("done just now", .done, left: .zero, endedAgo: .seconds(5)),
            Self.timer("a", left: .seconds(60)),
            Self.timer("paused", .paused, left: .seconds(30)),
        ]
        #expect(timers.sorted(by: Render.order).map(\.name) == ["paused", "a", "b", "slow", "done just now", "done long ago"])
        let rows = Self.render.table(timers).split(separator: "\n").dropFirst()
        #expect(rows.map { $0.split(separator: " ")[1] } == ["paused", "a", "b", "slow", "done", "done"])
    }

    // MARK: Clock changes

    @Test func aTimeTheClocksSkipOrShowTwiceIsSaidPlainly() {
        let march = LocalDateTime(date: CivilDate(year: 2027, month: 3, day: 28), hour: 2, minute: 30)
        var set = march
        set.hour = 3
        #expect(Render.clockChange(.skipped(asked: march, set: set))
            == "02:30 does not exist on Sun 28 Mar (clocks go forward): set for 03:30.")
        let october = LocalDateTime(date: CivilDate(year: 2027, month: 10, day: 31), hour: 2, minute: 30)
        #expect(Render.clockChange(.repeated(asked: october, second: false))
            == "02:30 comes twice on Sun 31 Oct (clocks go back): set for the first.")
        #expect(Render.clockChange(.repeated(asked: october, second: true))
            == "02:30 comes twice on Sun 31 Oct (clocks go back): set for the second, as the first has gone by.")
    }

    // MARK: Bars

    static let bars: [(Double, String)] = [
        (0.0, "░░░░░░░░"),
        (1.0 / 64, "▏░░░░░░░"),
        (1.0 / 16, "▌░░░░░░░"),
        (7.0 / 64, "▉░░░░░░░"),
        (9.0 / 64, "█▏░░░░░░"),
        (0.5, "████░░░░"),
        (63.0 / 64, "███████▉"),
        (1.0, "████████"),
        (-0.5, "░░░░░░░░"),
        (1.5, "████████"),
        (1.0 / 128, "░░░░░░░░"),
    ]

    @Test(arguments: bars)
    func bar(fraction: Double, expected: String) {
        #expect(Render.bar(fraction, width: 8) == expected)
    }

    @Test func barIsAlwaysItsWidth() {
        for width in [1, 8, 16, 24] {
            for step in 0...(width * 8) {
                let bar = Render.bar(Double(step) / Double(width * 8), width: width)
                #expect(TextWidth.of(bar) == width)
                #expect(bar.count == width)
            }
        }
    }

    @Test func asciiBarsCountWholeCellsBetweenBrackets() {
        #expect(Render.bar(0, width: 8, unicode: false) == "[......]")
        #expect(Render.bar(0.5, width: 8, unicode: false) == "[###...]")
        #expect(Render.bar(0.99, width: 6, unicode: false) == "[###.]")
        #expect(Render.bar(1, width: 8, unicode: false) == "[######]")
        #expect(Render.bar(1.5, width: 6, unicode: false) == "[####]")
        #expect(Render.bar(-1, width: 6, unicode: false) == "[....]")
        for width in 2...24 {
            #expect(Render.bar(0.3, width: width, unicode: false).count == width)
        }
    }

    // MARK: Cells

    @Test func leftForRunningAndPausedIsTheCountdown() {
        #expect(Self.render.left(Self.pasta) == "4:00")
        #expect(Self.render.left(Self.pausedPasta) == "2:30")
        #expect(Self.render.left(Self.report) == "3 days 05:00:00")
    }

    @Test func leftForMissedSaysWhenItWasDue() {
        #expect(Self.render.left(Self.eggs) == "missed, due 12 min ago")
        #expect(Self.render.shortLeft(Self.eggs) == "missed")
    }

    @Test func shortLeftIsLeftInFewerColumns() {
        #expect(Self.render.shortLeft(Self.pasta) == "4:00")
        #expect(Self.render.shortLeft(Self.tea) == "done")
        #expect(Self.render.shortLeft(Self.report) == "3d5h")
        #expect(Self.render.shortLeft(Self.timer("t", left: .seconds(86_399), of: .seconds(90_000))) == "23:59:59")
    }

    @Test func leftForDoneSaysHowLongAgo() {
        #expect(Self.render.left(Self.tea) == "done 3 min ago")
        #expect(Self.render.left(Self.timer("t", .done, left: .zero, endedAgo: .seconds(2 * 3600 + 20 * 60))) == "done 2 h 20 min ago")
        #expect(Self.render.left(Self.timer("t", .done, left: .zero, endedAgo: .milliseconds(300))) == "done just now")
    }

    @Test func leftForDoneFallsBackToFiredAtThenToNothing() {
        var timer = Self.tea
        timer.endsAt = nil
        timer.firedAt = Self.now - .seconds(2 * 86_400)
        #expect(Self.render.left(timer) == "done 2 days ago")
        timer.firedAt = nil
        #expect(Self.render.left(timer) == "done")
    }

    @Test func endsOfAPausedTimerIsADash() {
        #expect(Self.render.ends(Self.pausedPasta) == "-")
        var stillKnowsItsEnd = Self.pasta
        stillKnowsItsEnd.state = .paused
        #expect(Self.render.ends(stillKnowsItsEnd) == "-")
    }

    @Test func endsIsAsShortAsIsClear() {
        #expect(Self.render.ends(Self.pasta) == "12:04")
        #expect(Self.render.ends(Self.report) == "Thu 17:00")
        #expect(Self.render.ends(Self.tea) == "11:57")
        #expect(Self.render.ends(Self.timer("later", left: .seconds(30 * 86_400), of: .seconds(31 * 86_400))) == "Dec 30 12:00")
    }

    // MARK: Sentences

    @Test func started() {
        #expect(Self.render.started(Self.pasta) == "pasta: 8m, done at 12:04.")
        #expect(Self.render.started(Self.timer("tea break", left: .seconds(210), of: .seconds(210))) == "tea break: 3m30s, done at 12:03.")
        #expect(Self.render.started(Self.report) == "report: deadline Thu 17:00, 3 days 05:00:00 from now.")
    }

    @Test func startedMentionsReminders() {
        var report = Self.report
        report.reminders = [.seconds(3600), .seconds(600)]
        #expect(Self.render.started(report) == "report: deadline Thu 17:00, 3 days 05:00:00 from now; reminders 1h and 10m before.")
        var pasta = Self.pasta
        pasta.reminders = [.seconds(60)]
        #expect(Self.render.started(pasta) == "pasta: 8m, done at 12:04; reminder 1m before.")
        // Longest first, whatever order the daemon sent them in.
        pasta.reminders = [.seconds(60), .seconds(3 * 60), .seconds(90)]
        #expect(Self.render.started(pasta) == "pasta: 8m, done at 12:04; reminders 3m, 1m30s and 1m before.")
    }

    @Test func startedSaysNothingOfTheSound() {
        var pasta = Self.pasta
        pasta.sound = .silent
        #expect(Self.render.started(pasta) == "pasta: 8m, done at 12:04.")
    }

    @Test(arguments: [([String](), ""), (["1h"], "1h"), (["1h", "10m"], "1h and 10m"), (["1d", "1h", "10m"], "1d, 1h and 10m")])
    func list(items: [String], text: String) {
        #expect(Render.list(items) == text)
    }

    @Test func changed() {
        #expect(Self.render.changed(Self.pausedPasta, "paused") == "パスタ paused with 2:30 left.")
        #expect(Self.render.changed(Self.pasta, "resumed") == "pasta resumed: 4:00 left, done at 12:04.")
        #expect(Self.render.changed(Self.report, "extended") == "report extended: 3 days 05:00:00 left, done at Thu 17:00.")
        #expect(Self.render.changed(Self.tea, "cancelled") == "tea cancelled.")
        #expect(Self.render.changed(Self.timer("pasta", left: .seconds(300), of: .seconds(300)), "snoozed")
            == "pasta snoozed: 5:00 left, done at 12:05.")
    }

    // MARK: show

    @Test func detailOfARunningCountdown() {
        #expect(Self.render.detail(Self.pasta) == """
            pasta: countdown, running
              left      4:00 of 8:00
              progress  ████████████░░░░░░░░░░░░ 50%
              ends      Mon 30 Nov 12:04
              created   Mon 30 Nov 11:56

            """)
    }

    @Test func detailShowsTheTimersOwnCommandAsTypedEachLineInTheValueColumn() {
        var pasta = Self.pasta
        pasta.exec = "playerctl pause\nprintf '%s\\n' \"$TIMERD_NAME\" >> ~/done.log"
        #expect(Self.render.detail(pasta).hasSuffix("""
              created   Mon 30 Nov 11:56
              exec      playerctl pause
                        printf '%s\\n' "$TIMERD_NAME" >> ~/done.log

            """))
    }

    @Test func aRecurringDeadlineShowsItsRuleInTheTableTheDetailAndTheConfirmation() {
        var standup = TimerInfo(
            name: "standup", kind: .deadline, state: .running, duration: .seconds(3600), remaining: .seconds(1800),
            endsAt: Self.now + .seconds(1800), createdAt: Self.now - .seconds(1800),
            every: Recurrence(.weekdays(Recurrence.mondayToFriday), at: TimeOfDay(hour: 12, minute: 30)))
        #expect(Render.stepName(standup) == "standup ↻ weekdays")
        #expect(Self.render.detail(standup).contains("\n  every     weekdays at 12:30\n"))
        #expect(Self.render.started(standup) == "standup: next 12:30, 30:00 from now, then weekdays at 12:30.")
        standup.every?.freshChecklist = true
        #expect(Self.render.detail(standup).contains("\n  every     weekdays at 12:30, its checklist unticked each time\n"))
    }

    @Test func detailOnAnASCIITerminalDrawsAnASCIIBar() {
        let ascii = Render(now: Self.now, calendar: Self.render.calendar, terminal: Terminal(width: 80, color: false, unicode: false))
        #expect(ascii.detail(Self.pasta).contains("\n  progress  [###########...........] 50%\n"))
    }

    @Test func detailOfAPausedCountdownWithATwoLineMessage() {
        #expect(Self.render.detail(Self.pausedPasta) == """
            パスタ: countdown, paused
              left      2:30 of 10:00
              progress  ██████████████████░░░░░░ 75%
              created   Mon 30 Nov 11:45
              message   stir
                        and taste

            """)
    }

    @Test func detailOfACountdownThatFiredLate() {
        var tea = Self.tea
        tea.endsAt = Self.now - .seconds(3 * 3600)
        tea.createdAt = Self.now - .seconds(3 * 3600 + 180)
        tea.firedAt = Self.now - .seconds(180)
        #expect(Self.render.detail(tea) == """
            tea: countdown, done
              left      missed, due 3 h ago
              progress  ████████████████████████ 100%
              ended     Mon 30 Nov 09:00
              fired     Mon 30 Nov 11:57 (2 h 57 min late: timerd was not running or the computer was asleep)
              created   Mon 30 Nov 08:57
              message   green tea

            """)
    }

    @Test func detailOfAMissedCountdownSaysHowLate() {
        #expect(Self.render.detail(Self.eggs).contains("""

              ended     Mon 30 Nov 11:48
              fired     Mon 30 Nov 11:59:30 (11 min late: timerd was not running or the computer was asleep)
              created   Mon 30 Nov 11:41

            """))
    }

    @Test func detailListsRemindersAndTheSoundFileBeforeTheMessage() {
        var report = Self.report
        report.reminders = [.seconds(600), .seconds(86_400), .seconds(3600)]
        report.sound = .file("/home/ana/sounds/gong.oga")
        report.message = "send it"
        #expect(Self.render.detail(report) == """
            report: deadline, running
              left      3 days 05:00:00 of 4 days 00:00:00
              progress  ████▋░░░░░░░░░░░░░░░░░░░ 19%
              ends      Thu 3 Dec 17:00
              created   Sun 29 Nov 17:00
              remind    1d, 1h and 10m before
              sound     /home/ana/sounds/gong.oga
              message   send it

            """)
    }

    @Test func detailOfASilentTimerWithOneReminder() {
        var pasta = Self.pasta
        pasta.reminders = [.seconds(60)]
        pasta.sound = .silent
        #expect(Self.render.detail(pasta) == """
            pasta: countdown, running
              left      4:00 of 8:00
              progress  ████████████░░░░░░░░░░░░ 50%
              ends      Mon 30 Nov 12:04
              created   Mon 30 Nov 11:56
              remind    1m before
              sound     silent

            """)
    }

    @Test func lsDoesNotShowRemindersOrSound() {
        var pasta = Self.pasta
        pasta.reminders = [.seconds(60)]
        pasta.sound = .file("/a.oga")
        #expect(Self.render.table([pasta]) == Self.render.table([Self.pasta]))
    }

    @Test func detailOfADoneCountdownOnTimeHasNoFiredLine() {
        #expect(!Self.render.detail(Self.tea).contains("fired"))
    }

    /// At most `Limits.lateAfter` late is on time: no fired line, state `done`.
    @Test(arguments: [(Duration.milliseconds(1500), false), (.seconds(2), false), (.milliseconds(2001), true)])
    func firedLineAndMissedStateFromTwoSecondsLate(late: Duration, missed: Bool) {
        var tea = Self.tea
        tea.firedAt = tea.endsAt.map { $0 + late }
        #expect(Self.render.detail(tea).contains("  fired     Mon 30 Nov 11:57:0") == missed)
        #expect(Self.render.detail(tea).contains("(2 s late: timerd was not running") == missed)
        #expect(Self.render.status(tea) == (missed ? .missed : .done))
    }

    @Test func statusOfTimersThatAreNotMissedIsTheirState() {
        #expect(Self.render.status(Self.pasta) == .running)
        #expect(Self.render.status(Self.pausedPasta) == .paused)
        #expect(Self.render.status(Self.tea) == .done)
        #expect(Self.render.status(Self.eggs) == .missed)
    }

    static let latenesses: [(Duration, String)] = [
        (.milliseconds(300), "on time"),
        (.milliseconds(2001), "2 s late"),
        (.seconds(59), "59 s late"),
        (.seconds(60), "1 min late"),
        (.seconds(12 * 60 + 59), "12 min late"),
        (.seconds(3600), "1 h late"),
        (.seconds(3600 + 20 * 60 + 30), "1 h 20 min late"),
        (.seconds(86_400 + 5 * 3600), "1 day late"),
        (.seconds(3 * 86_400), "3 days late"),
    ]

    @Test(arguments: latenesses)
    func late(by: Duration, text: String) {
        #expect(Render.late(by) == text)
    }

    @Test func detailOfADeadline() {
        #expect(Self.render.detail(Self.report) == """
            report: deadline, running
              left      3 days 05:00:00 of 4 days 00:00:00
              progress  ████▋░░░░░░░░░░░░░░░░░░░ 19%
              ends      Thu 3 Dec 17:00
              created   Sun 29 Nov 17:00

            """)
    }

    @Test func detailUsesTheCalendarsZone() {
        let tokyo = Render(now: Self.now, calendar: LocalCalendar(zone: FixedOffsetZone(seconds: 9 * 3600)))
        #expect(tokyo.detail(Self.pasta).contains("  ends      Mon 30 Nov 21:04\n"))
        #expect(tokyo.ends(Self.pasta) == "21:04")
    }
}

/// A timestamp from RFC 3339 text, for fixtures that read like the instants they name.
func instant(_ text: String) -> Timestamp {
    guard let t = RFC3339.parse(text) else { fatalError("bad test timestamp \(text)") }
    return t
}
