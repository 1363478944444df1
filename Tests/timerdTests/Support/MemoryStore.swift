import Protocol

@testable import timerd

/// A store in memory that can be told to fail, and read back by the test.
final class MemoryStore: Store, Sendable {
    struct State {
        var timers: [UInt64: PersistedTimer] = [:]
        var history: [HistoryEntry] = []
        var commits = 0
        var maintenances = 0
        var failure: String?
    }

    let state: PthreadLock<State>

    init(timers: [PersistedTimer] = [], history: [HistoryEntry] = []) {
        state = PthreadLock(State(timers: Dictionary(uniqueKeysWithValues: timers.map { ($0.id, $0) }), history: history))
    }

    /// Makes every commit fail with `message` (nil: succeed again).
    func fail(with message: String?) { state.withLock { $0.failure = message } }

    var timers: [PersistedTimer] { state.withLock { $0.timers.values.sorted { $0.id < $1.id } } }
    var historyEntries: [HistoryEntry] { state.withLock { $0.history } }
    var commits: Int { state.withLock { $0.commits } }
    /// How many times the scheduler found a quiet moment for housekeeping.
    var maintenances: Int { state.withLock { $0.maintenances } }

    /// The saved timer with this name (the newest, if a done one was replaced).
    func timer(named name: String) -> PersistedTimer? { timers.last { $0.name == name } }

    func loadTimers(_ body: (PersistedTimer) -> Void) throws(StoreError) { timers.forEach(body) }

    func commit(_ writes: StoreWrites, held: () -> [PersistedTimer]) throws(StoreError) {
        let failure: String? = state.withLock { state in
            if let failure = state.failure { return failure }
            for timer in writes.upserts { state.timers[timer.id] = timer }
            for id in writes.deletes { state.timers[id] = nil }
            state.history.append(contentsOf: writes.history)
            state.history = Array(state.history.suffix(Limits.historyLength))
            for mark in writes.hookFailures {
                for i in state.history.indices where state.history[i].name == mark.name && state.history[i].firedAt == mark.firedAt {
                    state.history[i].addHookFailure(mark.failure)
                }
            }
            state.commits += 1
            return nil
        }
        if let failure { throw StoreError(failure) }
    }

    func maintain(held: () -> [PersistedTimer]) { state.withLock { $0.maintenances += 1 } }

    func history(limit: Int) throws(StoreError) -> [HistoryEntry] {
        Array(historyEntries.reversed().prefix(limit))
    }
}
