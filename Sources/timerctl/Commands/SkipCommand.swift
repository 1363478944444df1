import Protocol

/// `timerctl skip NAME...`: a recurring deadline passes over its next occurrence.
struct SkipCommand: Command {
    static let topic = Help.Topic(
        name: "skip", usage: "timerctl skip NAME...",
        summary: "Skip the next time of a recurring deadline or alarm.",
        details: """
            The deadline (set with `until … --every` or `alarm`) goes on to the time after
            its next, which passes without a notification. Once only: the times after
            come as before. To stop it for a while, pause it; to end it, cancel it.
            """,
        examples: ["timerctl skip standup", "timerctl skip wake"],
        operands: Completion.Operands(first: .timer(.recurring), rest: .timer(.recurring)))

    var names: [String]

    init(names: [String]) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = try input.names() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let render = context.render
        try context.each(names, Request.skip) { timer in render.changed(timer, "skipped to its next time") }
    }
}
