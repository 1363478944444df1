import Protocol

/// Where timers are kept across restarts. The live store is SQLite; tests use an in-memory
/// one that can be told to fail.
///
/// Only the scheduler calls it, from inside the actor, so implementations need no locking.
protocol Store: AnyObject {
    /// Hands every saved timer to `body`, in id order, one at a time: a hundred thousand of
    /// them need not be held in their saved form all at once.
    func loadTimers(_ body: (PersistedTimer) -> Void) throws(StoreError)
    /// Applies the writes in one durable transaction: when it returns, they survive a crash.
    /// `held` gives every timer the daemon holds, the writes included: if the store finds that
    /// its file is no longer the one at its path (deleted, replaced, its log cut short), it
    /// writes them all to a new one before it returns.
    func commit(_ writes: StoreWrites, held: () -> [PersistedTimer]) throws(StoreError)
    /// The most recent fired timers, newest first.
    func history(limit: Int) throws(StoreError) -> [HistoryEntry]
    /// Housekeeping put off until a quiet moment (a long write-ahead log copied back, files
    /// lost under it written anew from `held`, as `commit` does): the scheduler calls it when
    /// no timer is due for a while. It may take milliseconds.
    func maintain(held: () -> [PersistedTimer])
}

extension Store {
    /// Every saved timer, in id order.
    func loadTimers() throws(StoreError) -> [PersistedTimer] {
        var timers: [PersistedTimer] = []
        try loadTimers { timers.append($0) }
        return timers
    }
}

/// One transaction's worth of changes.
struct StoreWrites: Equatable, Sendable {
    var upserts: [PersistedTimer] = []
    var deletes: [UInt64] = []
    var history: [HistoryEntry] = []
    /// Hooks that failed, added to their firings' entries (after `history`, which may hold them).
    var hookFailures: [HookFailureMark] = []

    var isEmpty: Bool { upserts.isEmpty && deletes.isEmpty && history.isEmpty && hookFailures.isEmpty }
}

/// A hook about a firing failed: its history entry, found by the timer's name and when it
/// fired, says so (`hook exit 1`).
struct HookFailureMark: Equatable, Sendable {
    var name: String
    var firedAt: Timestamp
    var failure: String
}

/// Why the store failed, as a person should read it, and what they can do about it.
struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    /// The end of a sentence: "try again once the disk has room".
    var remedy: String
    init(_ message: String, remedy: String = "try again once the disk has room") {
        self.message = message
        self.remedy = remedy
    }
    var description: String { message }

    /// The message as a sentence: ending with one full stop.
    var sentence: String {
        message.hasSuffix(".") ? message : message + "."
    }
}
