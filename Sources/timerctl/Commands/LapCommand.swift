import Protocol

/// `timerctl lap NAME...`: running stopwatches record a lap.
struct LapCommand: Command {
    static let topic = Help.Topic(
        name: "lap", usage: "timerctl lap NAME...",
        summary: "Record a lap of a running stopwatch: its time and the split.",
        details: "A stopwatch keeps up to 1000 laps; `timerctl show NAME` lists them.",
        examples: ["timerctl lap run", "timerctl lap @next"],
        operands: Completion.Operands(first: .timer(.lappable), rest: .timer(.lappable)))

    var names: [String]

    init(names: [String]) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = try input.names() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let render = context.render
        try context.each(names, Request.lap, saying: render.lapped)
    }
}
