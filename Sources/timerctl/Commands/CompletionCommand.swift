import Protocol

/// `timerctl completion bash|zsh|fish`: the completion script (`Completion`).
struct CompletionCommand: Command {
    static let topic = Help.Topic(
        name: "completion", usage: "timerctl completion bash|zsh|fish",
        summary: "Print a shell script that completes commands, options and names.",
        details: """
            The script completes commands, their options, the names of presets, and the
            names of the timers each command acts on (asking timerd if it is running; it
            is never started for this): pause offers those running, resume those paused,
            dismiss those ringing, lap running stopwatches… After `todo NAME` it offers
            the verbs, then the numbers of the tasks each takes (done: those not done).
            `make install` installs it for all three shells. To load one yourself:
              bash   source <(timerctl completion bash) in ~/.bashrc
              zsh    save it as _timerctl in a directory on $fpath, before compinit
              fish   save it as ~/.config/fish/completions/timerctl.fish
            """,
        examples: [
            "timerctl completion bash > ~/.local/share/bash-completion/completions/timerctl",
            "timerctl completion fish | source",
        ],
        operands: Completion.Operands(first: .shell))

    var shell: Completion.Shell

    init(shell: Completion.Shell) { self.shell = shell }

    init(_ input: CommandInput) throws(UsageError) {
        let names = "bash, zsh or fish"
        guard input.operands.count == 1 else {
            throw input.refusal("completion needs the shell to print a script for: \(names), e.g. `timerctl completion bash`.")
        }
        guard let shell = Completion.Shell(rawValue: input.operands[0]) else {
            throw input.refusal("There is no completion script for \(TimerText.quoted(input.operands[0])), only for \(names).")
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        context.output(Completion.script(shell))
    }
}
