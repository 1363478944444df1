import Protocol

/// `timerctl ls`: every timer.
struct ListCommand: Command {
    static let topic = Help.Topic(
        name: "ls", aliases: ["list"], usage: "timerctl ls [--json]",
        summary: "List every timer with its time left, progress and end.",
        details: "  --json   print the protocol's timer objects, for scripts",
        examples: ["timerctl ls", "timerctl ls --json | jq '.[].name'"], options: ["--json"])

    var json: Bool

    init(json: Bool) { self.json = json }

    init(_ input: CommandInput) throws(UsageError) {
        try input.noArguments()
        json = input.json
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        var connection = try context.connect()
        let (objects, timers) = try context.list(&connection)
        // As the daemon sent them: fields this version does not know are kept for scripts.
        context.output(json ? JSONWriter.string(.array(objects)) + "\n" : context.render.table(timers))
    }
}
