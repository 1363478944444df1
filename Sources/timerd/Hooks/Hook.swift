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
}
