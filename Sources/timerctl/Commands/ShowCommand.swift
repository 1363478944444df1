import Protocol

/// `timerctl show NAME`: one timer in detail.
struct ShowCommand: Command {
    static let topic = Help.Topic(
        name: "show", usage: "timerctl show NAME [--json]", summary: "Show one timer in detail.",
        details: "  --json   print the protocol's timer object, for scripts",
        examples: ["timerctl show pasta", "timerctl show 'tea break' --json | jq .remaining"], options: ["--json"],
        operands: Completion.Operands(first: .timer(.any)))

    var name: String
    var json: Bool

    init(name: String, json: Bool) {
        self.name = name
        self.json = json
    }

    init(_ input: CommandInput) throws(UsageError) {
        self.init(name: try input.oneName(), json: input.json)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let reply = try context.request(.get(name: name))
        let info = try context.timer(reply)
        context.output(json ? JSONWriter.string(reply["timer"] ?? info.json) + "\n" : context.render.detail(info))
    }
}
