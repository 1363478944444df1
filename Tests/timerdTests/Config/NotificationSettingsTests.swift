import Protocol
import Testing

@testable import timerd

/// Loads `lines` under a `[notifications]` header (line 1), so the first line given is line 2.
private func load(_ lines: String...) -> (NotificationSettings, [KeyFile.Problem]) {
    let (file, syntax) = KeyFile.parse((["[notifications]"] + lines).joined(separator: "\n"))
    precondition(syntax == [], "the test text itself is malformed: \(syntax)")
    return NotificationSettings.load(from: file)
}

private let forms = "Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds"
private let remindAccepted = "a list of durations such as 1h;10m, or none"
private let soundAccepted = #"a theme sound name (letters, digits, "-" and "."), an absolute path to a sound file, or none"#

@Suite struct NotificationSettingsTests {
    @Test func defaults() {
        let settings = NotificationSettings()
        #expect(settings.reminders == [])
        #expect(settings.urgency == .critical)
        #expect(settings.reminderUrgency == .normal)
        #expect(settings.sound == .theme("alarm-clock-elapsed"))
        #expect(NotificationSettings.load(from: KeyFile()) == (settings, []))
        #expect(load() == (settings, []))
    }

    @Test func everyKeySet() {
        let (settings, problems) = load(
            "remind = 1h;10m", "urgency = normal", "reminder-urgency = low", "sound = /usr/share/sounds/bell.oga")
        #expect(problems == [])
        #expect(settings == NotificationSettings(
            reminders: [.hours(1), .minutes(10)], urgency: .normal, reminderUrgency: .low,
            sound: .file("/usr/share/sounds/bell.oga")))
    }

    // MARK: remind

    @Test(arguments: [
        ("1h;10m", [Duration.hours(1), .minutes(10)]), ("1h,10m", [.hours(1), .minutes(10)]),
        ("1h; 10m, 30s", [.hours(1), .minutes(10), .seconds(30)]), ("10m;1h", [.minutes(10), .hours(1)]),
        ("1 h 30 min", [.minutes(90)]), ("1:30", [.seconds(90)]), ("2d;", [.hours(48)]), ("600", [.minutes(10)]),
        ("none", []), ("None", []), ("NONE", []),
        ("1m;2m;3m;4m;5m;6m;7m;8m;9m;10m", (1...10).map { Duration.minutes($0) }),
    ] as [(String, [Duration])])
    func remind(value: String, reminders: [Duration]) {
        let (settings, problems) = load("remind=\(value)")
        #expect(problems == [])
        #expect(settings.reminders == reminders)
    }

    @Test(arguments: [
        ("1h;soon", "remind \"1h;soon\" is not \(remindAccepted): \"soon\" is not a duration. \(forms); using none"),
        ("none;10m", "remind \"none;10m\" is not \(remindAccepted): \"none\" is not a duration. \(forms); using none"),
        ("0", "remind \"0\" is not \(remindAccepted): A timer needs a duration longer than zero; using none"),
        ("400d", "remind \"400d\" is not \(remindAccepted): \"400d\" is longer than a year; timers can run for at most 365 days; using none"),
        ("-5m", "remind \"-5m\" is not \(remindAccepted): \"-5m\" is negative; a timer needs a duration longer than zero, such as 5m; using none"),
        (";,", "remind \";,\" is not \(remindAccepted); using none"),
        ("1m;2m;3m;4m;5m;6m;7m;8m;9m;10m;11m",
         "remind \"1m;2m;3m;4m;5m;6m;7m;8m;9m;10m;11m\" is not \(remindAccepted): it has 11 reminders, more than the 10 a timer can have; using none"),
        ("", "\"remind\" needs a value after \"=\" (\(remindAccepted)); using none"),
    ])
    func badRemindIsAProblemAndNone(value: String, message: String) {
        let (settings, problems) = load("remind=\(value)")
        #expect(settings.reminders == [])
        #expect(problems == [KeyFile.Problem(line: 2, message: message)])
    }

    // MARK: urgency and reminder-urgency

    @Test(arguments: [
        ("critical", NotificationContent.Urgency.critical), ("normal", .normal), ("low", .low), ("Low", .low),
        ("CRITICAL", .critical),
    ])
    func urgencies(value: String, urgency: NotificationContent.Urgency) {
        #expect(load("urgency=\(value)") == (NotificationSettings(urgency: urgency), []))
        #expect(load("reminder-urgency=\(value)") == (NotificationSettings(reminderUrgency: urgency), []))
    }

    @Test(arguments: [
        ("urgency", "urgent", #"urgency "urgent" is not one of critical, normal, low; using critical"#),
        ("urgency", "2", #"urgency "2" is not one of critical, normal, low; using critical"#),
        ("urgency", "", #""urgency" needs a value after "=" (one of critical, normal, low); using critical"#),
        ("reminder-urgency", "high", #"reminder-urgency "high" is not one of critical, normal, low; using normal"#),
        ("reminder-urgency", "", #""reminder-urgency" needs a value after "=" (one of critical, normal, low); using normal"#),
    ])
    func badUrgencyIsAProblemAndTheDefault(key: String, value: String, message: String) {
        let (settings, problems) = load("\(key)=\(value)")
        #expect(settings == NotificationSettings())
        #expect(problems == [KeyFile.Problem(line: 2, message: message)])
    }

    // MARK: sound

    @Test(arguments: [
        ("alarm-clock-elapsed", Sound.theme("alarm-clock-elapsed")),
        ("complete", .theme("complete")), ("message-new-instant", .theme("message-new-instant")),
        ("bell.2", .theme("bell.2")), ("Bell", .theme("Bell")),
        ("/usr/share/sounds/freedesktop/stereo/complete.oga", .file("/usr/share/sounds/freedesktop/stereo/complete.oga")),
        (#"/home/me/My\sSounds/ding.wav"#, .file("/home/me/My Sounds/ding.wav")),
        ("none", .silent), ("None", .silent),
    ])
    func sounds(value: String, sound: Sound) {
        #expect(load("sound=\(value)") == (NotificationSettings(sound: sound), []))
    }

    @Test(arguments: [
        "~/ding.oga", "sounds/ding.oga", "my sound", "bell_1", "ding!", "ding.oga;x", #"\n"#, "sonné",
        // Control characters in a path.
        #"/tmp/a\nb.oga"#, "/tmp/a\u{0}b.oga",
    ])
    func badSoundIsAProblemAndTheDefault(value: String) throws {
        let (settings, problems) = load("sound=\(value)")
        #expect(settings.sound == .theme("alarm-clock-elapsed"))
        let written = try #require(KeyFile.parse("[a]\nk=\(value)").0.value("k", in: "a")?.value)
        #expect(problems == [KeyFile.Problem(
            line: 2, message: "sound \"\(KeyFile.escape(written))\" is not \(soundAccepted); using alarm-clock-elapsed")])
    }

    @Test func anEmptySoundNeedsAValue() {
        #expect(load("sound=").1 == [KeyFile.Problem(
            line: 2, message: "\"sound\" needs a value after \"=\" (\(soundAccepted)); using alarm-clock-elapsed")])
    }

    // MARK: The alarm

    @Test func theAlarmsSettingsAreRead() {
        let (settings, problems) = load(
            "sound-player = server", "ring = 5m", "ring-missed = until-dismissed", "volume = 70%", "reminder-sound = none")
        #expect(problems == [])
        #expect(settings == NotificationSettings(
            soundPlayer: .server, ring: .lasting(.minutes(5)), ringMissed: .untilAnswered, volume: 70, reminderSound: .silent))
        #expect(load("ring = once", "volume = 0", "sound-player = TIMERD").0
            == NotificationSettings(ring: .once, volume: 0))
    }

    @Test func theAlarmsDefaultsRingAMinuteAndMissedTimersOnce() {
        let defaults = NotificationSettings.defaults
        #expect(defaults.soundPlayer == .timerd && defaults.ring == .lasting(.seconds(60)) && defaults.ringMissed == .once)
        #expect(defaults.volume == 100 && defaults.reminderSound == .theme("message-new-instant"))
    }

    @Test func badAlarmSettingsSayWhatIsTakenAndKeepTheDefault() {
        let lines = [
            "sound-player = dunst", "ring = forever and ever", "ring = 2d", "volume = 120%", "volume = loud", "ring-missed =",
        ]
        let loaded = lines.map { load($0) }
        #expect(loaded.map(\.0) == Array(repeating: NotificationSettings(), count: lines.count))
        #expect(loaded.flatMap(\.1).map(\.message) == [
            #"sound-player "dunst" is not timerd (timerd plays the sound and rings until answered) or server (the notification server plays it); using timerd"#,
            #"ring "forever and ever" is not once, a duration such as 1m or 5m, or until-dismissed: "forever and ever" is not a duration. "#
                + forms + "; using 1m",
            #"ring "2d" is not once, a duration such as 1m or 5m, or until-dismissed: to ring for longer than a day, say until-dismissed; using 1m"#,
            #"volume "120%" is not a volume from 0% to 100%, such as 70%; using 100%"#,
            #"volume "loud" is not a volume from 0% to 100%, such as 70%; using 100%"#,
            #""ring-missed" needs a value after "=" (once, a duration such as 1m or 5m, or until-dismissed); using once"#,
        ])
    }

    // MARK: Keys and groups

    @Test func unknownKeysAreProblems() {
        let (settings, problems) = load("urgency=low", "remnd=10m", "Sound=none")
        #expect(settings == NotificationSettings(urgency: .low))
        #expect(problems == [
            KeyFile.Problem(line: 3, message: #"unknown key "remnd" in [notifications] (known: remind, urgency, reminder-urgency, sound, snooze, sound-player, ring, ring-missed, volume, reminder-sound)"#),
            KeyFile.Problem(line: 4, message: #"unknown key "Sound" in [notifications] (known: remind, urgency, reminder-urgency, sound, snooze, sound-player, ring, ring-missed, volume, reminder-sound)"#),
        ])
    }

    @Test func aBadValueKeepsOnlyThatKeysDefault() {
        let (settings, problems) = load("remind=10m", "urgency=urgent", "sound=none")
        #expect(settings == NotificationSettings(reminders: [.minutes(10)], sound: .silent))
        #expect(problems.map(\.line) == [3])
    }

    @Test func problemsComeInLineOrderWithTheFileName() {
        let (_, problems) = load("sound=?", "", "# c", "urgency=urgent")
        #expect(problems.map(\.description) == [
            "timerd.conf:2: sound \"?\" is not \(soundAccepted); using alarm-clock-elapsed",
            #"timerd.conf:5: urgency "urgent" is not one of critical, normal, low; using critical"#,
        ])
    }

    @Test func otherGroupsAreNotLookedAt() {
        let (file, _) = KeyFile.parse("""
            [presets]
            tea = 4m
            urgency = low
            [Notifications]
            urgency = low
            [notifications]
            sound = none
            """)
        #expect(NotificationSettings.load(from: file) == (NotificationSettings(sound: .silent), []))
    }

    @Test func theLaterOfTwoValuesIsUsed() {
        let (file, syntax) = KeyFile.parse("[notifications]\nurgency=low\nurgency=bogus\n")
        #expect(syntax.map(\.line) == [3])
        let (settings, problems) = NotificationSettings.load(from: file)
        #expect(settings.urgency == .critical)
        #expect(problems.map(\.line) == [3])
    }
}

