import Protocol
import Testing
@testable import timerctl

@Suite struct ArgumentsTests {
    static func command(_ arguments: [String]) throws -> any Command {
        try Arguments.parse(arguments).command
    }

    /// The usage error `arguments` are refused with.
    static func refusal(_ arguments: [String]) throws -> UsageError {
        try #require(throws: UsageError.self) { try Arguments.parse(arguments) }
    }

    // MARK: Commands and aliases

    static let commands: [([String], any Command)] = [
        (["start", "pasta", "8m"], StartCommand(name: "pasta", duration: "8m", message: nil)),
        (["start", "パスタ", "90s"], StartCommand(name: "パスタ", duration: "90s", message: nil)),
        (["until", "report", "17:00"], UntilCommand(name: "report", when: "17:00", message: nil)),
        (["ls"], ListCommand(json: false)),
        (["list"], ListCommand(json: false)),
        (["ls", "--json"], ListCommand(json: true)),
        (["list", "--json"], ListCommand(json: true)),
        (["show", "pasta"], ShowCommand(name: "pasta", json: false)),
        (["show", "pasta", "--json"], ShowCommand(name: "pasta", json: true)),
        (["history"], HistoryCommand(limit: nil, json: false)),
        (["history", "--json"], HistoryCommand(limit: nil, json: true)),
        (["history", "-n", "20"], HistoryCommand(limit: 20, json: false)),
        (["history", "-n20"], HistoryCommand(limit: 20, json: false)),
        (["history", "--limit", "20"], HistoryCommand(limit: 20, json: false)),
        (["history", "--limit=20", "--json"], HistoryCommand(limit: 20, json: true)),
        (["-n", "1", "history"], HistoryCommand(limit: 1, json: false)),
        (["history", "-n", "1000"], HistoryCommand(limit: 1000, json: false)),
        (["history", "-n", "5", "-n", "7"], HistoryCommand(limit: 7, json: false)),
        (["pause", "pasta"], PauseCommand(names: ["pasta"])),
        (["pause", "pasta", "tea"], PauseCommand(names: ["pasta", "tea"])),
        (["resume", "pasta"], ResumeCommand(names: ["pasta"])),
        (["reset", "pasta"], ResetCommand(names: ["pasta"])),
        (["restart", "pasta", "tea"], ResetCommand(names: ["pasta", "tea"])),
        (["cancel", "pasta"], CancelCommand(names: ["pasta"])),
        (["rm", "pasta", "tea"], CancelCommand(names: ["pasta", "tea"])),
        (["cancel", "--all"], CancelCommand.all),
        (["cancel", "-a"], CancelCommand.all),
        (["rm", "--all"], CancelCommand.all),
        (["--all", "cancel"], CancelCommand.all),
        (["extend", "pasta", "+2m"], ExtendCommand(name: "pasta", amount: "+2m")),
        (["snooze", "pasta"], SnoozeCommand(name: "pasta", duration: nil)),
        (["snooze", "pasta", "10m"], SnoozeCommand(name: "pasta", duration: "10m")),
        (["snooze", "パスタ", "+90s"], SnoozeCommand(name: "パスタ", duration: "+90s")),
        (["snooze", "pasta", "1h", "30m"], SnoozeCommand(name: "pasta", duration: "1h 30m")),
        (["snooze", "--", "-pasta", "5m"], SnoozeCommand(name: "-pasta", duration: "5m")),
        (["snooze", "pasta", "-5m"], SnoozeCommand(name: "pasta", duration: "-5m")),
        (["help", "snooze"], HelpCommand(topic: "snooze")),
        (["snooze", "-h"], HelpCommand(topic: "snooze")),
        (["wait", "pasta"], WaitCommand(name: "pasta")),
        (["ping"], PingCommand()),
        (["help"], HelpCommand(topic: nil)),
        (["help", "start"], HelpCommand(topic: "start")),
        (["help", "list"], HelpCommand(topic: "ls")),
        (["help", "rm"], HelpCommand(topic: "cancel")),
        (["help", "history"], HelpCommand(topic: "history")),
        (["history", "-h"], HelpCommand(topic: "history")),
        (["--version"], VersionCommand()),
        (["-V"], VersionCommand()),
    ]

    @Test(arguments: commands)
    func parses(arguments: [String], expected: any Command) throws {
        #expect(try Arguments.parse(arguments) == Invocation(command: expected))
    }

    @Test func durationInSeveralWordsIsJoined() throws {
        #expect(try Self.command(["start", "pasta", "1h", "30m"]) == StartCommand(name: "pasta", duration: "1h 30m", message: nil))
        #expect(try Self.command(["start", "pasta", "1h 30m"]) == StartCommand(name: "pasta", duration: "1h 30m", message: nil))
    }

