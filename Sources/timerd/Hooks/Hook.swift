import Protocol

/// One run of a command: what the scheduler hands the plan and the plan hands the runner.
struct Hook: Equatable, Sendable {
    var event: HookEvent
    /// Given to `/bin/sh -c` as it was written (timerd.conf, or `--exec`): the user's own.
    var command: String
    /// The facts, `NAME=value` each (`HookEnvironment.facts`); the runner adds the daemon's
    /// environment under them when it starts the process, so a hook waiting in the queue holds
    /// only its own few variables.
    var facts: [String]
    /// The timers it is about, for the log and the history.
    var timers: [String]
    /// The firings it is about: its failure is told in their history entries. Empty for a
    /// hook about something else (a start, a reminder, a step).
    var firings: [Fired] = []

    /// A timer's firing, as its history entry is found again: the name and when it fired.
    struct Fired: Equatable, Sendable {
        var name: String
        var at: Timestamp

        init?(_ info: TimerInfo) {
            guard let at = info.firedAt else { return nil }
            self.name = info.name
            self.at = at
        }
    }
}
