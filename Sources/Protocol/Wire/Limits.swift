/// Limits shared by the daemon and the client, so both refuse the same things.
public enum Limits {
    /// Longest countdown: anything longer is almost certainly a typo.
    public static let maxCountdown: Duration = .seconds(365 * 86_400)
    /// Furthest deadline ahead of now.
    public static let maxDeadlineAhead: Duration = .seconds(3_653 * 86_400)
    /// A timer that fires later than this after it was due counts as missed (it came due
    /// while the daemon was not running or the machine was asleep).
    public static let lateAfter: Duration = .seconds(2)
    /// Fired timers kept in the history.
    public static let historyLength = 1_000
    /// Timers held at once.
    public static let maxTimers = 1_000_000
    /// Longest request line the daemon reads, in bytes, excluding the newline. Replies
    /// (a `list` of many timers) can be longer.
    public static let maxRequestBytes = 65_536
    /// Most requests in one JSON-RPC batch (one line holding an array). Their replies go back
    /// as one line, so this bounds what one line can ask of the daemon.
    public static let maxBatchRequests = 1_000
    /// Longest `sound` path, in bytes (Linux's PATH_MAX).
    public static let maxSoundPathBytes = 4_096
}
