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
        #expect(content.sound == .name("alarm-clock-elapsed"))
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
        #expect(content.sound == .name("alarm-clock-elapsed"))
    }
}
