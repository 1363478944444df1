/// How a hook's process ended, as the runner saw it.
struct HookExit: Equatable, Sendable {
    enum Status: Equatable, Sendable {
        /// It exited with this status (0: success).
        case exited(Int32)
        /// A signal ended it (ours at its limit, or another).
        case signaled(Int32)
        /// It never ran: the reason (no `/bin/sh`, no process left to make).
        case notStarted(String)
    }

    var id: UInt64
    var status: Status
    /// The start of its error output, at most `keptOutput` bytes of it.
    var errorOutput: [UInt8] = []

    /// What is kept of a hook's error output: enough for its first lines in the log.
    static let keptOutput = 4096
}

/// Runs hooks' processes without blocking its caller (the event loop), and reports each end,
/// also of one that could not start, to the handler the daemon sets
/// (`ShellHookRunner.onFinished`), as the scheduler's `hookFinished`: never from inside `run`.
protocol HookRunner: Sendable {
    /// Starts `/bin/sh -c` with the hook's command, in a process group of its own.
    func run(_ launch: HookPlan.Launch)
    /// Sends the hook's process group SIGTERM, or SIGKILL if `force`; nothing if it has ended.
    func stop(_ id: UInt64, force: Bool)
}

/// Runs nothing: for a scheduler with no hooks (tests that are not about them).
struct NoHooks: HookRunner {
    func run(_ launch: HookPlan.Launch) {}
    func stop(_ id: UInt64, force: Bool) {}
}
