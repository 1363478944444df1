import Protocol
import Testing

@testable import timerd

@Suite struct NotificationContentTests {
    static let utc = LocalCalendar(zone: FixedOffsetZone.utc)
    /// One hour east of UTC all year (no DST), so local times differ from the UTC ones.
    static let plusOne = LocalCalendar(zone: FixedOffsetZone(seconds: 3600))

    /// A countdown that ran for `length` from `startedAt` and fired when due.
    static func countdown(_ name: String, _ length: Duration, from startedAt: Timestamp, message: String? = nil)
        -> Firing
    {
        let end = startedAt + length
        let info = TimerInfo(
            name: name, kind: .countdown, state: .done, duration: length, remaining: .zero, endsAt: end,
            createdAt: startedAt, firedAt: end, message: message)
        return Firing(info: info, startedAt: startedAt)
    }

    /// A deadline at `at`, created an hour before and fired `late` after it.
    static func deadline(_ name: String, at: Timestamp, late: Duration = .zero, message: String? = nil) -> Firing {
        let info = TimerInfo(
            name: name, kind: .deadline, state: .done, duration: .hours(1), remaining: .zero, endsAt: at,
            createdAt: at - .hours(1), firedAt: at + late, message: message)
        return Firing(info: info, startedAt: at - .hours(1))
    }

    @Test func oneCountdownIsNamedInTheSummaryAndDescribedInTheBody() {
        let content = NotificationContent.fired(
            [Self.countdown("pasta", .minutes(8), from: instant("2026-11-27T18:34:00Z"))], calendar: Self.utc)
        #expect(content.summary == "pasta" && content.body == "8m timer done (started 18:34)")
        #expect(content.timers == ["pasta"])
        #expect(content.actions == [.snooze(.seconds(60)), .snooze(.seconds(300)), .restart, .dismiss])
        #expect(content.urgency == .critical)
        #expect(content.sound == .silent, "timerd rings it, the server is asked for no sound")
    }

    @Test func aCountdownFiredByTheTableReadsTheSame() throws {
        var table = TimerTable()
        try table.startCountdown("パスタ", .minutes(8), at: .start)
        let effects = table.fireDue(at: Moment.start.advanced(by: .minutes(9)))
        let firings = try #require(effects.compactMap(\.firings).first)
        let content = NotificationContent.fired(firings, calendar: Self.utc)
        #expect(content.summary == "パスタ")
        #expect(content.body == "8m timer done (started 18:34)")
    }

