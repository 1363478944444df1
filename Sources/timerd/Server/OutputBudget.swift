/// The output every connection holds unread (replies and events the daemon has queued but the
/// client has not read), added up against one budget for them all.
///
/// Each connection alone is bounded, but a thousand of them, each holding the `list` of many
/// timers it asked for and never read, would add up to gigabytes. The server consults this
/// account before it answers: past the budget, requests that could be long wait, and a client
/// that has read none of its output for a while is dropped. The account only keeps the
/// figures: who holds how much, since when each has read nothing, and who waits for room.
///
/// Times are readings of a monotonic clock, passed in.
struct OutputBudget: Equatable {
    /// What one connection holds.
    struct Holding: Equatable {
        var bytes: Int
        /// When it last read some of its output, or began to hold some.
        var idleSince: Duration
        /// It has read some since it began to hold output.
        var hasRead = false
    }

    /// How long a connection may read nothing before it counts as stalled.
    struct Grace: Equatable {
        /// Since it began to hold output, if it has read none of it: a client that reads at
        /// all reads the first of its reply at once.
        var beforeFirstRead: Duration
        /// Since it last read, if it has: a slow reader is still a reader.
        var betweenReads: Duration

        func of(_ holding: Holding) -> Duration { holding.hasRead ? betweenReads : beforeFirstRead }
    }

    /// The bytes all connections together may hold before the budget counts as spent.
    let limit: Int
    /// The bytes held by all connections together.
    private(set) var total = 0
    private(set) var holdings: [ClientID: Holding] = [:]
    /// Connections whose next request waits for room, in the order they began to wait.
    private(set) var waiting: [ClientID] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Held output has reached the limit.
    var isSpent: Bool { total >= limit }

    /// What is left before the limit.
    var room: Int { max(0, limit - total) }

    /// Notes that `id` now holds `bytes` unread. Fewer bytes than before means it read some.
    mutating func update(_ id: ClientID, holding bytes: Int, at now: Duration) {
        let before = holdings[id]
        total += bytes - (before?.bytes ?? 0)
        if bytes == 0 {
            holdings[id] = nil
        } else if let before, bytes >= before.bytes {
            holdings[id]?.bytes = bytes
        } else {
            holdings[id] = Holding(bytes: bytes, idleSince: now, hasRead: before != nil)
        }
    }

    /// Forgets a connection that closed.
    mutating func remove(_ id: ClientID) {
        update(id, holding: 0, at: .zero)
        waiting.removeAll { $0 == id }
    }

    /// Puts `id` at the end of the line for room, unless it is already in it.
    mutating func wait(_ id: ClientID) {
        if !waiting.contains(id) { waiting.append(id) }
    }

    /// The first connection waiting for room, taken out of the line.
    mutating func nextWaiting() -> ClientID? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// The connections that hold output and have read none of it for their `grace` (at
    /// `now`), the largest holding first.
    func stalled(at now: Duration, grace: Grace) -> [ClientID] {
        holdings.filter { now - $0.value.idleSince >= grace.of($0.value) }
            .sorted { ($0.value.bytes, $1.key) > ($1.value.bytes, $0.key) }
            .map(\.key)
    }

    /// When the next connection will have been idle for its `grace`; nil when none holds
    /// anything.
    func nextStall(grace: Grace) -> Duration? {
        holdings.values.map { $0.idleSince + grace.of($0) }.min()
    }
}
