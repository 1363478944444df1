import Protocol

/// Hidden: `timerctl __man`, the COMMANDS section of timerctl(1) (`ManPage`), for the build.
struct ManCommand: Command {
    static let topic = Help.Topic(name: "__man", usage: "timerctl __man", summary: "Print timerctl(1)'s commands.")

    init() {}

    init(_ input: CommandInput) throws(UsageError) {
        guard input.operands.isEmpty else { throw UsageError(message: "__man takes no arguments.") }
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        context.output(ManPage.commands())
    }
}
