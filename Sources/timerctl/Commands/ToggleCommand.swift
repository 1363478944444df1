import Protocol

/// `timerctl toggle NAME...`: the one button of a kitchen timer, for a bar's click or a key.
struct ToggleCommand: Command {
    static let topic = Help.Topic(
        name: "toggle", usage: "timerctl toggle NAME...",
        summary: "Pause if running, resume if paused, stop the alarm if ringing.",
        details: """
            Made for a status bar's click or a key binding, with a name that chooses the
            timer: @next (the one ringing, else the one due soonest, as `timerctl bar`
            shows it) or @ringing. Every command that acts on a timer takes them.
            """,
        examples: ["timerctl toggle pasta", "timerctl toggle @next"],
        operands: Completion.Operands(first: .timer(.toggleable), rest: .timer(.toggleable)))

    var names: [String]

    init(names: [String]) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = try input.names() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let render = context.render
        try context.each(names, Request.toggle) { timer in
            switch timer.state {
            case .paused: render.changed(timer, "paused")
            case .running: render.changed(timer, "resumed")
            case .done: "\(timer.name) dismissed."
            }
        }
    }
}
