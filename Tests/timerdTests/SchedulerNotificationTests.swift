import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start
private typealias Arming = RecordingAlarm.Arming

@Suite struct SchedulerNotificationTests {
    // MARK: Helpers

    /// Starts a countdown of `length` with `notify`.
    static func start(
        _ h: Harness, _ name: String, _ length: Duration, notify: NotifyOptions = NotifyOptions()
    ) async -> JSONValue? {
        await h.send(.start(name: name, spec: .countdown(length), message: nil, notify: notify))
    }

    /// Starts a deadline at `at` with `notify`.
    static func until(
        _ h: Harness, _ name: String, _ at: Timestamp, message: String? = nil, notify: NotifyOptions = NotifyOptions()
    ) async -> JSONValue? {
        await h.send(.start(name: name, spec: .deadline(at), message: message, notify: notify))
    }

    /// Plays the live alarm: each arming wakes the scheduler once, at its instant (the earlier
    /// of its two). `next()` moves both clocks there and wakes; false when nothing new is armed.
    struct AlarmFollower {
        let h: Harness
        private var followed = 0

        init(_ h: Harness) { self.h = h }

        mutating func next() async -> Bool {
            let armings = h.alarm.armings
            guard armings.count > followed, let armed = armings.last else { return false }
            followed = armings.count
            let now = h.clock.now()
            let ahead = [armed.boot.map { $0 - now.boot }, armed.wall.map { $0 - now.wall }].compactMap { $0 }.min()
            guard let ahead else { return false }
            h.clock.advance(by: max(.zero, ahead))
            await h.scheduler.wake()
            return true
        }

        /// Follows the alarm until nothing more is armed.
        mutating func toTheEnd() async {
            while await next() {}
        }
    }

    /// Starts the countdowns `names`, each of `length`, and lets them fire together.
    static func fired(_ h: Harness, _ names: [String], after length: Duration = .minutes(5)) async {
        for name in names { _ = await start(h, name, length) }
        h.clock.advance(by: length)
        await h.scheduler.wake()
    }

    // MARK: Settings read again (SIGHUP)

    @Test func newSettingsApplyToWhatIsShownAndStartedFromThenOn() async throws {
        let h = Harness(settings: NotificationSettings(reminders: [.minutes(10)], soundPlayer: .server))
        let at = t0.wall + .hours(2)
        _ = await Self.until(h, "report", at)
        await h.scheduler.reconfigure(NotificationSettings(reminders: [.minutes(30)], urgency: .normal, soundPlayer: .server))
        let later = await Self.until(h, "review", at)
        #expect(try timer(later).reminders == [.minutes(30)], "a deadline started now gets the new reminders")
        #expect(h.store.timer(named: "report")?.reminders == [.minutes(10)], "one set before keeps its own")

        _ = await Self.start(h, "pasta", .minutes(1))
        h.clock.advance(by: .minutes(1))
        await h.scheduler.wake()
        let done = try #require(h.notifier.shown.last)
        #expect(done.summary == "pasta")
        #expect(done.urgency == .normal, "the configured urgency is now normal")
    }

    // MARK: Reminders

    @Test func aDeadlineWithoutRemindersOfItsOwnGetsTheConfiguredOnes() async throws {
        let h = Harness(settings: NotificationSettings(reminders: [.hours(1), .minutes(10)], soundPlayer: .server))
        let at = t0.wall + .hours(2)
        #expect(try timer(await Self.until(h, "report", at)).reminders == [.hours(1), .minutes(10)])
        #expect(h.alarm.armings.last == Arming(boot: nil, wall: at - .hours(1)))

        let none = await Self.until(h, "call", at, notify: NotifyOptions(reminders: []))
        #expect(try timer(none).reminders == [])
        let own = await Self.until(h, "review", at, notify: NotifyOptions(reminders: [.minutes(5)]))
        #expect(try timer(own).reminders == [.minutes(5)])
        #expect(try timer(await Self.start(h, "pasta", .hours(2))).reminders == [], "countdowns get none by default")
        #expect(h.store.timer(named: "report")?.reminders == [.hours(1), .minutes(10)], "saved with them")
    }

