import Protocol

/// `timerctl extend NAME AMOUNT`: time added (or taken off).
struct ExtendCommand: Command {
    static let topic = Help.Topic(
        name: "extend", usage: "timerctl extend NAME AMOUNT",
        summary: "Add time to a countdown or move a deadline.",
        details: """
            AMOUNT: +2m, 30s, -1m, +1h30m; a negative amount takes time off.
            Extending a finished countdown runs it again for that long.
            """,
        examples: ["timerctl extend pasta +2m", "timerctl extend report +1h"],
        operands: Completion.Operands(first: .timer(.extendable)))

    var name: String
    /// As typed, several words joined.
    var amount: String

    init(name: String, amount: String) {
        self.name = name
        self.amount = amount
    }

    init(_ input: CommandInput) throws(UsageError) {
        guard input.operands.count >= 2 else {
            throw input.refusal("extend needs a name and an amount, e.g. `timerctl extend pasta +2m`.")
        }
        self.init(name: input.operands[0], amount: input.restSpaced)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let amount: Duration
        do { amount = try DurationParser.parseSigned(self.amount) } catch { throw .usage(error.message) }
        let reply = try context.request(.extend(name: name, by: amount))
        context.output(context.render.changed(try context.timer(reply), "extended") + "\n")
    }
}
