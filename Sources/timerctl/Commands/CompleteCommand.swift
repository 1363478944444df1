import Protocol

/// Hidden: `timerctl __complete timers|presets`, the names a completion offers, one per line
/// (`Completion.candidates`), for the scripts.
struct CompleteCommand: Command {
    static let topic = Help.Topic(
        name: "__complete", usage: "timerctl __complete timers|presets", summary: "List names for a completion.")

    var source: Completion.Source

    init(_ source: Completion.Source) { self.source = source }

    init(_ input: CommandInput) throws(UsageError) {
        guard input.operands.count == 1, let source = Completion.Source(rawValue: input.operands[0]) else {
            throw UsageError(
                message: "__complete lists \(Completion.Source.allCases.map(\.rawValue).joined(separator: " or ")).")
        }
        self.source = source
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        context.output(Completion.candidates(source, socket: context.socket))
    }
}
