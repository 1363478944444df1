import Protocol
import Testing
@testable import timerctl

/// Where options may go, what ends them, and what is not one.
@Suite struct ArgumentsOptionsTests: ParsesArguments {
    @Test(arguments: ["-1m", "-30s", "-1h30m", "-90"])
    func negativeAmountIsNotAnOption(amount: String) throws {
        #expect(try Self.command(["extend", "pasta", amount]) == ExtendCommand(name: "pasta", amount: amount))
    }

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
}
