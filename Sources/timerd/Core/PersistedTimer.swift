import Protocol

/// A timer in the form that survives the daemon: what the store writes and reads back.
///
/// A running countdown is saved with its end on the wall clock (the only clock that means
/// anything after a reboot) and also on the boot clock together with the boot's id: after a
/// restart within the same boot the boot-clock end is used, so a wall-clock change while the
/// daemon was down does not move the countdown. A running stopwatch is saved the same way,
/// with its zero (the instant its elapsed time counts from) in place of an end.
struct PersistedTimer: Equatable, Sendable {
    var id: UInt64
    var name: String
    var kind: TimerKind
    var state: TimerState
    var length: Duration
    var total: Duration
    /// Running: when it ends (a stopwatch: its zero). Done: when it was due.
    var endWall: Timestamp?
    /// Running countdown: when it ends on the boot clock of boot `bootID` (a stopwatch: its zero).
    var endBoot: BootInstant?
    var bootID: String?
    /// Paused: the time left (a stopwatch: its elapsed time).
    var remaining: Duration?
    var firedAt: Timestamp?
    var createdAt: Timestamp
    var startedAt: Timestamp
    var message: String?
    var reminders: [Duration] = []
    var sound: NotifyOptions.Sound = .standard
    var volume: Int?
    var chain: Chain?
    var todos: [TodoItem] = []
    var nextTodoID = 1
    var exec: String?
    var every: Recurrence?
    var held: Timestamp?
    /// A stopwatch's laps: its elapsed time at each.
    var laps: [Duration] = []
    var notifyEvery: Duration?
}

extension TimerRecord {
    /// This timer as saved at `now`, on the boot `bootID`.
    func persisted(at now: Moment, bootID: String) -> PersistedTimer {
        var saved = PersistedTimer(
            id: id, name: name, kind: kind, state: .running, length: length, total: total, endWall: nil, endBoot: nil,
            bootID: nil, remaining: nil, firedAt: nil, createdAt: createdAt, startedAt: startedAt, message: message,
            reminders: reminders, sound: sound, volume: volume, chain: chain, todos: todos, nextTodoID: nextTodoID,
            exec: exec, every: every, held: held, laps: laps, notifyEvery: notifyEvery)
        switch phase {
        case .running(.boot(let due)), .counting(since: let due):
            saved.endWall = now.wall + (due - now.boot)
            saved.endBoot = due
            saved.bootID = bootID
        case .running(.wall(let at)):
            saved.endWall = at
        case .paused(let remaining), .stopped(elapsed: let remaining):
            saved.state = .paused
            saved.remaining = remaining
        case .done(let endedAt, let firedAt):
            saved.state = .done
            saved.endWall = endedAt
            saved.firedAt = firedAt
        }
        return saved
    }

    /// The timer a saved one stands for at `now`, on the boot `bootID`; nil if the saved
    /// form is inconsistent (a field its state needs is missing).
    init?(restoring saved: PersistedTimer, at now: Moment, bootID: String) {
        let phase: Phase
        switch (saved.kind, saved.state) {
        case (.countdown, .running), (.stopwatch, .running):
            let due: BootInstant
            if let endBoot = saved.endBoot, saved.bootID == bootID {
                due = endBoot
            } else if let endWall = saved.endWall {
                // Another boot: the time that passed is what the wall clock says.
                due = now.boot + (endWall - now.wall)
            } else {
                return nil
            }
            phase = saved.kind == .stopwatch ? .counting(since: min(due, now.boot)) : .running(due: .boot(due))
        case (.stopwatch, .paused):
            guard let elapsed = saved.remaining else { return nil }
            phase = .stopped(elapsed: elapsed)
        case (.deadline, .running):
            guard let at = saved.endWall else { return nil }
            phase = .running(due: .wall(at))
        case (.countdown, .paused):
            guard let remaining = saved.remaining else { return nil }
            phase = .paused(remaining: remaining)
        case (.stopwatch, .done):
            return nil
        case (_, .done):
            guard let endedAt = saved.endWall, let firedAt = saved.firedAt else { return nil }
            phase = .done(endedAt: endedAt, firedAt: firedAt)
        case (.deadline, .paused):
            // A recurring deadline stops its rule while paused; a one-off one never pauses.
            guard saved.every != nil, let remaining = saved.remaining else { return nil }
            phase = .paused(remaining: remaining)
        }
        self.init(
            id: saved.id, name: saved.name, kind: saved.kind, length: saved.length, total: saved.total, phase: phase,
            createdAt: saved.createdAt, startedAt: saved.startedAt, message: saved.message, reminders: saved.reminders,
            sound: saved.sound, volume: saved.volume, chain: saved.chain, todos: saved.todos,
            nextTodoID: max(saved.nextTodoID, (saved.todos.map(\.id).max() ?? 0) + 1), exec: saved.exec,
            every: saved.every, held: saved.held)
        laps = saved.laps
        notifyEvery = saved.notifyEvery
    }
}

extension TimerTable {
    /// Every timer held, as saved at `now` on the boot `bootID`: what the store writes whole
    /// when its file is lost.
    func persisted(at now: Moment, bootID: String) -> [PersistedTimer] {
        records.values.map { $0.persisted(at: now, bootID: bootID) }
    }
}
