import Protocol

/// `timerctl reset NAME...`: countdowns from their full duration again.
struct ResetCommand: Command {
    static let topic = Help.Topic(
        name: "reset", aliases: ["restart"], usage: "timerctl reset NAME...",
        summary: "Run countdowns again from their full duration.",
        details: """
            Countdowns that are done run again too. A stopwatch goes back to 0:00 and
            loses its laps; it keeps running, or stays paused, as it was.
            """,
        examples: ["timerctl reset pasta", "timerctl restart pasta 'tea break'"],
        operands: Completion.Operands(first: .timer(.resettable), rest: .timer(.resettable)))

    var names: [String]

    init(names: [String]) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = try input.names() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        try context.each(names, Request.reset, verb: "restarted")
    }
}
