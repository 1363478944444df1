import Protocol
import Testing
@testable import timerctl

/// The slips people make at the keyboard, each answered with the command line they meant.
@Suite struct SlipTests: ParsesArguments {
    @Test(arguments: [
        (["stop", "pasta"], "Unknown command \"stop\". Did you mean `timerctl pause pasta` or `timerctl cancel pasta`? `timerctl help` lists the commands."),
        (["delete", "x"], "Unknown command \"delete\". Did you mean `timerctl cancel x`? `timerctl help` lists the commands."),
        (["remove", "tea break"], "Unknown command \"remove\". Did you mean `timerctl cancel 'tea break'`? `timerctl help` lists the commands."),
        (["kill", "x"], "Unknown command \"kill\". Did you mean `timerctl cancel x`? `timerctl help` lists the commands."),
        (["in", "10m", "tea"], "Unknown command \"in\". Did you mean `timerctl start tea 10m`? `timerctl help` lists the commands."),
        (["timer", "tea", "10m"], "Unknown command \"timer\". Did you mean `timerctl start tea 10m`? `timerctl help` lists the commands."),
        (["at", "17:00", "report"], "Unknown command \"at\". Did you mean `timerctl until report 17:00`? `timerctl help` lists the commands."),
        (["lss"], "Unknown command \"lss\". Did you mean `timerctl ls`? `timerctl help` lists the commands."),
        (["frobnicate"], "Unknown command \"frobnicate\". `timerctl help` lists the commands."),
    ])
    func anUnknownCommandGetsTheCommandLineMeant(arguments: [String], message: String) throws {
        #expect(try Self.refusal(arguments).message == message)
    }

    @Test func aDurationBeforeTheNameIsSeenForWhatItIs() throws {
        let builder = RequestBuilderTests.builder()
        #expect(try RequestBuilderTests.refusal { () throws(CtlFailure) in
            try builder.countdown(name: "8m", duration: "pasta", message: nil, notify: NotifyOptions())
        } == "\"pasta\" is not a duration, but \"8m\" is: the name comes first, as in `timerctl start pasta 8m`.")
        #expect(try RequestBuilderTests.refusal { () throws(CtlFailure) in
            try builder.deadline(name: "17:00", when: "report", message: nil, notify: NotifyOptions())
        } == "\"report\" is not a time, but \"17:00\" is: the name comes first, as in `timerctl until report 17:00`.")
        // A name that merely looks like a number stays a name when the duration is good.
        #expect(throws: Never.self) { try builder.countdown(name: "42", duration: "8m", message: nil, notify: NotifyOptions()) }
    }
}
