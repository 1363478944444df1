import Glibc
import Protocol
import Testing
@testable import timerctl

@Suite struct RequestBuilderTests {
    /// Monday 30 November 2026, noon UTC.
    static let now = RenderTests.now
    static let utc = LocalCalendar(zone: FixedOffsetZone.utc)

    /// A file system where everything can be played but what `problems` lists, read from `directory`.
    static func files(in directory: String? = "/home/ana/music", _ problems: [String: SoundFiles.Problem] = [:]) -> SoundFiles {
        SoundFiles(currentDirectory: directory) { problems[$0] }
    }

    static func builder(_ files: SoundFiles = files()) -> RequestBuilder {
        RequestBuilder(now: now, calendar: utc, files: files)
    }

    /// The usage error (exit 2) `make` is refused with.
    static func refusal(_ make: () throws(CtlFailure) -> Request) throws -> String {
        let failure = try #require(throws: CtlFailure.self) { try make() }
        #expect(failure.exitCode == 2)
        return failure.message
    }

    static func reminders(_ offsets: Duration...) -> NotifyOptions { NotifyOptions(reminders: offsets) }

    // MARK: start and until

    @Test func countdownWithoutOptionsLeavesThemToTheDaemon() throws {
        #expect(try Self.builder().countdown(name: "pasta", duration: "8m", message: "drain it", notify: NotifyOptions())
            == .start(name: "pasta", spec: .countdown(.seconds(480)), message: "drain it"))
    }

    @Test func deadlineIsReadFromTheGivenMoment() throws {
        let notify = Self.reminders(.seconds(3600), .seconds(600))
        #expect(try Self.builder().deadline(name: "report", when: "fri 17:00", message: nil, notify: notify)
            == .start(name: "report", spec: .deadline(instant("2026-12-04T17:00:00Z")), message: nil, notify: notify))
    }

    @Test(arguments: [NotifyOptions(reminders: []), NotifyOptions(sound: .silent), reminders(.seconds(479)),
                      NotifyOptions(reminders: [.seconds(60)], sound: .silent)])
    func optionsThatNeedNoCheckingAreSentAsGiven(notify: NotifyOptions) throws {
        #expect(try Self.builder().countdown(name: "pasta", duration: "8m", message: nil, notify: notify)
            == .start(name: "pasta", spec: .countdown(.seconds(480)), message: nil, notify: notify))
    }

    @Test func nameIsCheckedFirst() throws {
        let message = try Self.refusal { () throws(CtlFailure) in
            try Self.builder().countdown(name: " pasta", duration: "nonsense", message: nil, notify: NotifyOptions())
        }
        #expect(message.contains("starts or ends with a space"))
    }

    /// timerctl refuses a look-alike name before sending, with the daemon's words, for the
    /// timer and for its `--then` step.
    @Test(arguments: ["tea\u{200B}", "\u{FEFF}tea", "tea\u{2060}", "tea\u{AD}", "\u{200D}", "\u{200F}"])
    func lookAlikeNamesAreRefused(name: String) throws {
        let problem = try #require(TimerText.problem(withName: name))
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().countdown(name: name, duration: "8m", message: nil, notify: NotifyOptions())
        } == problem)
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().deadline(name: name, when: "17:00", message: nil, notify: NotifyOptions())
        } == problem)
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().countdown(
                name: "focus", duration: "25m", message: nil, notify: NotifyOptions(),
                repeats: RepeatWords(rounds: 4, thenName: name, thenDuration: "5m"))
        } == problem)
    }

    @Test func namesAreSentInNFC() throws {
        let request = try Self.builder().countdown(
            name: "cafe\u{301}", duration: "8m", message: nil, notify: NotifyOptions(),
            repeats: RepeatWords(rounds: 2, thenName: "pause cafe\u{301}", thenDuration: "1m"))
        guard let start = request.body as? Methods.Start else {
            Issue.record("\(request)")
            return
        }
        let (name, repeats) = (start.name, start.repeats)
        #expect(Array(name.utf8) == Array("caf\u{E9}".utf8))
        #expect(Array(try #require(repeats?.then?.name).utf8) == Array("pause caf\u{E9}".utf8))
    }

    @Test func badDurationOrDeadlineIsAUsageError() throws {
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().countdown(name: "pasta", duration: "8x", message: nil, notify: NotifyOptions())
        }.hasPrefix("\"8x\" is not a duration."))
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().deadline(name: "report", when: "someday", message: nil, notify: NotifyOptions())
        }.contains("someday"))
    }

    // MARK: Reminders against the end

    @Test func reminderBeforeNowOnADeadlineIsRefusedSayingWhenItEnds() throws {
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().deadline(name: "report", when: "+1h", message: nil, notify: Self.reminders(.seconds(7200)))
        } == "A reminder 2h before the end would come before now: report ends in 1:00:00. Use a shorter reminder.")
    }

    @Test func reminderBeforeNowOnACountdownIsRefused() throws {
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().countdown(name: "tea", duration: "3m", message: nil, notify: Self.reminders(.seconds(600)))
        } == "A reminder 10m before the end would come before now: tea ends in 3:00. Use a shorter reminder.")
    }

    @Test func everyReminderBeforeNowIsNamed() throws {
        let notify = Self.reminders(.seconds(3600), .seconds(600), .seconds(300), .seconds(60))
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder().countdown(name: "tea break", duration: "5m", message: nil, notify: notify)
        } == "Reminders 1h, 10m and 5m before the end would come before now: tea break ends in 5:00. Use shorter reminders.")
    }

    /// A reminder must come strictly after now: one exactly as long as the timer is refused.
    @Test(arguments: [(Duration.seconds(3600), false), (.milliseconds(3_599_999), true), (.seconds(3599), true)])
    func reminderAsLongAsTheTimeLeftIsRefused(offset: Duration, accepted: Bool) throws {
        let deadline = Result { () throws(CtlFailure) in
            try Self.builder().deadline(name: "report", when: "13:00", message: nil, notify: Self.reminders(offset))
        }
        let countdown = Result { () throws(CtlFailure) in
            try Self.builder().countdown(name: "report", duration: "1h", message: nil, notify: Self.reminders(offset))
        }
        #expect(((try? deadline.get()) != nil) == accepted)
        #expect(((try? countdown.get()) != nil) == accepted)
    }

    @Test func remindersAreCheckedAgainstTheGivenMoment() throws {
        // 16:59:30 on Friday: "fri 17:00" is 30 s away.
        let late = RequestBuilder(now: instant("2026-12-04T16:59:30Z"), calendar: Self.utc, files: Self.files())
        #expect(try Self.refusal { () throws(CtlFailure) in
            try late.deadline(name: "report", when: "fri 17:00", message: nil, notify: Self.reminders(.seconds(60)))
        } == "A reminder 1m before the end would come before now: report ends in 0:30. Use a shorter reminder.")
        _ = try late.deadline(name: "report", when: "fri 17:00", message: nil, notify: Self.reminders(.seconds(29)))
    }

    // MARK: Sound files

    /// `start pasta 8m --sound TYPED`, as sent.
    static func start(sound typed: String, files: SoundFiles = files()) throws(CtlFailure) -> Request {
        try builder(files).countdown(name: "pasta", duration: "8m", message: nil, notify: NotifyOptions(sound: .file(typed)))
    }

    @Test(arguments: [
        ("/usr/share/sounds/a.oga", "/home/ana/music", "/usr/share/sounds/a.oga"),
        ("bell.oga", "/home/ana/music", "/home/ana/music/bell.oga"),
        ("./bell.oga", "/home/ana/music", "/home/ana/music/bell.oga"),
        ("././/bell.oga", "/home/ana/music", "/home/ana/music/bell.oga"),
        ("alarms/bell.oga", "/home/ana/music/", "/home/ana/music/alarms/bell.oga"),
        ("../bell.oga", "/home/ana/music", "/home/ana/music/../bell.oga"),
        ("bell.oga", "/", "/bell.oga"),
        ("my bell.oga", "/home/ana", "/home/ana/my bell.oga"),
    ])
    func soundFileIsSentAbsolute(typed: String, directory: String, absolute: String) throws {
        #expect(try Self.start(sound: typed, files: Self.files(in: directory))
            == .start(name: "pasta", spec: .countdown(.seconds(480)), message: nil, notify: NotifyOptions(sound: .file(absolute))))
    }

    @Test(arguments: [
        ("bel.oga", SoundFiles.Problem.missing,
         "There is no sound file /home/ana/music/bel.oga. Check the path, or leave out --sound for the usual sound."),
        ("/home/ana/my bell.oga", .missing,
         "There is no sound file '/home/ana/my bell.oga'. Check the path, or leave out --sound for the usual sound."),
        ("/root/bell.oga", .unreadable(Errno(EACCES)),
         "The sound file /root/bell.oga cannot be read (Permission denied). Make it readable, or choose another file."),
        ("~/bell.oga", .missing,
         "There is no sound file '/home/ana/music/~/bell.oga': the shell leaves ~ alone after =. "
            + "Write --sound ~/bell.oga (with a space) or the full path."),
        ("~/my sounds/bell.oga", .missing,
         "There is no sound file '/home/ana/music/~/my sounds/bell.oga': the shell leaves ~ alone after =. "
            + "Write --sound ~/'my sounds/bell.oga' (with a space) or the full path."),
        ("alarms", .directory,
         "/home/ana/music/alarms is a directory; --sound needs a sound file, such as /usr/share/sounds/freedesktop/stereo/complete.oga."),
    ])
    func soundFileThatCannotBePlayedIsRefused(typed: String, problem: SoundFiles.Problem, message: String) throws {
        let absolute = typed.hasPrefix("/") ? typed : "/home/ana/music/" + typed
        let files = Self.files([absolute: problem])
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.start(sound: typed, files: files) } == message)
        // The same on `until`.
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder(files).deadline(name: "report", when: "17:00", message: nil, notify: NotifyOptions(sound: .file(typed)))
        } == message)
    }

    @Test(arguments: [String?.none, ".", "music"])
    func relativeSoundFileWithoutAKnownDirectoryIsRefused(directory: String?) throws {
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.start(sound: "bell.oga", files: Self.files(in: directory)) }
            == "The current directory cannot be read, so --sound bell.oga cannot be found; give its full path.")
        _ = try Self.start(sound: "/bell.oga", files: Self.files(in: directory))
    }

    @Test func remindersAreCheckedBeforeTheSoundFile() throws {
        let files = Self.files(["/home/ana/music/bell.oga": .missing])
        let notify = NotifyOptions(reminders: [.seconds(600)], sound: .file("bell.oga"))
        #expect(try Self.refusal { () throws(CtlFailure) in
            try Self.builder(files).countdown(name: "tea", duration: "3m", message: nil, notify: notify)
        }.hasPrefix("A reminder 10m"))
    }

    // MARK: The real file system

    /// An empty file of our own in /tmp.
    static func temporaryFile() -> String? {
        var template = Array("/tmp/timerctl-sound-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return nil }
        // An Ogg file's first bytes: what `--sound` takes for a sound.
        _ = write(fd, "OggS", 4)
        close(fd)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func liveFilesFindWhatIsThereAndWhatIsNot() throws {
        let path = try #require(Self.temporaryFile())
        defer { unlink(path) }
        let files = SoundFiles.live(currentDirectory: "/tmp")
        #expect(files.problem(path) == nil)
        #expect(try files.playable(String(path.dropFirst("/tmp/".count))) == path)
        #expect(files.problem(path + "-not-there") == .missing)
        #expect(files.problem(path + "/below-a-file") == .missing)
        #expect(files.problem("/tmp") == .directory)
    }

    /// Root reads every file, so this runs only for other users.
    @Test(.enabled(if: geteuid() != 0)) func liveFilesFindAnUnreadableFile() throws {
        let path = try #require(Self.temporaryFile())
        defer { unlink(path) }
        chmod(path, 0)
        #expect(SoundFiles.live(currentDirectory: "/").problem(path) == .unreadable(Errno(EACCES)))
    }

    // MARK: snooze

    @Test(arguments: [
        (String?.none, Duration?.none), ("10m", .seconds(600)), ("+90s", .seconds(90)), ("1h 30m", .seconds(5400)),
        ("1:30", .seconds(90)), ("2.5", .milliseconds(2500)),
    ])
    func snooze(duration: String?, by: Duration?) throws {
        #expect(try Self.builder().snooze(name: "pasta", duration: duration) == .snooze(name: "pasta", by: by))
    }

    @Test(arguments: [
        ("0", "A timer needs a duration longer than zero."),
        ("-5m", "\"-5m\" is negative; a timer needs a duration longer than zero, such as 5m."),
        ("5x", "\"5x\" is not a duration. Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."),
        ("400d", "\"400d\" is longer than a year; timers can run for at most 365 days."),
    ])
    func snoozeForABadDurationIsAUsageError(duration: String, message: String) throws {
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.builder().snooze(name: "pasta", duration: duration) } == message)
    }

    @Test func snoozeOfSeveralNamesSaysItTakesOne() throws {
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.builder().snooze(name: "pasta", duration: "tea") } == """
            "tea" is not a duration: snooze takes one name, then optionally how long, e.g. `timerctl snooze pasta 10m`.
            """)
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.builder().snooze(name: "tea break", duration: "pasta eggs") } == """
            "pasta eggs" is not a duration: snooze takes one name, then optionally how long, e.g. `timerctl snooze 'tea break' 10m`.
            """)
    }
}
