import Protocol

/// What is still to be saved, and when: the scheduler's bookkeeping of saves put off or failed.
///
/// A request's changes are saved with its batch (group commit), and what is pending here goes
/// with them. What fired waits `delay` for a save of its own (`firingDelay` in the daemon), or
/// goes with a request's save if one comes first. What a failed save did not write stays
/// pending and is tried again with the next save, whichever comes first; nothing is lost to a
/// full disk but what a crash takes before it has room.
///
/// A value with the time passed in, like the flood guard: the scheduler asks `due` when to wake.
struct SavePlan: Equatable, Sendable {
    /// How long after a firing the daemon saves its new state, unless a request's save takes
    /// it first. Not at once: the fsync would compete with the notification on its way to the
    /// desktop (bench/analysis.md, "Saving a firing a moment later"). A crash within this
    /// moment only means the timer is told again, as missed, at the next start.
    static let firingDelay: Duration = .milliseconds(10)

    /// How long after a firing its save is due.
    let delay: Duration
    /// Timers whose current state is not saved yet.
    private(set) var unsaved: Set<UInt64> = []
    /// Firings not saved in the history yet, oldest first.
    private(set) var history: [HistoryEntry] = []
    /// Hooks' failures to add to saved history entries with the next save.
    private(set) var hookFailures: [HookFailureMark] = []
    /// When a wake-up saves what is pending; nil when none is to.
    private(set) var due: BootInstant?
    /// The last save's failure, until a save works again: logged once, told in refusals.
    private(set) var failure: StoreError?

    init(delay: Duration) {
        self.delay = delay
    }

    var isPending: Bool { !unsaved.isEmpty || !history.isEmpty || !hookFailures.isEmpty }

    /// The current state of these timers is to be saved with the next save.
    mutating func keep(_ ids: some Sequence<UInt64>) {
        unsaved.formUnion(ids)
    }

    /// These firings are to be saved in the history with the next save.
    mutating func keep(history entries: [HistoryEntry]) {
        history += entries
    }

    /// A hook about a firing failed: its entry says so, whether it is saved already or waits
    /// here to be.
    mutating func keep(hookFailure mark: HookFailureMark) {
        if let i = history.lastIndex(where: { $0.name == mark.name && $0.firedAt == mark.firedAt }) {
            history[i].addHookFailure(mark.failure)
        } else {
            hookFailures.append(mark)
        }
    }

    /// At a wake-up: puts the save of what is pending `delay` after `now`, unless it is put
    /// already. True when the save put is due; it is then no longer put, whatever the save does.
    mutating func isDue(at now: BootInstant) -> Bool {
        if isPending && due == nil { due = now + delay }
        guard let due, now >= due else { return false }
        self.due = nil
        return true
    }

    /// What saving `ids` writes, with the pending history: the state `saved` gives for each,
    /// or its deletion where it gives none (the timer is gone).
    func writes(for ids: Set<UInt64>, _ saved: (UInt64) -> PersistedTimer?) -> StoreWrites {
        var writes = StoreWrites(history: history, hookFailures: hookFailures)
        for id in ids {
            if let timer = saved(id) {
                writes.upserts.append(timer)
            } else {
                writes.deletes.append(id)
            }
        }
        return writes
    }

    /// The save worked: nothing is pending. Returns whether the one before had failed.
    mutating func saved() -> Bool {
        unsaved.removeAll()
        history.removeAll()
        hookFailures.removeAll()
        due = nil
        defer { failure = nil }
        return failure != nil
    }

    /// The save of `ids` failed: they stay pending, with the history. Returns whether the
    /// failure is news (not the one the last save had), to be logged.
    mutating func failed(_ error: StoreError, ids: Set<UInt64>) -> Bool {
        defer { failure = error }
        unsaved = ids
        return failure?.message != error.message
    }

    /// The refusal of a call whose change was undone because saving it failed.
    var refusal: RPCError {
        let failure = failure ?? StoreError("unknown error")
        return RPCError(
            code: RPCError.storageFailedCode,
            message: "timerd could not save this change, so it was not made: \(failure.sentence) "
                + "Timers already set keep running; \(failure.remedy).")
    }
}