    @Test func aReminderIsShownOnceWithNormalUrgencyBeforeTheCriticalEnd() async throws {
        let h = Harness(settings: NotificationSettings(reminders: [.minutes(10)], soundPlayer: .server))
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        let at = t0.wall + .hours(1)
        _ = await Self.until(h, "report", at, message: "Send it")

        h.clock.advance(by: .minutes(50) - .nanoseconds(1))
        await h.scheduler.wake()
        #expect(h.notifier.shown.isEmpty)
        h.clock.advance(by: .nanoseconds(1))
        await h.scheduler.wake()
        let reminder = try #require(h.notifier.shown.first)
        #expect(reminder.summary == "report: 10 minutes left")
        #expect(reminder.body == "Send it\nDeadline Fri 19:34")
        #expect(reminder.urgency == .normal)
        #expect(reminder.actions == [.dismiss])
        #expect(h.alarm.armings.last == Arming(boot: nil, wall: at))

        // Neither another wake nor a request tells it again.
        await h.scheduler.wake()
        _ = await h.send(.list)
        #expect(h.notifier.shown.count == 1)
        #expect(try watcher.events().count == 1, "a reminder is no event: only `started`")

        h.clock.advance(by: .minutes(10))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary) == ["report: 10 minutes left", "report"])
        #expect(h.notifier.shown.last?.urgency == .critical)
    }

    @Test func aReminderToldBeforeARestartIsNotToldAgain() async throws {
        let store = MemoryStore()
        let before = Harness(store: store, settings: NotificationSettings(reminders: [.minutes(20), .minutes(10)], soundPlayer: .server))
        _ = try await before.scheduler.start()
        _ = await Self.until(before, "report", t0.wall + .hours(1))
        before.clock.advance(by: .minutes(45))
        await before.scheduler.wake()
        // The 20-minute reminder, told late (the wake came at 45 min): it says what is really left.
        #expect(before.notifier.shown.map(\.summary) == ["report: 15 minutes left"])

        // Restarted at 55m: the 10-minute reminder came while timerd was not running.
        let after = Harness(store: store, at: t0.advanced(by: .minutes(55)))
        _ = try await after.scheduler.start()
        #expect(after.notifier.shown.isEmpty)
        #expect(after.alarm.armings.last == Arming(boot: nil, wall: t0.wall + .hours(1)))
        var alarm = AlarmFollower(after)
        await alarm.toTheEnd()
        #expect(after.notifier.shown.map(\.summary) == ["report"])
    }

    @Test func afterASuspendOnlyTheNearestReminderIsShown() async throws {
        let h = Harness(settings: NotificationSettings(reminders: [.minutes(20), .minutes(10)], soundPlayer: .server))
        _ = await Self.until(h, "report", t0.wall + .hours(1))
        h.clock.advance(by: .minutes(55))
        await h.scheduler.wake()
        // The 10-minute reminder, saying the 5 minutes really left.
        #expect(h.notifier.shown.map(\.summary) == ["report: 5 minutes left"])
    }

    @Test func theConfiguredUrgenciesApply() async throws {
        let settings = NotificationSettings(reminders: [.minutes(10)], urgency: .normal, reminderUrgency: .critical, soundPlayer: .server)
        let h = Harness(settings: settings)
        _ = await Self.until(h, "report", t0.wall + .hours(1))
        var alarm = AlarmFollower(h)
        await alarm.toTheEnd()
        #expect(h.notifier.shown.map(\.summary) == ["report: 10 minutes left", "report"])
        #expect(h.notifier.shown.map(\.urgency) == [.critical, .normal])
    }

    // MARK: Buttons

    /// The closings since `count` of them.
    static func closed(_ h: Harness, since count: Int) -> [[String]] { Array(h.notifier.closed.dropFirst(count)) }

    @Test func snoozeRunsEachTimerAgainAndClosesItsNotification() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        await Self.fired(h, ["pasta", "eggs"])
        #expect(h.notifier.shown.map(\.timers) == [["pasta", "eggs"]])
        let closings = h.notifier.closed.count
        h.clock.advance(by: .seconds(10))
        let now = h.clock.now()

        await h.scheduler.act(.snooze(.seconds(60)), on: ["pasta", "eggs"])
        let timers = await h.scheduler.timers()
        #expect(timers.map(\.state) == [.running, .running])
        #expect(timers.map(\.remaining) == [.seconds(60), .seconds(60)])
        #expect(Self.closed(h, since: closings) == [["pasta"], ["eggs"]])
        #expect(h.store.timer(named: "pasta")?.state == .running, "saved like a client's snooze")
        #expect(h.alarm.armings.last == Arming(boot: now.boot + .seconds(60), wall: nil))
        let events = try watcher.events().compactMap { outgoing -> TimerEvent? in
            if case .event(let event, _) = outgoing { event } else { nil }
        }
        #expect(events.suffix(2) == [.snoozed, .snoozed])

        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary).last == "2 timers done: pasta, eggs")
    }

    @Test func snoozeMovesAFinishedDeadline() async throws {
        let h = Harness()
        _ = await Self.until(h, "report", t0.wall + .hours(1))
        h.clock.advance(by: .hours(1))
        await h.scheduler.wake()
        await h.scheduler.act(.snooze(.seconds(300)), on: ["report"])
        let report = try #require(await h.scheduler.timers().first)
        #expect(report.state == .running)
        #expect(report.endsAt == t0.wall + .hours(1) + .seconds(300))
        #expect(h.notifier.closed.last == ["report"])
    }

    @Test func restartResetsCountdownsAndClosesTheirNotification() async throws {
        let h = Harness()
        await Self.fired(h, ["pasta", "eggs"], after: .minutes(8))
        let closings = h.notifier.closed.count
        await h.scheduler.act(.restart, on: ["pasta", "eggs"])
        let timers = await h.scheduler.timers()
        #expect(timers.map(\.state) == [.running, .running])
        #expect(timers.map(\.remaining) == [.minutes(8), .minutes(8)])
        #expect(Self.closed(h, since: closings) == [["pasta"], ["eggs"]])
    }

    @Test func dismissOnlyCloses() async throws {
        let h = Harness()
        await Self.fired(h, ["pasta", "eggs"])
        let closings = h.notifier.closed.count
        let commits = h.store.commits
        let before = await h.scheduler.timers()
        h.alarm.clear()

        // The `dismiss` method for each of the notification's timers.
        await h.scheduler.act(.dismiss, on: ["pasta", "eggs"])
        #expect(Self.closed(h, since: closings) == [["pasta"], ["eggs"]])
        #expect(await h.scheduler.timers() == before)
        #expect(h.store.commits == commits)
    }

    @Test func aButtonForATimerGoneMeanwhileChangesNothing() async throws {
        let h = Harness()
        await Self.fired(h, ["pasta"])
        _ = await h.send(.cancel(name: "pasta"))
        let closings = h.notifier.closed.count
        await h.scheduler.act(.snooze(.seconds(60)), on: ["pasta"])
        await h.scheduler.act(.restart, on: ["pasta"])
        #expect(await h.scheduler.timers().isEmpty)
        #expect(Self.closed(h, since: closings).isEmpty)
    }

    @Test func cancelResetExtendOrSnoozeOfAFiredTimerCloseItsNotification() async throws {
        let h = Harness()
        await Self.fired(h, ["a", "b", "c", "d"])
        let closings = h.notifier.closed.count
        _ = await h.send(.cancel(name: "a"))
        _ = await h.send(.reset(name: "b"))
        _ = await h.send(.extend(name: "c", by: .minutes(2)))
        _ = await h.send(.snooze(name: "d", by: nil))
        #expect(Self.closed(h, since: closings) == [["a"], ["b"], ["c"], ["d"]])
    }

    @Test func startingOverAFinishedTimerClosesItsNotification() async throws {
        let h = Harness()
        await Self.fired(h, ["pasta"])
        let closings = h.notifier.closed.count
        _ = await Self.start(h, "pasta", .minutes(3))
        #expect(Self.closed(h, since: closings) == [["pasta"]])
    }

    @Test func refusalsAndPausesCloseNothing() async throws {
        let h = Harness()
        await Self.fired(h, ["pasta"])
        _ = await Self.start(h, "eggs", .minutes(8))
        let closings = h.notifier.closed.count
        _ = await h.send(.pause(name: "eggs"))
        _ = await h.send(.resume(name: "eggs"))
        _ = await h.send(.pause(name: "pasta"))  // refused: it is done
        _ = await h.send(.snooze(name: "eggs", by: nil))  // refused: it runs
        #expect(Self.closed(h, since: closings).isEmpty)
    }

    // MARK: Flood guard

    @Test func fiftyTimersDueWithinASecondMakeFiveNotificationsThenOneSummary() async throws {
        let h = Harness()
        let names = (1...50).map { "t\($0)" }
        for (i, name) in names.enumerated() {
            _ = await Self.start(h, name, .minutes(1) + .milliseconds(20) * i)
        }
        var shownAt: [Duration: Int] = [:]
        var alarm = AlarmFollower(h)
        while await alarm.next() {
            shownAt[h.clock.now().boot - t0.boot] = h.notifier.shown.count
        }
        // Each of the first five is shown when it is due (20 ms apart: never grouped).
        for i in 0..<5 { #expect(shownAt[.minutes(1) + .milliseconds(20) * i] == i + 1) }
        #expect(shownAt[.minutes(1) + .milliseconds(980)] == 5)
        // The window began with the first, at 1m; the alarm was armed for its end.
        let windowEnd = t0.boot + .minutes(1) + .seconds(1)
        #expect(h.alarm.armings.contains(Arming(boot: windowEnd, wall: nil)))
        #expect(shownAt[.minutes(1) + .seconds(1)] == 6)
        #expect(shownAt.count == 51, "a wake for each timer and one for the summary")

        let shown = h.notifier.shown
        try #require(shown.count == 6)
        #expect(shown.prefix(5).map(\.summary) == ["t1", "t2", "t3", "t4", "t5"])
        #expect(shown[5].summary == "45 more timers done: t6, t7, t8, t9, t10 and 40 more")
        #expect(shown[5].timers == Array(names.dropFirst(5)))
        #expect(h.alarm.armings.last == Arming(boot: nil, wall: nil))
        #expect(await h.scheduler.timers().allSatisfy { $0.state == .done })
    }

    /// A pomodoro of 100 rounds with steps of a millisecond: 200 notifications within the
    /// first second, of which 5 are shown and the rest folded into a summary that names the
    /// timer once, not "pomo, pomo, pomo…".
    @Test func aTimerFoldedManyTimesIsNamedOnceInTheSummary() async throws {
        let h = Harness()
        let repeats = Repeats(rounds: 100, then: Repeats.Step(name: "break", length: .milliseconds(1)))
        _ = await h.send(.start(name: "pomo", spec: .countdown(.milliseconds(1)), message: nil, repeats: repeats))
        var alarm = AlarmFollower(h)
        await alarm.toTheEnd()
        let shown = h.notifier.shown
        try #require(shown.count == 6, "\(shown.map(\.summary))")
        #expect(shown[5].summary == "pomo done 195 more times")
        #expect(shown[5].body == "pomo (195 times)")
        #expect(shown[5].timers == ["pomo"])
    }

    @Test func aSummaryDueGoesBeforeWhatARequestFires() async throws {
        let h = Harness()
        for i in 0..<6 { _ = await Self.start(h, "t\(i + 1)", .minutes(1) + .milliseconds(20) * i) }
        _ = await Self.start(h, "late", .minutes(1) + .milliseconds(1_500))
        var alarm = AlarmFollower(h)
        for _ in 0..<6 { _ = await alarm.next() }
        #expect(h.notifier.shown.count == 5)
        #expect(h.alarm.armings.last == Arming(boot: t0.boot + .minutes(1) + .seconds(1), wall: nil))

        // The wake for the summary does not come in time: a request fires `late` first.
        h.clock.advance(by: .milliseconds(1_400))
        _ = await h.send(.list)
        #expect(h.notifier.shown.map(\.summary).suffix(2) == ["1 more timer done: t6", "late"])
        #expect(h.alarm.armings.last == Arming(boot: nil, wall: nil))
    }

    // MARK: Grouping

    @Test func timersStartedInOneBatchFireAsOneNotification() async throws {
        let h = Harness()
        let replies = await h.send(
            """
            [{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"pasta","seconds":300}},
             {"jsonrpc":"2.0","id":2,"method":"start","params":{"name":"eggs","seconds":300}},
             {"jsonrpc":"2.0","id":3,"method":"start","params":{"name":"rice","seconds":300}}]
            """)
        #expect(replies.count == 3)
        #expect(h.alarm.armings == [Arming(boot: t0.boot + .seconds(300), wall: nil)])
        var alarm = AlarmFollower(h)
        await alarm.toTheEnd()
        #expect(h.notifier.shown.map(\.summary) == ["3 timers done: pasta, eggs, rice"])
    }

    @Test func timersStartedAMillisecondApartFireAsOneNotificationAtTheLast() async throws {
        let h = Harness()
        for name in ["pasta", "eggs", "rice"] {
            _ = await Self.start(h, name, .seconds(300))
            h.clock.advance(by: .milliseconds(1))
        }
        let last = t0.boot + .seconds(300) + .milliseconds(2)
        #expect(h.alarm.armings.last == Arming(boot: last, wall: nil))
        var alarm = AlarmFollower(h)
        await alarm.toTheEnd()
        #expect(h.notifier.shown.map(\.summary) == ["3 timers done: pasta, eggs, rice"])
        #expect(h.clock.now().boot == last)
    }

    // MARK: Sound

    @Test(arguments: [
        (NotifyOptions.Sound.silent, Sound.theme("bell"), Sound.silent),
        (.file("/home/me/gong.oga"), .theme("bell"), .file("/home/me/gong.oga")),
        (.standard, .theme("bell"), .theme("bell")),
        (.standard, .file("/usr/share/sounds/ding.oga"), .file("/usr/share/sounds/ding.oga")),
        (.standard, .silent, .silent),
        (.file("/home/me/gong.oga"), .silent, .file("/home/me/gong.oga")),
    ])
    func eachTimerHasItsSound(
        _ sound: NotifyOptions.Sound, _ setting: Sound, _ expected: Sound
    ) async throws {
        let h = Harness(settings: NotificationSettings(reminders: [.minutes(1)], sound: setting, soundPlayer: .server))
        _ = await Self.start(h, "pasta", .minutes(8), notify: NotifyOptions(reminders: [.minutes(1)], sound: sound))
        _ = await Self.until(h, "report", t0.wall + .hours(1), notify: NotifyOptions(sound: sound))
        var alarm = AlarmFollower(h)
        await alarm.toTheEnd()
        #expect(
            h.notifier.shown.map(\.summary) == [
                "pasta: 1 minute left", "pasta", "report: 1 minute left", "report",
            ])
        #expect(h.notifier.shown.map(\.sound) == [expected, expected, expected, expected])
    }

    @Test func theDefaultSoundIsTheThemesAlarm() async throws {
        let h = Harness()
        await Self.fired(h, ["pasta"])
        #expect(h.notifier.shown.map(\.sound) == [.theme("alarm-clock-elapsed")])
    }
}
