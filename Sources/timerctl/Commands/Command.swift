/// One timerctl command, the shape of tmux's `cmd_entry`: its topic (name, aliases, usage,
/// examples, the options it takes, what its operands complete to), how it reads and checks
/// its words, before anything runs, and how it runs. Each lives in a file of its own under
/// `Commands/` and is listed once, in `Commands.all`; `timerctl help`, the completion
/// scripts and timerctl(1)'s COMMANDS section are made from that list.
protocol Command: Sendable, Equatable {
    /// Its help page, and what the parser and the completion scripts know of it.
    static var topic: Help.Topic { get }
    /// Reads the words after the command's name, refusing what it cannot run.
    init(_ input: CommandInput) throws(UsageError)
    /// Carries it out: asks the daemon, prints the outcome.
    func run(_ context: CommandContext) throws(CtlFailure)
}

extension Command {
    /// Whether `other` is this command with the same arguments.
    func isEqual(to other: any Command) -> Bool { (other as? Self) == self }
}

/// Two commands read from command lines are equal when they are the same command with the
/// same arguments (for `Invocation`, and for the tests that say what a line means).
func == (lhs: any Command, rhs: any Command) -> Bool { lhs.isEqual(to: rhs) }
func != (lhs: any Command, rhs: any Command) -> Bool { !lhs.isEqual(to: rhs) }
