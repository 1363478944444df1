import Protocol
import Testing

@testable import timerd

@Suite struct FiringPresentationTests {
    static let now = Moment.start
    static let presentation = FiringPresentation(settings: NotificationSettings(), calendar: LocalCalendar(zone: FixedOffsetZone.utc))

    /// A countdown of 8 minutes that fired at `now`, `late` after it was due.
    static func firing(_ name: String, late: Duration = .zero, kind: TimerKind = .countdown, sound: NotifyOptions.Sound = .standard)
        -> Firing
    {
        let due = now.wall - late
        let info = TimerInfo(
            name: name, kind: kind, state: .done, duration: .minutes(8), remaining: .zero, endsAt: due,
            createdAt: due - .minutes(8), firedAt: now.wall, sound: sound)
        return Firing(info: info, startedAt: due - .minutes(8))
    }

    static func running(_ name: String, sound: NotifyOptions.Sound = .standard, cycle: Cycle? = nil) -> TimerInfo {
        TimerInfo(
            name: name, kind: .countdown, state: .running, duration: .minutes(5), remaining: .minutes(1),
            endsAt: now.wall + .minutes(1), createdAt: now.wall - .minutes(4), sound: sound, cycle: cycle)
    }

    @Test func timersDoneOnTimeShareOneNotificationAndLateOnesOneForEachReason() {
        let effects: [Effect] = [
            .notify([
                Self.firing("pasta"), Self.firing("slept", late: .minutes(3)), Self.firing("eggs"),
                Self.firing("report", late: .minutes(5), kind: .deadline),
            ])
        ]
        let notices = Self.presentation.notices(for: effects, at: Self.now) { $0.info.kind == .deadline ? .clockSet : .asleep }
        #expect(notices.map(\.content.summary) == [
            "2 timers done: pasta, eggs", "slept finished while the computer was asleep",
            "report finished when the clock was set forward",
        ])
        #expect(notices.map(\.foldable) == [true, true, true])
    }

    @Test func nextStepsComeAfterTheFiringsAndRemindersLastAndUnfoldable() {
        let effects: [Effect] = [
            .remind(Reminding(info: Self.running("report"), before: .minutes(1))),
            .advance(Advancing(
                info: Self.running("focus", cycle: Cycle(round: 2, rounds: 4, step: "break")),
                finished: Repeats.Step(name: "focus", length: .minutes(25)))),
            .event(.fired, Self.firing("pasta").info),
            .notify([Self.firing("pasta")]),
        ]
        let notices = Self.presentation.notices(for: effects, at: Self.now) { _ in .asleep }
        #expect(notices.map(\.content.summary) == ["pasta", "focus done", "report: 1 minute left"])
        #expect(notices.map(\.foldable) == [true, true, false])
        #expect(notices.map(\.content.urgency) == [.critical, .critical, .normal])
    }

    @Test func eachNotificationHasTheSoundOfItsTimersAndTheSettingsInForce() {
        let settings = NotificationSettings(
            urgency: .normal, reminderUrgency: .low, sound: .theme("bell"), snooze: [], soundPlayer: .server)
        let presentation = FiringPresentation(settings: settings, calendar: Self.presentation.calendar)
        let effects: [Effect] = [
            .notify([Self.firing("pasta", sound: .file("/home/me/gong.oga")), Self.firing("eggs")]),
            .remind(Reminding(info: Self.running("tea", sound: .silent), before: .minutes(1))),
        ]
        let notices = presentation.notices(for: effects, at: Self.now) { _ in .asleep }
        #expect(notices.map(\.content.sound) == [.file("/home/me/gong.oga"), .silent], "the first timer's, for a group")
        #expect(notices.map(\.content.urgency) == [.normal, .low])
        #expect(notices[0].content.actions == [.restart, .dismiss], "no snooze buttons configured")
        #expect(notices.map(\.sound) == [nil, nil], "the server plays them")
    }

    @Test func whenTimerdPlaysTheAlarmRingsAndTheServerIsToldToBeQuiet() {
        let settings = NotificationSettings(sound: .theme("bell"), ring: .lasting(.minutes(5)), volume: 70)
        let presentation = FiringPresentation(settings: settings, calendar: Self.presentation.calendar)
        var loud = Self.firing("pasta", sound: .file("/home/me/gong.oga"))
        loud.info.volume = 40
        let effects: [Effect] = [
            .notify([loud, Self.firing("eggs")]),
            .remind(Reminding(info: Self.running("tea"), before: .minutes(1))),
            .remind(Reminding(info: Self.running("rice", sound: .silent), before: .minutes(1))),
        ]
        let notices = presentation.notices(for: effects, at: Self.now) { _ in .asleep }
        #expect(notices.map(\.content.sound) == [.silent, .silent, .silent], "suppress-sound: timerd plays it")
        #expect(
            notices.map(\.sound) == [
                .ring(.file("/home/me/gong.oga"), volume: 0.4, limit: .lasting(.minutes(5))),
                .chime(.theme("message-new-instant"), volume: 0.7),
                nil,
            ])
    }

    @Test func timersThatFiredLateRingAsRingMissedSays() {
        let settings = NotificationSettings(ring: .untilAnswered, ringMissed: .lasting(.seconds(30)))
        let presentation = FiringPresentation(settings: settings, calendar: Self.presentation.calendar)
        let fired: [Firing] = [Self.firing("pasta", late: .hours(2)), Self.firing("eggs")]
        let notices = presentation.notices(for: [.notify(fired)], at: Self.now) { _ in .asleep }
        #expect(notices.map(\.content.timers) == [["eggs"], ["pasta"]])
        #expect(
            notices.map(\.sound) == [
                .ring(.theme("alarm-clock-elapsed"), volume: 1, limit: .untilAnswered),
                .ring(.theme("alarm-clock-elapsed"), volume: 1, limit: .lasting(.seconds(30))),
            ])
    }

    @Test func nothingFiredIsNothingToTell() {
        let effects: [Effect] = [.event(.started, Self.running("pasta"))]
        #expect(Self.presentation.notices(for: effects, at: Self.now) { _ in .asleep }.isEmpty)
    }

    @Test func aFinishedChecklistIsNormalWhateverIsConfigured() {
        var info = Self.running("report", sound: .silent)
        info.todos = [TodoItem(id: 1, text: "intro", done: true)]
        let presentation = FiringPresentation(
            settings: NotificationSettings(urgency: .low, soundPlayer: .server), calendar: Self.presentation.calendar)
        let notice = presentation.checklistDone(info, at: Self.now)
        #expect(notice.content.summary == "report: its one task is done")
        #expect(notice.content.urgency == .normal)
        #expect(notice.content.sound == .silent)
    }

    @Test func theFloodGuardsSummaryHasTheConfiguredSoundAndButtons() {
        let settings = NotificationSettings(
            urgency: .normal, sound: .file("/usr/share/sounds/ding.oga"), snooze: [.minutes(2)], soundPlayer: .server)
        let presentation = FiringPresentation(settings: settings, calendar: Self.presentation.calendar)
        let summary = presentation.summary(.folded(["a", "b", "c"])).content
        #expect(summary.summary == "3 more timers done: a, b, c")
        #expect(summary.sound == .file("/usr/share/sounds/ding.oga"))
        #expect(summary.urgency == .normal)
        #expect(summary.actions == [.snooze(.minutes(2)), .dismiss])
    }
}
