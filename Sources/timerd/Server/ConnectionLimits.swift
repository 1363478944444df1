extension Server {
    /// What one connection, and all of them together, may make the server hold.
    struct ConnectionLimits {
        var maxConnections = 1_024
        /// Lines buffered for the next batch; beyond this the connection is not read until
        /// the batch is answered.
        var maxPendingLines = 1_024
        /// Bytes of those lines, likewise: a client pipelining long lines is paused sooner.
        var maxPendingBytes = 256 << 10
        /// Unsent output beyond which the connection's requests are neither read nor answered
        /// (it is not reading its replies); also about how much of replies one batch answers.
        var outputHighWater = 1 << 20
        /// Unsent events beyond which the client is dropped (a subscriber that never reads).
        /// Replies do not count: the high-water mark keeps them bounded.
        var outputLimit = 16 << 20
        /// Unsent output of all connections together (replies and events) at which the budget
        /// is spent. Past it, a `list` waits for room; a client that has output unread is not
        /// answered further; a client that has read everything still is, a little at a time.
        var unreadBudget = 64 << 20
        /// Past the budget: how much of replies one batch gives a client that has read all
        /// its output (at least one line), and the unread events at which a subscriber is
        /// dropped.
        var allowancePastBudget = 64 << 10
        /// Past the budget, a client that has read none of its output for this long is
        /// dropped, so that those that never read cannot keep the room from the others: one
        /// second after it was given output if it has read none of it, five after it last
        /// read if it has. The server sees reading only when the socket's buffer (about
        /// 200 KiB) has drained to a quarter, so a client reading slower than about 30 KiB/s
        /// counts as not reading.
        var unreadGrace = OutputBudget.Grace(beforeFirstRead: .seconds(1), betweenReads: .seconds(5))
    }
}
