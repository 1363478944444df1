import Protocol

/// `timerctl snooze NAME [DURATION]`: a finished timer again.
struct SnoozeCommand: Command {
    static let topic = Help.Topic(
        name: "snooze", usage: "timerctl snooze NAME [DURATION]",
        summary: "Run a finished timer again for a while (default 5 minutes).",
        details: """
            DURATION: as for start (90s, 8m, 1h30m…); without it, the first of the
            snooze lengths set in timerd.conf (its notification's first Snooze button),
            else 5 minutes. Only a timer that is done can be snoozed (or a recurring
            deadline); to add time to one that is still running, use extend.
            """,
        examples: ["timerctl snooze pasta", "timerctl snooze tea 10m"],
        operands: Completion.Operands(first: .timer(.snoozable)))

    var name: String
    /// As typed, several words joined; nil: the daemon's default, 5 min.
    var duration: String?

    init(name: String, duration: String?) {
        self.name = name
        self.duration = duration
    }

    init(_ input: CommandInput) throws(UsageError) {
        let name = try input.names()[0]
        // One name only: what follows it is how long, in as many words as it was typed.
        self.init(name: name, duration: input.operands.count > 1 ? input.restSpaced : nil)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let reply = try context.request(try context.builder.snooze(name: name, duration: duration))
        context.output(context.render.changed(try context.timer(reply), "snoozed") + "\n")
    }
}
