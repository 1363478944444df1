import Protocol
import Testing
@testable import timerctl

/// Help and version.
@Suite struct ArgumentsHelpTests: ParsesArguments {
    @Test(arguments: [["-h"], ["--help"], ["--no-spawn", "-h"]])
    func helpAloneGivesTheOverview(arguments: [String]) throws {
        #expect(try Self.command(arguments) == HelpCommand(topic: nil))
    }

    /// `timerctl` alone shows the timers, as `ls` (a glance is what people type it for; the
    /// empty table says where help is).
    @Test(arguments: [([], false), (["--no-spawn"], false), (["--json"], true)])
    func noCommandIsLs(arguments: [String], json: Bool) throws {
        #expect(try Self.command(arguments) == ListCommand(json: json))
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
}
