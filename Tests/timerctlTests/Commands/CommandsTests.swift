import Protocol
import Testing
@testable import timerctl

/// `Commands`: the one list of commands, and what the parser makes of words it does not have.
@Suite struct CommandsTests {
    @Test func theHelpTopicsAreTheCommandsInTheirOrder() {
        #expect(Help.topics.map(\.name) == Commands.all.map { $0.topic.name })
    }

    @Test func everyWordNamesItsCommand() {
        for command in Commands.all {
            for word in [command.topic.name] + command.topic.aliases {
                #expect(Commands.named(word).map { $0.topic.name } == command.topic.name)
            }
        }
        #expect(Commands.named("frobnicate") == nil)
    }

    @Test func hiddenCommandsAreApart() {
        for command in Commands.hidden {
            #expect(command.topic.name.hasPrefix("__"))
            #expect(Commands.named(command.topic.name) == nil)
            #expect(Commands.hidden(command.topic.name) != nil)
        }
    }

    /// No word and no option falls back to another command: `--version` only alone.
    @Test(arguments: [["frobnicate"], ["-V", "frobnicate"], ["--version", "versio"], ["help", "version"]])
    func unknownWordsAreRefusedNotRun(arguments: [String]) throws {
        let error = try #require(throws: UsageError.self) { try Arguments.parse(arguments) }
        #expect(error.topic == (arguments.first == "help" ? "help" : nil))
    }

    @Test func versionAfterACommandIsThatCommand() throws {
        #expect(try Arguments.parse(["-V", "ls"]).command == ListCommand(json: false))
        #expect(try Arguments.parse(["--version"]).command == VersionCommand())
    }
}
