import Protocol
import Testing
@testable import timerctl

/// Reminders and sound: --remind, --no-remind, --sound, --silent.
@Suite struct ArgumentsNotifyOptionsTests: ParsesArguments {
    static let hour = Duration.seconds(3600), tenMinutes = Duration.seconds(600)

    /// Options after `start pasta 8m`, and what they ask of the notifications.
    static let notifyForms: [([String], NotifyOptions)] = [
        ([], NotifyOptions()),
        (["--remind", "10m"], NotifyOptions(reminders: [tenMinutes])),
        (["--remind=10m"], NotifyOptions(reminders: [tenMinutes])),
        (["--remind", "1h", "--remind", "10m"], NotifyOptions(reminders: [hour, tenMinutes])),
        (["--remind", "10m", "--remind=1h"], NotifyOptions(reminders: [hour, tenMinutes])),
        (["--remind", "1h 30m"], NotifyOptions(reminders: [.seconds(5400)])),
        (["--remind", "+90s", "--remind", "1:30", "--remind", "90"], NotifyOptions(reminders: [.seconds(90)])),
        (["--remind", "10m", "--remind", "600", "--remind", "1h", "--remind", "60m"], NotifyOptions(reminders: [hour, tenMinutes])),
        (["--remind", "0.5s"], NotifyOptions(reminders: [.milliseconds(500)])),
        (["--no-remind"], NotifyOptions(reminders: [])),
        (["--no-remind", "--no-remind"], NotifyOptions(reminders: [])),
        (["--sound", "bell.oga"], NotifyOptions(sound: .file("bell.oga"))),
        (["--sound=/usr/share/sounds/a b.oga"], NotifyOptions(sound: .file("/usr/share/sounds/a b.oga"))),
        (["--sound", "a.oga", "--sound", "b.oga"], NotifyOptions(sound: .file("b.oga"))),
        (["--silent"], NotifyOptions(sound: .silent)),
        (["--remind", "10m", "--silent"], NotifyOptions(reminders: [tenMinutes], sound: .silent)),
        (["--no-remind", "--sound", "/a.oga"], NotifyOptions(reminders: [], sound: .file("/a.oga"))),
        (["-m", "drain it", "--remind", "1m", "--sound=./a.oga"], NotifyOptions(reminders: [.seconds(60)], sound: .file("./a.oga"))),
        (["--volume", "40%"], NotifyOptions(volume: 40)),
        (["--volume=70"], NotifyOptions(volume: 70)),
        (["--volume", "0", "--sound", "/a.oga"], NotifyOptions(sound: .file("/a.oga"), volume: 0)),
    ]