    @Test(arguments: [
        (Duration.seconds(90), "1m30s timer done (started 18:34)"),
        (.minutes(90), "1h30m timer done (started 18:34)"),
        (.seconds(5), "5s timer done (started 18:34)"),
    ])
    func theLengthIsWrittenCompactly(_ length: Duration, _ body: String) {
        let firing = Self.countdown("pasta", length, from: instant("2026-11-27T18:34:00Z"))
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body == body)
    }

    @Test func aCountdownStartedOnAnEarlierDayNamesThatDay() {
        let firing = Self.countdown("dough", .hours(20), from: instant("2026-11-26T22:00:00Z"))
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body == "20h timer done (started Thu 22:00)")
    }

    @Test func theMessageComesFirst() {
        let firing = Self.countdown("pasta", .minutes(8), from: instant("2026-11-27T18:34:00Z"), message: "Drain it")
        let content = NotificationContent.fired([firing], calendar: Self.utc)
        #expect(content.summary == "pasta")
        #expect(content.body == "Drain it\n8m timer done (started 18:34)")
    }

    @Test func anEmptyMessageAddsNoLine() {
        let firing = Self.countdown("pasta", .minutes(8), from: instant("2026-11-27T18:34:00Z"), message: "")
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body == "8m timer done (started 18:34)")
    }

    @Test func aDeadlineSaysWhenItWasDue() {
        let firing = Self.deadline("report", at: instant("2026-11-27T17:00:00Z"))
        let content = NotificationContent.fired([firing], calendar: Self.utc)
        #expect(content.summary == "report" && content.body == "Deadline reached: Fri 17:00")
        #expect(content.actions == [.snooze(.seconds(60)), .snooze(.seconds(300)), .dismiss], "a deadline cannot restart")
    }

    @Test func aDeadlineFiredLateStillSaysWhenItWasDue() {
        let firing = Self.deadline("report", at: instant("2026-11-27T17:00:00Z"), late: .hours(40), message: "Send it")
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body == "Send it\nDeadline reached: Fri 17:00")
    }

    @Test func timesAreLocal() {
        let deadline = Self.deadline("report", at: instant("2026-11-27T23:30:00Z"))
        #expect(NotificationContent.fired([deadline], calendar: Self.plusOne).body == "Deadline reached: Sat 00:30")
        let countdown = Self.countdown("pasta", .minutes(8), from: instant("2026-11-27T17:34:00Z"))
        #expect(NotificationContent.fired([countdown], calendar: Self.plusOne).body == "8m timer done (started 18:34)")
    }

    @Test func severalTimersShareOneNotification() {
        let start = instant("2026-11-27T18:34:00Z")
        let firings = [
            Self.countdown("pasta", .minutes(8), from: start),
            Self.countdown("eggs", .minutes(6), from: start + .minutes(2), message: "Cold water"),
            Self.deadline("rice", at: start + .minutes(8)),
        ]
        let content = NotificationContent.fired(firings, calendar: Self.utc)
        #expect(content.summary == "3 timers done: pasta, eggs, rice")
        #expect(
            content.body == """
                pasta: 8m timer done (started 18:34)
                eggs: Cold water
                6m timer done (started 18:36)
                rice: Deadline reached: Fri 18:42
                """)
        #expect(content.urgency == .critical)
        #expect(content.sound == .silent)
    }

    // MARK: Many timers

    static func countdowns(_ count: Int) -> [Firing] {
        (1...count).map { countdown("t\($0)", .minutes(8), from: instant("2026-11-27T18:34:00Z")) }
    }

    @Test func theSummaryOfManyNamesFiveAndTheBodyTwentyLines() {
        let content = NotificationContent.fired(Self.countdowns(30), calendar: Self.utc)
        #expect(content.summary == "30 timers done: t1, t2, t3, t4, t5 and 25 more")
        let lines = content.body.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 21)
        #expect(lines.first == "t1: 8m timer done (started 18:34)")
        #expect(lines[19] == "t20: 8m timer done (started 18:34)")
        #expect(lines.last == "… and 10 more")
        #expect(content.timers == (1...30).map { "t\($0)" }, "every timer is still closed with it")
    }

    @Test func exactlyFiveNamesAndTwentyLinesNeedNoMore() {
        let five = NotificationContent.fired(Self.countdowns(5), calendar: Self.utc)
        #expect(five.summary == "5 timers done: t1, t2, t3, t4, t5")
        let twenty = NotificationContent.fired(Self.countdowns(20), calendar: Self.utc)
        #expect(twenty.body.split(separator: "\n").count == 20)
        #expect(!twenty.body.contains("more"))
        #expect(NotificationContent.fired(Self.countdowns(6), calendar: Self.utc).summary.hasSuffix("t5 and 1 more"))
    }

    @Test func missedTimersAreCappedToo() {
        let now = instant("2026-11-27T19:00:00Z")
        let content = NotificationContent.missed(Self.countdowns(25), .asleep, now: now, calendar: Self.utc)
        #expect(content.summary == "25 timers finished while the computer was asleep")
        let shown = (1...20).map { "t\($0) (18 min ago)" }.joined(separator: "\n")
        #expect(content.body == shown + "\n… and 5 more")
        #expect(content.timers.count == 25)
        #expect(content.actions == [.snooze(.seconds(60)), .snooze(.seconds(300)), .restart, .dismiss])
    }

    // MARK: Actions

    @Test func countdownsOfferSnoozeRestartAndDismiss() {
        let content = NotificationContent.fired(Self.countdowns(3), calendar: Self.utc)
        #expect(content.actions == [.snooze(.seconds(60)), .snooze(.seconds(300)), .restart, .dismiss])
        #expect(content.actions.map(\.label) == ["Snooze 1 min", "Snooze 5 min", "Restart", "Dismiss"])
    }

    @Test func anyDeadlineAmongThemTakesRestartAway() {
        let firings = Self.countdowns(3) + [Self.deadline("report", at: instant("2026-11-27T18:42:00Z"))]
        let expected: [NotificationAction] = [.snooze(.seconds(60)), .snooze(.seconds(300)), .dismiss]
        #expect(NotificationContent.fired(firings, calendar: Self.utc).actions == expected)
        let now = instant("2026-11-27T19:00:00Z")
        #expect(NotificationContent.missed(firings, .daemonNotRunning, now: now, calendar: Self.utc).actions == expected)
    }

    // MARK: Reminders

    /// A running timer ending at `ends`, reminded `before` it.
    static func reminding(
        _ name: String, _ kind: TimerKind, ends: Timestamp, before: Duration, message: String? = nil
    ) -> Reminding {
        let info = TimerInfo(
            name: name, kind: kind, state: .running, duration: .hours(2), remaining: before, endsAt: ends,
            createdAt: ends - .hours(2), message: message, reminders: [before])
        return Reminding(info: info, before: before)
    }

    @Test func aDeadlinesReminderSaysHowLongIsLeftAndWhen() {
        let at = instant("2026-11-27T17:00:00Z")
        let reminding = Self.reminding("report", .deadline, ends: at, before: .minutes(10))
        let content = NotificationContent.reminder(reminding, now: at - .minutes(10), calendar: Self.utc)
        #expect(content.summary == "report: 10 minutes left")
        #expect(content.body == "Deadline Fri 17:00")
        #expect(content.urgency == .normal)
        #expect(content.actions == [.dismiss])
        #expect(content.timers == ["report"])
    }

    @Test func aCountdownsReminderSaysWhenItEnds() {
        let ends = instant("2026-11-27T18:42:00Z")
        let reminding = Self.reminding("pasta", .countdown, ends: ends, before: .minutes(1))
        let content = NotificationContent.reminder(reminding, now: ends - .minutes(1), calendar: Self.utc)
        #expect(content.summary == "pasta: 1 minute left")
        #expect(content.body == "Ends Fri 18:42")
    }

    @Test func aRemindersMessageComesFirstAndTimesAreLocal() {
        let at = instant("2026-11-27T23:30:00Z")
        let reminding = Self.reminding("report", .deadline, ends: at, before: .minutes(90), message: "Send it")
        let content = NotificationContent.reminder(reminding, now: at - .minutes(90), calendar: Self.plusOne)
        #expect(content.summary == "report: 1 hour 30 minutes left")
        #expect(content.body == "Send it\nDeadline Sat 00:30")
    }
}