@Suite struct NotificationSettingsSnoozeTests {
    private func load(_ text: String) -> (NotificationSettings, [KeyFile.Problem]) {
        NotificationSettings.load(from: KeyFile.parse(text).0)
    }

    @Test func snoozeButtonsDefaultToOneAndFiveMinutes() {
        #expect(load("[notifications]\n").0.snooze == [.seconds(60), .seconds(300)])
        #expect(load("[notifications]\n").0.snoozeDefault == .seconds(300), "a snooze without a length: 5 minutes")
        #expect(load("[notifications]\nsnooze = 2m;10m\n").0.snoozeDefault == .seconds(120), "the first button once set")
    }

    @Test func snoozeButtonsAreConfigurable() {
        #expect(load("[notifications]\nsnooze=1s;5m\n").0.snooze == [.seconds(1), .seconds(300)])
        #expect(load("[notifications]\nsnooze=none\n").0.snooze == [])
    }

    @Test func moreThanThreeSnoozeButtonsIsAProblem() {
        let (settings, problems) = load("[notifications]\nsnooze=1m;2m;3m;4m\n")
        #expect(settings.snooze == [.seconds(60), .seconds(300)])
        #expect(problems.map(\.line) == [2])
        #expect(problems.first?.message.contains("it has 4 snooze buttons, more than the 3 a notification shows") == true)
        #expect(problems.first?.message.hasSuffix("using 1m;5m") == true)
    }
}