    @Test(arguments: notifyForms)
    func notifyOptionsOnStart(options: [String], notify: NotifyOptions) throws {
        let message = options.contains("-m") ? "drain it" : nil
        #expect(try Self.command(["start", "pasta", "8m"] + options)
            == StartCommand(name: "pasta", duration: "8m", message: message, notify: notify))
        #expect(try Self.command(options + ["start", "pasta", "8m"])
            == StartCommand(name: "pasta", duration: "8m", message: message, notify: notify))
    }

    @Test(arguments: notifyForms)
    func notifyOptionsOnUntil(options: [String], notify: NotifyOptions) throws {
        let message = options.contains("-m") ? "drain it" : nil
        #expect(try Self.command(["until", "report", "fri", "17:00"] + options)
            == UntilCommand(name: "report", when: "fri 17:00", message: message, notify: notify))
    }

    @Test(arguments: ["101%", "loud", "-5", "40.5", ""])
    func aVolumeThatIsNotAPercentageIsRefused(text: String) throws {
        let error = try Self.refusal(["start", "pasta", "8m", "--volume", text])
        #expect(error.message == """
            --volume takes a percentage from 0 to 100, such as --volume 40% (as on a volume control); \
            \(TimerText.shellWord(text)) is not one.
            """)
        #expect(error.topic == "start")
    }

    @Test func volumeWithSilentIsRefused() throws {
        let error = try Self.refusal(["start", "pasta", "8m", "--volume", "40", "--silent"])
        #expect(error.message == "--volume and --silent contradict each other: give a volume, or --silent for no sound.")
    }

    @Test func dismissTakesNamesOrAll() throws {
        #expect(try Self.command(["dismiss", "pasta", "tea"]) == DismissCommand(names: ["pasta", "tea"]))
        #expect(try Self.command(["ok", "pasta"]) == DismissCommand(names: ["pasta"]))
        #expect(try Self.command(["dismiss", "-a"]) == DismissCommand(names: nil))
        #expect(try Self.refusal(["dismiss", "--all", "pasta"]).message == "dismiss takes either names or --all, not both.")
    }

    @Test func remindBetweenTheWordsOfTheDuration() throws {
        #expect(try Self.command(["start", "pasta", "1h", "--remind", "10m", "30m"])
            == StartCommand(name: "pasta", duration: "1h 30m", message: nil, notify: NotifyOptions(reminders: [Self.tenMinutes])))
    }

    @Test func tenDifferentRemindersAreTheMost() throws {
        let ten = (1...10).flatMap { ["--remind", "\($0)m"] }
        let command = try Self.command(["start", "bread", "1h"] + ten)
        #expect(command == StartCommand(
            name: "bread", duration: "1h", message: nil,
            notify: NotifyOptions(reminders: (1...10).reversed().map { .seconds($0 * 60) })))
        // Repeats are merged before counting.
        #expect(throws: Never.self) { try Self.command(["start", "bread", "1h"] + ten + ["--remind", "600"]) }
    }

    @Test func elevenRemindersAreRefused() throws {
        let eleven = (1...11).flatMap { ["--remind", "\($0)m"] }
        for arguments in [["start", "bread", "1h"] + eleven, ["until", "report", "fri", "17:00"] + eleven] {
            let error = try Self.refusal(arguments)
            #expect(error.message == "A timer has at most 10 reminders, and 11 were given. Keep the ones that matter most.")
            #expect(error.topic == arguments[0])
        }
    }

    @Test(arguments: [
        ("10x", #"--remind: "10x" is not a duration. Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."#),
        ("", "--remind: No duration was given. Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."),
        ("0", "--remind: A timer needs a duration longer than zero."),
        ("-10m", #"--remind: "-10m" is negative; a timer needs a duration longer than zero, such as 10m."#),
        ("10m10m", #"--remind: "10m10m" gives the minutes twice; write each unit once, as in 1h30m."#),
        ("400d", #"--remind: "400d" is longer than a year; timers can run for at most 365 days."#),
    ])
    func reminderThatIsNotADurationIsRefused(text: String, message: String) throws {
        for arguments in [["start", "pasta", "8m", "--remind", text], ["until", "report", "17:00", "--remind=\(text)"],
                          ["start", "pasta", "8m", "--remind", "1m", "--remind", text]] {
            let error = try Self.refusal(arguments)
            #expect(error.message == message)
            #expect(error.topic == arguments[0])
        }
    }

    @Test(arguments: [
        ["start", "pasta", "8m", "--remind", "1m", "--no-remind"],
        ["start", "pasta", "8m", "--no-remind", "--remind=1m"],
        ["--no-remind", "until", "report", "17:00", "--remind", "1m"],
    ])
    func remindWithNoRemindIsRefused(arguments: [String]) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == """
            --remind and --no-remind contradict each other: choose reminders with --remind, \
            or none at all (not even timerd's defaults) with --no-remind.
            """)
        #expect(error.topic == Help.canonicalName(arguments.first { !$0.hasPrefix("-") }!))
    }

    @Test(arguments: [
        ["start", "pasta", "8m", "--sound", "a.oga", "--silent"],
        ["start", "pasta", "8m", "--silent", "--sound=/a.oga"],
        ["until", "report", "17:00", "--silent", "--sound", "/a.oga", "--remind", "1m"],
    ])
    func soundWithSilentIsRefused(arguments: [String]) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == "--sound and --silent contradict each other: give a sound file to play, or --silent for none.")
        #expect(error.topic == arguments[0])
    }

    @Test func emptySoundIsRefusedWithAnExample() throws {
        for arguments in [["start", "pasta", "8m", "--sound="], ["until", "report", "17:00", "--sound", ""]] {
            let error = try Self.refusal(arguments)
            #expect(error.message == "--sound needs the path of a sound file, e.g. --sound /usr/share/sounds/freedesktop/stereo/complete.oga.")
            #expect(error.topic == arguments[0])
        }
    }

    @Test(arguments: [(["start", "pasta", "8m", "--remind"], "--remind"), (["until", "report", "17:00", "--sound"], "--sound")])
    func notifyOptionWithoutItsValueIsRefused(arguments: [String], flag: String) throws {
        #expect(try Self.refusal(arguments).message == "\(flag) needs a value.")
    }
}
