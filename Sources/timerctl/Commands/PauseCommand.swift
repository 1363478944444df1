import Protocol

/// `timerctl pause NAME...`.
struct PauseCommand: Command {
    static let topic = Help.Topic(
        name: "pause", usage: "timerctl pause NAME...", summary: "Pause countdowns, stopwatches and recurring deadlines.",
        examples: ["timerctl pause pasta", "timerctl pause pasta 'tea break'"],
        operands: Completion.Operands(first: .timer(.pausable), rest: .timer(.pausable)))

    var names: [String]

    init(names: [String]) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = try input.names() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        try context.each(names, Request.pause, verb: "paused")
    }
}
