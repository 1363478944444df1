import Protocol
import Testing
@testable import timerctl

/// Commands and aliases, and the words and messages they take.
@Suite struct ArgumentsTests: ParsesArguments {
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
}
