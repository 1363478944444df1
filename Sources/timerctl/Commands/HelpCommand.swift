import Protocol

/// `timerctl help [COMMAND]`, `COMMAND --help`, and `timerctl` alone.
struct HelpCommand: Command {
    static let topic = Help.Topic(
        name: "help", usage: "timerctl help [COMMAND]", summary: "Show help for timerctl or one command.",
        examples: ["timerctl help", "timerctl help until"],
        operands: Completion.Operands(first: .command))

    /// The name of the command whose page to show; nil: the overview.
    var page: String?

    init(topic: String?) { page = topic }

    init(_ input: CommandInput) throws(UsageError) {
        guard input.operands.count <= 1 else { throw input.refusal("help takes at most one command.") }
        guard let word = input.operands.first else {
            page = nil
            return
        }
        guard let command = Commands.named(word) else {
            throw UsageError(message: "There is no command \"\(word)\". `timerctl help` lists the commands.")
        }
        page = command.topic.name
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        context.output((page.map(Help.text(for:)) ?? Help.overview) + "\n")
    }
}