    @Test func deadlineInSeveralWordsIsJoined() throws {
        #expect(try Self.command(["until", "report", "fri", "17:00"]) == UntilCommand(name: "report", when: "fri 17:00", message: nil))
        #expect(try Self.command(["until", "report", "fri 17:00"]) == UntilCommand(name: "report", when: "fri 17:00", message: nil))
    }

    @Test(arguments: [
        ["start", "pasta", "8m", "-m", "drain it"],
        ["start", "pasta", "8m", "--message", "drain it"],
        ["start", "pasta", "8m", "--message=drain it"],
        ["start", "-m", "drain it", "pasta", "8m"],
        ["-m", "drain it", "start", "pasta", "8m"],
    ])
    func messageInEveryForm(arguments: [String]) throws {
        #expect(try Self.command(arguments) == StartCommand(name: "pasta", duration: "8m", message: "drain it"))
    }

    @Test func messageMayContainEqualsAndStartWithADash() throws {
        #expect(try Self.command(["start", "pasta", "8m", "--message=a=b"]) == StartCommand(name: "pasta", duration: "8m", message: "a=b"))
        #expect(try Self.command(["start", "pasta", "8m", "-m", "-- no really"])
            == StartCommand(name: "pasta", duration: "8m", message: "-- no really"))
    }

    @Test func untilTakesAMessage() throws {
        #expect(try Self.command(["until", "report", "fri", "17:00", "-m", "send it"])
            == UntilCommand(name: "report", when: "fri 17:00", message: "send it"))
    }

    // MARK: Reminders and sound

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

    @Test(arguments: ["-1m", "-30s", "-1h30m", "-90"])
    func negativeAmountIsNotAnOption(amount: String) throws {
        #expect(try Self.command(["extend", "pasta", amount]) == ExtendCommand(name: "pasta", amount: amount))
    }

    @Test(arguments: ["0", "1001", "-1", "2.5", "20x", "twenty", "", " 20", "1e3", "99999999999999999999"])
    func historyLimitOutOfRangeOrNotAWholeNumberIsRefusedWithAnExample(limit: String) throws {
        for arguments in [["history", "-n", limit], ["history", "--limit", limit], ["history", "--limit=\(limit)"]] {
            let error = try Self.refusal(arguments)
            #expect(error.message == """
                -n/--limit must be a whole number from 1 to 1000, not \(TimerText.quoted(limit)); \
                e.g. `timerctl history -n 20` shows the last 20.
                """)
            #expect(error.topic == "history")
        }
    }

    @Test func historyLimitWithoutItsValueIsRefused() throws {
        #expect(try Self.refusal(["history", "-n"]).message == "-n needs a value.")
        #expect(try Self.refusal(["history", "--limit"]).message == "--limit needs a value.")
    }

    @Test func historyWithACountForAnArgumentSaysToUseN() throws {
        let error = try Self.refusal(["history", "20"])
        #expect(error.message == "history takes no arguments; for the last 20, type `timerctl history -n 20`.")
        #expect(error.topic == "history")
    }

    /// Only `-n` and digits is `-n` with its value; anything else after `-n` is not an option we know.
    @Test(arguments: ["-nx", "-n-5", "-name", "-n２０"])
    func dashNWithOtherThanDigitsIsAnUnknownOption(argument: String) throws {
        #expect(try Self.refusal(["history", argument]).message.hasPrefix("Unknown option \(argument)."))
    }

    // MARK: Global options

    @Test(arguments: [
        ["--socket", "/tmp/t.sock", "--no-spawn", "ls"],
        ["ls", "--socket", "/tmp/t.sock", "--no-spawn"],
        ["--no-spawn", "ls", "--socket=/tmp/t.sock"],
        ["--socket=/tmp/t.sock", "ls", "--no-spawn"],
    ])
    func globalOptionsGoAnywhere(arguments: [String]) throws {
        #expect(try Arguments.parse(arguments) == Invocation(socket: "/tmp/t.sock", noSpawn: true, command: ListCommand(json: false)))
    }

    @Test func globalOptionsBetweenArguments() throws {
        #expect(try Arguments.parse(["start", "pasta", "--no-spawn", "8m", "--socket", "s.sock"])
            == Invocation(socket: "s.sock", noSpawn: true, command: StartCommand(name: "pasta", duration: "8m", message: nil)))
    }

    @Test func defaultsAreNoSocketAndSpawning() throws {
        let invocation = try Arguments.parse(["ls"])
        #expect(invocation.socket == nil)
        #expect(!invocation.noSpawn)
    }

    @Test func doubleDashEndsOptions() throws {
        #expect(try Self.command(["start", "--", "-pasta", "8m"]) == StartCommand(name: "-pasta", duration: "8m", message: nil))
        #expect(try Self.command(["cancel", "--", "--all"]) == CancelCommand(names: ["--all"]))
        #expect(try Self.command(["--", "pause", "-h"]) == PauseCommand(names: ["-h"]))
    }

    @Test func loneDashIsAWord() throws {
        #expect(try Self.command(["pause", "-"]) == PauseCommand(names: ["-"]))
    }

    // MARK: Help and version

    @Test(arguments: [[], ["-h"], ["--help"], ["--no-spawn"]])
    func noCommandGivesTheOverview(arguments: [String]) throws {
        #expect(try Self.command(arguments) == HelpCommand(topic: nil))
    }

    @Test(arguments: [
        (["start", "-h"], "start"), (["start", "--help"], "start"), (["start", "pasta", "8m", "--help"], "start"),
        (["list", "-h"], "ls"), (["restart", "--help"], "reset"), (["rm", "-h"], "cancel"), (["-h", "until"], "until"),
        (["help", "-h"], "help"),
    ])
    func helpAfterACommandGivesThatCommandsHelp(arguments: [String], topic: String) throws {
        #expect(try Self.command(arguments) == HelpCommand(topic: topic))
    }

    @Test func helpWinsOverMissingArguments() throws {
        #expect(try Self.command(["show", "--help"]) == HelpCommand(topic: "show"))
    }

    // MARK: Refusals

    @Test func cancelWithNamesAndAllIsRefused() throws {
        for arguments in [["cancel", "pasta", "--all"], ["rm", "-a", "pasta"]] {
            let error = try Self.refusal(arguments)
            #expect(error.message == "cancel takes either names or --all, not both.")
            #expect(error.topic == "cancel")
        }
    }

    @Test(arguments: [
        (["start", "--json", "pasta", "8m"], "start does not take --json.", "start"),
        (["pause", "pasta", "--json"], "pause does not take --json.", "pause"),
        (["ping", "--json"], "ping does not take --json.", "ping"),
        (["ls", "--all"], "ls does not take --all.", "ls"),
        (["show", "pasta", "-a"], "show does not take --all.", "show"),
        (["ls", "-m", "x"], "ls does not take --message.", "ls"),
        (["list", "--message=x"], "list does not take --message.", "ls"),
        (["ls", "-n", "5"], "ls does not take --limit.", "ls"),
        (["show", "pasta", "--limit=5"], "show does not take --limit.", "show"),
        (["history", "--all"], "history does not take --all.", "history"),
        (["history", "-m", "x"], "history does not take --message.", "history"),
        (["ls", "--remind", "10m"], "ls does not take --remind.", "ls"),
        (["show", "pasta", "--remind=10m"], "show does not take --remind.", "show"),
        (["extend", "pasta", "+2m", "--silent"], "extend does not take --silent.", "extend"),
        (["reset", "pasta", "--no-remind"], "reset does not take --no-remind.", "reset"),
        (["cancel", "--sound", "a.oga", "pasta"], "cancel does not take --sound.", "cancel"),
        (["history", "--silent"], "history does not take --silent.", "history"),
        (["wait", "pasta", "--remind", "1m"], "wait does not take --remind.", "wait"),
        (["snooze", "pasta", "--remind", "1m"], "snooze does not take --remind.", "snooze"),
        (["snooze", "pasta", "5m", "--silent"], "snooze does not take --silent.", "snooze"),
        (["snooze", "pasta", "--sound=/a.oga"], "snooze does not take --sound.", "snooze"),
        (["snooze", "pasta", "--json"], "snooze does not take --json.", "snooze"),
        (["snooze", "pasta", "5m", "-m", "again"], "snooze does not take --message.", "snooze"),
        (["snooze", "--all"], "snooze does not take --all.", "snooze"),
    ])
    func optionsAreRefusedWhereTheyDoNotApply(arguments: [String], message: String, topic: String) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == message)
        #expect(error.topic == topic)
    }

    /// Several options a command does not take: the first one typed is named (not whichever a set yields first).
    @Test(arguments: [
        (["ping", "--json", "-m", "x", "--limit", "3", "-a"], "--json"),
        (["ping", "-a", "--limit=3", "--message", "x", "--json"], "--all"),
        (["ping", "-n5", "--json"], "--limit"),
        (["--socket", "s", "--no-spawn", "ping", "-m", "x", "--all"], "--message"),
    ])
    func theFirstOptionACommandDoesNotTakeIsNamed(arguments: [String], flag: String) throws {
        #expect(try Self.refusal(arguments).message == "ping does not take \(flag).")
    }

    @Test(arguments: [["ls", "--jsn"], ["start", "pasta", "8m", "-x"], ["--verbose"], ["ls", "-json"]])
    func unknownOptionIsRefused(arguments: [String]) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message.hasPrefix("Unknown option \(arguments.last!)."))
        #expect(error.message.contains("`timerctl help`"))
    }

    @Test(arguments: [(["start", "pasta", "8m", "-m"], "-m"), (["ls", "--socket"], "--socket"), (["--message"], "--message")])
    func optionWithoutItsValueIsRefused(arguments: [String], flag: String) throws {
        #expect(try Self.refusal(arguments).message == "\(flag) needs a value.")
    }

    @Test(arguments: [("strat", "start"), ("STart", "start"), ("lst", "ls"), ("pasue", "pause"), ("cancle", "cancel"),
                      ("resum", "resume"), ("wiat", "wait"), ("stat", "start")])
    func unknownCommandSuggestsANearMiss(word: String, meant: String) throws {
        let error = try Self.refusal([word, "pasta"])
        #expect(error.message
            == "Unknown command \"\(word)\". Did you mean `timerctl \(meant)`? `timerctl help` lists the commands.")
        #expect(error.topic == nil)
    }

    @Test(arguments: ["frobnicate", "version", "timers"])
    func unknownCommandFarFromAnyHasNoSuggestion(word: String) throws {
        #expect(try Self.refusal([word]).message == "Unknown command \"\(word)\". `timerctl help` lists the commands.")
    }

    @Test func helpForAnUnknownCommandIsRefused() throws {
        #expect(try Self.refusal(["help", "frobnicate"]).message
            == "There is no command \"frobnicate\". `timerctl help` lists the commands.")
        #expect(try Self.refusal(["help", "start", "ls"]).message == "help takes at most one command.")
    }

    // MARK: Missing and extra arguments

    @Test(arguments: [
        (["until"], "until needs a name and a time, e.g. `timerctl until report \"fri 17:00\"`."),
        (["until", "report"], "until needs a time after the name, e.g. `timerctl until report 17:00`."),
        (["until", "bob's"], #"until needs a time after the name, e.g. `timerctl until 'bob'\''s' 17:00`."#),
        (["extend"], "extend needs a name and an amount, e.g. `timerctl extend pasta +2m`."),
        (["extend", "pasta"], "extend needs a name and an amount, e.g. `timerctl extend pasta +2m`."),
        (["show"], "show needs the name of a timer, e.g. `timerctl show pasta`."),
        (["show", "--json"], "show needs the name of a timer, e.g. `timerctl show pasta`."),
        (["pause"], "pause needs the name of a timer, e.g. `timerctl pause pasta`."),
        (["resume"], "resume needs the name of a timer, e.g. `timerctl resume pasta`."),
        (["reset"], "reset needs the name of a timer, e.g. `timerctl reset pasta`."),
        (["restart"], "restart needs the name of a timer, e.g. `timerctl restart pasta`."),
        (["cancel"], "cancel needs the name of a timer, e.g. `timerctl cancel pasta`."),
        (["rm"], "rm needs the name of a timer, e.g. `timerctl rm pasta`."),
        (["wait"], "wait needs the name of a timer, e.g. `timerctl wait pasta`."),
        (["snooze"], "snooze needs the name of a timer, e.g. `timerctl snooze pasta`."),
    ])
    func missingArgumentsAreNamedWithAnExample(arguments: [String], message: String) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == message)
        #expect(error.topic == Help.canonicalName(arguments[0]))
    }

    @Test(arguments: [
        (["show", "pasta", "tea"], "show takes only one name."),
        (["wait", "pasta", "tea"], "wait takes only one name."),
        (["ls", "pasta"], "ls takes no arguments."),
        (["ping", "now"], "ping takes no arguments."),
        (["history", "pasta"], "history takes no arguments."),
        (["history", "20", "30"], "history takes no arguments."),
        (["history", "-5"], "history takes no arguments."),
        (["history", "5000"], "history takes no arguments."),
    ])
    func extraArgumentsAreRefused(arguments: [String], message: String) throws {
        let error = try Self.refusal(arguments)
        #expect(error.message == message)
        #expect(error.topic == Help.canonicalName(arguments[0]))
    }

    @Test(arguments: [
        ("pasta", "pasta"), ("パスタ", "パスタ"), ("tea-2", "tea-2"), ("tea break", "'tea break'"), ("$HOME", "'$HOME'"),
        ("a*", "'a*'"), ("bob's", #"'bob'\''s'"#), ("", "''"),
    ])
    func shellWordQuotesOnlyWhatTheShellWouldSplitOrExpand(word: String, typed: String) {
        #expect(TimerText.shellWord(word) == typed)
    }
}
