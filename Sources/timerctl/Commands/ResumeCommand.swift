import Protocol

/// `timerctl resume NAME...`.
struct ResumeCommand: Command {
    static let topic = Help.Topic(
        name: "resume", usage: "timerctl resume NAME...", summary: "Resume countdowns, stopwatches and recurring deadlines.",
        examples: ["timerctl resume pasta", "timerctl resume pasta 'tea break'"],
        operands: Completion.Operands(first: .timer(.paused), rest: .timer(.paused)))

    var names: [String]

    init(names: [String]) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = try input.names() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        try context.each(names, Request.resume, verb: "resumed")
    }
}
