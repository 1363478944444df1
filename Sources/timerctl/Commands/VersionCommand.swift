import Protocol

/// `timerctl --version` (or `-V`) with no command: an option, so in neither of `Commands`'
/// lists; its topic is only for the `Command` shape.
struct VersionCommand: Command {
    static let topic = Help.Topic(name: "--version", usage: "timerctl --version", summary: "Print the version.")

    init() {}

    init(_ input: CommandInput) throws(UsageError) {}

    func run(_ context: CommandContext) throws(CtlFailure) {
        context.output("timerctl \(timerdVersion)\n")
    }
}
