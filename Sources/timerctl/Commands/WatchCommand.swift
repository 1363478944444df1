import Protocol

/// `timerctl watch [NAME...]`: the live view (`Watch`).
struct WatchCommand: Command {
    static let topic = Help.Topic(
        name: "watch", usage: "timerctl watch [NAME...]",
        summary: "Live full-screen view: big digits for one timer, a table for more.",
        details: """
            Redrawn every second; says "Time's up!" when a timer fires.
            Keys: space pauses or resumes the selected timer, or dismisses it once it is
            done (stops its alarm; d too), r resets it, + adds a minute, l takes a lap of
            a stopwatch, up/down (or j/k) select, q (or Ctrl-C) quits. The bottom line
            lists the keys that act on the selected timer (a deadline that comes once
            has only +, a stopwatch l instead of +); when the daemon refuses a key, the
            line above says why and which key does what you meant.
            """,
        examples: ["timerctl watch pasta", "timerctl watch"],
        operands: Completion.Operands(first: .timer(.any), rest: .timer(.any)))

    /// The timers to watch; none: all of them.
    var names: [String]

    init(names: [String]) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = input.operands }

    func run(_ context: CommandContext) throws(CtlFailure) {
        var watch = Watch(names: names, connection: try context.connect(), calendar: context.calendar, terminal: context.terminal)
        try watch.run()
    }
}
