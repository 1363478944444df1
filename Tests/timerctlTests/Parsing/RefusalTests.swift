import Protocol
import Testing
@testable import timerctl

/// `Refusal`: the one funnel of usage refusals. Every refusal about a command ends with its
/// usage line and an example (unless the message already shows a whole command line).
@Suite struct RefusalTests: ParsesArguments {
    @Test func aRefusalForACommandEndsWithItsUsageAndAnExample() {
        #expect(Refusal.text(UsageError(message: "show takes only one name.", topic: "show")) == """
            show takes only one name.
            Usage: timerctl show NAME [--json]
            Example: timerctl show pasta
            """)
    }

    /// The example shows the option the message is about.
    @Test func theExampleUsesTheOptionNamed() {
        #expect(Refusal.text(UsageError(message: "--cycles needs a whole number.", topic: "start")) == """
            --cycles needs a whole number.
            Usage: timerctl start NAME [DURATION] [OPTIONS]
            Example: timerctl start focus 25m --then break 5m --cycles 4
            """)
    }

    @Test func aMessageWithACommandLineNeedsNoOtherExample() {
        #expect(Refusal.text(UsageError(message: "show needs a name, e.g. `timerctl show pasta`.", topic: "show")) == """
            show needs a name, e.g. `timerctl show pasta`.
            Usage: timerctl show NAME [--json]
            """)
    }

    @Test func aRefusalForNoCommandIsItsMessageAlone() {
        #expect(Refusal.text(UsageError(message: "--socket needs a value.")) == "--socket needs a value.")
    }

    /// Usage failures found while running (a duration that is none) pass the same way.
    @Test func aUsageFailureAtRunTimeIsTheSameRefusal() throws {
        let failure = CtlFailure.usage("No preset.", topic: "start")
        #expect(failure.exitCode == 2)
        #expect(try Refusal.text(#require(failure.usageError)) == """
            No preset.
            Usage: timerctl start NAME [DURATION] [OPTIONS]
            Example: timerctl start pasta 8m
            """)
        #expect(CtlFailure.refused("no").usageError == nil)
        #expect(CtlFailure.unreachable("no").usageError == nil)
    }

    @Test func everyCommandHasAnExample() {
        for topic in Help.topics { #expect(!topic.examples.isEmpty, "\(topic.name)") }
    }

    /// Whatever a command refuses while its words are read, and wherever the command stands
    /// on the line, says how it is used.
    @Test(arguments: [
        ["start", "x", "1s", "--remind"], ["start", "x", "1s", "--then", "break"], ["start", "x", "1s", "--cycles", "0"],
        ["start", "x", "1s", "--bogus"], ["--bogus", "start", "x", "1s"], ["start", "x", "1s", "--json"],
        ["bar", "--format"], ["history", "-n"], ["history", "-n", "x"], ["ls", "extra"], ["show"], ["show", "a", "b"],
        ["until", "x", "5pm", "--every"], ["alarm", "x"], ["stopwatch", "x", "--notify-every"], ["todo", "x", "bogus"],
        ["preset", "save"], ["autostart", "what"], ["completion"], ["cancel", "x", "--all"], ["extend", "x"],
        ["snooze"], ["pause"], ["lap"], ["wait", "a", "b"], ["--no-spawn", "start", "x", "1s", "-m"],
    ])
    func everyRefusalOfACommandsWordsShowsItsUsage(arguments: [String]) throws {
        let error = try Self.refusal(arguments)
        let verb = try #require(arguments.first { !$0.hasPrefix("-") })
        let name = try #require(Help.canonicalName(verb))
        #expect(error.topic == name, "\(arguments)")
        let text = Refusal.text(error)
        #expect(text.contains("\nUsage: timerctl \(name)"), "\(text)")
        #expect(text.contains("\nExample: timerctl ") || error.message.contains("`timerctl "), "\(text)")
    }

    /// An option that is no option of the command: the nearest that is.
    @Test func aMistypedOptionGetsTheNearestOne() throws {
        #expect(try Self.refusal(["start", "x", "1s", "--remnd", "5m"]).message
            == "start has no option --remnd. Did you mean --remind?")
        #expect(try Self.refusal(["--sielnt", "start", "x", "1s"]).message
            == "start has no option --sielnt. Did you mean --silent?")
        #expect(try Self.refusal(["ls", "--xyzzy"]).message == "ls has no option --xyzzy.")
        #expect(try Self.refusal(["--xyzzy"]).message
            == "Unknown option --xyzzy. `timerctl help` lists the commands and their options.")
    }
}
