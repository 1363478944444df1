import Protocol
import Testing
@testable import timerctl

/// The command's words and help.
@Suite struct AutostartCommandTests: UsesAutostartScratch {
    @Test func parses() throws {
        #expect(try Arguments.parse(["autostart"]).command == AutostartCommand(.status))
        #expect(try Arguments.parse(["autostart", "enable"]).command == AutostartCommand(.enable))
        #expect(try Arguments.parse(["autostart", "disable"]).command == AutostartCommand(.disable))
        #expect(try Arguments.parse(["autostart", "status"]).command == AutostartCommand(.status))
        #expect(try Arguments.parse(["autostart", "--help"]).command == HelpCommand(topic: "autostart"))
        for wrong in [["autostart", "on"], ["autostart", "enable", "now"], ["autostart", "enable", "--json"]] {
            #expect(throws: UsageError.self, "\(wrong)") { try Arguments.parse(wrong) }
        }
    }

    @Test func helpHasTheCommandWithExamples() throws {
        let topic = try #require(Help.topic("autostart"))
        #expect(topic.examples.count >= 2)
        #expect(Help.overview.contains("autostart"))
        #expect(ManPage.commands().contains("\n## autostart\n"))
    }
}
