import Protocol
import Testing

@testable import timerd

@Suite struct NotificationResolutionTests {
    static let utc = LocalCalendar(zone: FixedOffsetZone.utc)
    static let now = instant("2026-11-27T18:42:00Z")

    static func done(_ name: String, sound: NotifyOptions.Sound = .standard) -> NotificationContent {
        let info = TimerInfo(
            name: name, kind: .countdown, state: .done, duration: .minutes(8), remaining: .zero, endsAt: now,
            createdAt: now - .minutes(8), firedAt: now, sound: sound)
        return .fired([Firing(info: info, startedAt: now - .minutes(8))], calendar: utc)
    }

    @Test func aNotificationMadeWithTheDefaultsStaysAsItIsUnderThem() {
        let content = Self.done("pasta")
        #expect(NotificationSettings.defaults.resolve(content, as: .done, sound: .standard) == content)
        let folded = NotificationContent.folded(["a", "b"])
        #expect(NotificationSettings.defaults.resolve(folded, as: .done, sound: .standard) == folded)
    }

    @Test func theConfiguredUrgencySoundAndSnoozeButtonsApply() {
        let settings = NotificationSettings(urgency: .low, sound: .theme("bell"), snooze: [.minutes(10)], soundPlayer: .server)
        let resolved = settings.resolve(Self.done("pasta"), as: .done, sound: .standard)
        #expect(resolved.urgency == .low)
        #expect(resolved.sound == .theme("bell"))
        #expect(resolved.actions == [.snooze(.minutes(10)), .restart, .dismiss])
        #expect(resolved.summary == "pasta" && resolved.timers == ["pasta"], "what it says is not the settings' business")
    }

    @Test func withoutSnoozeButtonsConfiguredNoneAreOffered() {
        let resolved = NotificationSettings(snooze: []).resolve(Self.done("pasta"), as: .done, sound: .standard)
        #expect(resolved.actions == [.restart, .dismiss])
    }

    @Test func aNotificationOfferingNoSnoozeGetsNone() {
        let content = NotificationContent(summary: "pasta: 1 minute left", body: "", timers: ["pasta"], actions: [.dismiss])
        #expect(NotificationSettings().resolve(content, as: .reminder, sound: .standard).actions == [.dismiss])
    }

    @Test(arguments: [
        (NotificationPurpose.done, NotificationContent.Urgency.low),
        (.nextStep, .low),
        (.reminder, .critical),
        (.checklistDone, .normal),
    ])
    func eachPurposeHasItsUrgency(purpose: NotificationPurpose, expected: NotificationContent.Urgency) {
        let settings = NotificationSettings(urgency: .low, reminderUrgency: .critical)
        #expect(settings.urgency(for: purpose) == expected)
        #expect(settings.resolve(Self.done("pasta"), as: purpose, sound: .standard).urgency == expected)
    }

    @Test func theDefaultsAreCriticalForDoneAndNormalForReminders() {
        #expect(NotificationPurpose.allCases.map(NotificationSettings.defaults.urgency(for:)) == [
            .critical, .critical, .normal, .normal,
        ])
    }

    @Test(arguments: [
        (NotifyOptions.Sound.standard, Sound.theme("bell"), Sound.theme("bell")),
        (.standard, .file("/usr/share/sounds/ding.oga"), .file("/usr/share/sounds/ding.oga")),
        (.standard, .silent, .silent),
        (.file("/home/me/gong.oga"), .theme("bell"), .file("/home/me/gong.oga")),
        (.file("/home/me/gong.oga"), .silent, .file("/home/me/gong.oga")),
        (.silent, .theme("bell"), .silent),
    ])
    func aTimersOwnSoundWinsAndTheStandardIsTheConfiguredOne(choice: NotifyOptions.Sound, setting: Sound, expected: Sound) {
        let settings = NotificationSettings(sound: setting, soundPlayer: .server)
        #expect(settings.sound(for: choice) == expected)
        #expect(settings.resolve(Self.done("pasta"), as: .done, sound: choice).sound == expected)
        var timerd = settings
        timerd.soundPlayer = .timerd
        #expect(timerd.resolve(Self.done("pasta"), as: .done, sound: choice).sound == .silent, "timerd plays it")
    }

    @Test func theDefaultSoundIsTheThemesAlarmClock() {
        #expect(NotificationSettings.defaults.sound(for: .standard) == .theme("alarm-clock-elapsed"))
    }
}
