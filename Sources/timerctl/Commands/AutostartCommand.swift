import Protocol

/// `timerctl autostart enable|disable|status`: what starts timerd at login (`Autostart`).
struct AutostartCommand: Command {
    static let topic = Help.Topic(
        name: "autostart", usage: "timerctl autostart enable|disable|status",
        summary: "Start timerd when you log in (or stop); say how it was started.",
        details: """
              enable    start timerd at login from now on: with systemd user units
                        where a systemd user session runs (the first timerctl starts
                        it), else with an XDG autostart entry in ~/.config/autostart
              disable   undo enable: stop and remove what it set up, never files it
                        did not write
              status    what is set up, and how the running timerd was started
                        (`timerctl autostart` alone does this too)
            The files start the installed timerd: the one beside this timerctl, else
            the first on PATH, else ~/.local/bin/timerd, passing over any in a build
            tree (.build). Run from a build tree with none installed, enable points the
            files into it and warns: install timerd (make install) and enable again.
            Without autostart, timerctl starts timerd when it is needed.
            """,
        examples: ["timerctl autostart enable", "timerctl autostart status"],
        subcommands: Action.allCases.map { ($0.rawValue, Completion.Operands(first: .nothing)) })

    enum Action: String, CaseIterable, Sendable {
        case enable, disable, status
    }

    var action: Action

    init(_ action: Action) { self.action = action }

    /// The words after `autostart`; `autostart` alone is `status`.
    init(_ input: CommandInput) throws(UsageError) {
        guard let word = input.operands.first else {
            action = .status
            return
        }
        guard let action = Action(rawValue: word) else {
            throw input.refusal("autostart has no subcommand \(TimerText.quoted(word)); it takes enable, disable or status.")
        }
        guard input.operands.count == 1 else { throw input.refusal("autostart \(word) takes no arguments.") }
        self.action = action
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        try Autostart(environment: Environment.current(), socket: context.socket, output: context.output).run(action)
    }
}
