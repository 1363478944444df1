import Protocol

/// What to schedule when starting a timer.
enum Schedule: Equatable, Sendable {
    case countdown(Duration)
    case deadline(Timestamp)
}

/// A command that changes the table. Queries (`list`, `get`) are plain methods.
enum TableCommand: Equatable, Sendable {
    case start(name: String, schedule: Schedule, message: String?)
    case pause(name: String)
    case resume(name: String)
    case reset(name: String)
    case cancel(name: String)
    case extend(name: String, by: Duration)
}

/// The result of a command that succeeded: the timer as it is now, and what to do about it.
struct Outcome: Equatable, Sendable {
    var timer: TimerInfo
    var effects: [Effect]
}

/// Every timer the daemon holds, as a value: the pure core of timerd.
///
/// Nothing here reads a clock, sleeps or does I/O. Each operation takes `now` and returns the
/// reply plus the effects to carry out; `nextWake()` says when something next comes due, so
/// the owner can sleep exactly until then.
struct TimerTable: Sendable {
    private(set) var records: [UInt64: TimerRecord] = [:]
    private var idsByName: [String: UInt64] = [:]
    /// Running countdowns, by end on the boot clock.
    private var bootQueue = DueQueue<BootInstant>()
    /// Running deadlines, by instant on the wall clock.
    private var wallQueue = DueQueue<Timestamp>()
    private var nextID: UInt64 = 1
    let maxTimers: Int

    /// For each record changed since the last `takeJournal()`, its value before the first of
    /// those changes (nil: it did not exist). What the scheduler saves, or rolls back when
    /// saving fails.
    private(set) var journal: [UInt64: TimerRecord?] = [:]
    /// Counts every change, so a caller can tell whether a command changed anything.
    private(set) var changeCount = 0

    init(maxTimers: Int = Limits.maxTimers) {
        self.maxTimers = maxTimers
    }

    /// A table holding `records` (as restored from the store); new ids continue after theirs.
    init(restoring records: [TimerRecord], maxTimers: Int = Limits.maxTimers) {
        self.maxTimers = maxTimers
        for record in records {
            self.records[record.id] = record
            idsByName[record.name] = record.id
            enqueue(record)
        }
        nextID = (records.map(\.id).max() ?? 0) + 1
    }

    /// The record with this id, if the table holds it.
    func record(id: UInt64) -> TimerRecord? { records[id] }

    /// Ids of running countdowns (whose wall-clock end moves when the wall clock is set).
    var runningCountdownIDs: [UInt64] {
        records.values.filter { if case .running(.boot) = $0.phase { true } else { false } }.map(\.id)
    }

    /// Returns the journal and starts a new one.
    mutating func takeJournal() -> [UInt64: TimerRecord?] {
        defer { journal.removeAll(keepingCapacity: true) }
        return journal
    }

    /// Puts back the records a journal holds, undoing the changes it recorded.
    mutating func rollBack(_ journal: [UInt64: TimerRecord?]) {
        // Remove what did not exist first: a restored record may take back its name.
        for (id, previous) in journal where previous == nil {
            if let current = records.removeValue(forKey: id), idsByName[current.name] == id {
                idsByName[current.name] = nil
            }
        }
        for case (_, let previous?) in journal {
            if let current = records[previous.id], current.name != previous.name, idsByName[current.name] == previous.id {
                idsByName[current.name] = nil
            }
            records[previous.id] = previous
            idsByName[previous.name] = previous.id
            enqueue(previous)
        }
        self.journal.removeAll(keepingCapacity: true)
        compactQueuesIfMostlyStale()
    }

    var count: Int { records.count }

    // MARK: Queries

    /// All timers, oldest first.
    func list(at now: Moment) -> [TimerInfo] {
        records.values.sorted { $0.id < $1.id }.map { $0.info(at: now) }
    }

    func get(_ name: String, at now: Moment) throws(TableError) -> TimerInfo {
        try record(named: name).info(at: now)
    }

    func record(named name: String) throws(TableError) -> TimerRecord {
        guard let id = idsByName[name], let record = records[id] else { throw .notFound(name: name) }
        return record
    }

    // MARK: Commands

    mutating func apply(_ command: TableCommand, at now: Moment) throws(TableError) -> Outcome {
        switch command {
        case .start(let name, let schedule, let message):
            return try start(name: name, schedule: schedule, message: message, at: now)
        case .pause(let name): return try pause(name, at: now)
        case .resume(let name): return try resume(name, at: now)
        case .reset(let name): return try reset(name, at: now)
        case .cancel(let name): return try cancel(name, at: now)
        case .extend(let name, let by): return try extend(name, by: by, at: now)
        }
    }

    private mutating func start(name: String, schedule: Schedule, message: String?, at now: Moment)
        throws(TableError) -> Outcome
    {
        if let problem = TimerText.problem(withName: name) { throw .invalid(problem) }
        if let message, let problem = TimerText.problem(withMessage: message) { throw .invalid(problem) }
        var replaced: TimerRecord?
        if let existing = try? record(named: name) {
            guard existing.isDone else {
                let left = TimeFormat.remaining(existing.remaining(at: now))
                let what = existing.kind == .deadline ? "a deadline" : "a timer"
                throw .alreadyExists(
                    name: name,
                    message: "There is already \(what) named \(TimerText.quoted(name)) (\(left) left); "
                        + "cancel it first (`timerctl cancel \(TimerText.shellWord(name))`) or choose another name.")
            }
            // A finished timer of the same name makes way for the new one, but only once the
            // new one is known to be valid: a refused start must leave the table as it was.
            replaced = existing
        }
        guard records.count - (replaced == nil ? 0 : 1) < maxTimers else {
            throw .limitReached(
                "timerd already holds \(maxTimers) timers, its limit; cancel some (`timerctl cancel --all` removes all).")
        }
        let record: TimerRecord
        switch schedule {
        case .countdown(let length):
            try Self.check(countdown: length)
            record = TimerRecord(
                id: takeID(), name: name, kind: .countdown, length: length, total: length,
                phase: .running(due: .boot(now.boot + length)), createdAt: now.wall, startedAt: now.wall,
                message: message)
        case .deadline(let at):
            try Self.check(deadline: at, at: now)
            record = TimerRecord(
                id: takeID(), name: name, kind: .deadline, length: at - now.wall, total: at - now.wall,
                phase: .running(due: .wall(at)), createdAt: now.wall, startedAt: now.wall, message: message)
        }
        if let replaced { remove(replaced) }
        store(record)
        return outcome(record, .started, at: now)
    }

    private mutating func pause(_ name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        guard record.kind == .countdown else {
            throw .wrongState(
                name: name,
                message: "\(TimerText.quoted(name)) is a deadline, and a deadline does not pause; "
                    + "move it with `timerctl extend \(TimerText.shellWord(name)) +1h` or cancel it.")
        }
        switch record.phase {
        case .running:
            record.phase = .paused(remaining: record.remaining(at: now))
        case .paused:
            throw .wrongState(
                name: name, message: "\(TimerText.quoted(name)) is already paused; `timerctl resume \(TimerText.shellWord(name))` continues it.")
        case .done:
            throw .wrongState(
                name: name, message: "\(TimerText.quoted(name)) has finished; `timerctl reset \(TimerText.shellWord(name))` runs it again.")
        }
        store(record)
        return outcome(record, .paused, at: now)
    }

    private mutating func resume(_ name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        switch record.phase {
        case .paused(let remaining):
            record.phase = .running(due: .boot(now.boot + remaining))
        case .running:
            throw .wrongState(name: name, message: "\(TimerText.quoted(name)) is already running.")
        case .done:
            throw .wrongState(
                name: name, message: "\(TimerText.quoted(name)) has finished; `timerctl reset \(TimerText.shellWord(name))` runs it again.")
        }
        store(record)
        return outcome(record, .resumed, at: now)
    }

    private mutating func reset(_ name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        guard record.kind == .countdown else {
            throw .wrongState(
                name: name,
                message: "\(TimerText.quoted(name)) is a deadline and has no length to start over; "
                    + "set a new one with `timerctl until \(TimerText.shellWord(name)) WHEN` or move it with `timerctl extend \(TimerText.shellWord(name)) +1h`.")
        }
        record.total = record.length
        record.startedAt = now.wall
        record.phase = .running(due: .boot(now.boot + record.length))
        store(record)
        return outcome(record, .reset, at: now)
    }

    private mutating func cancel(_ name: String, at now: Moment) throws(TableError) -> Outcome {
        let record = try record(named: name)
        remove(record)
        return outcome(record, .cancelled, at: now)
    }

    private mutating func extend(_ name: String, by delta: Duration, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        guard delta != .zero, abs(delta.nanoseconds) <= Limits.maxCountdown.nanoseconds else {
            throw .invalid("Extend by a non-zero amount of at most 365 days, such as +2m or -30s.")
        }
        let quoted = TimerText.quoted(name)
        switch (record.kind, record.phase) {
        case (.countdown, .running(.boot(let due))):
            let remaining = (due - now.boot) + delta
            try Self.check(extended: remaining, name: name)
            record.total += delta
            record.phase = .running(due: .boot(due + delta))
        case (.countdown, .paused(let left)):
            try Self.check(extended: left + delta, name: name)
            record.total += delta
            record.phase = .paused(remaining: left + delta)
        case (.countdown, .done):
            // Extending a finished countdown ("two more minutes") runs it again for that long.
            guard delta > .zero else {
                throw .wrongState(name: name, message: "\(quoted) has finished; only a positive amount (+2m) extends it.")
            }
            record.total = delta
            record.startedAt = now.wall
            record.phase = .running(due: .boot(now.boot + delta))
        case (.deadline, .running(.wall(let at))), (.deadline, .done(let at, _)):
            let moved = at + delta
            guard moved > now.wall else {
                throw .invalid(
                    "Moving \(quoted) by \(TimeFormat.compact(delta)) would put it in the past; "
                        + "cancel it instead, or give a smaller amount.")
            }
            guard moved - now.wall <= Limits.maxDeadlineAhead else {
                throw .invalid("A deadline can be at most 10 years ahead.")
            }
            record.total = max(.zero, record.total + delta)
            if record.isDone { record.total = moved - now.wall }
            record.phase = .running(due: .wall(moved))
        case (.countdown, .running(.wall)), (.deadline, .running(.boot)), (.deadline, .paused):
            preconditionFailure("a \(record.kind) cannot be in phase \(record.phase)")
        }
        store(record)
        return outcome(record, .extended, at: now)
    }

    // MARK: Firing

    /// Marks every running timer whose time has come as done and returns what to do:
    /// a `fired` event for each and one notification for all that fired together.
    mutating func fireDue(at now: Moment) -> [Effect] {
        var fired: [TimerRecord] = []
        while let entry = bootQueue.min, entry.due <= now.boot {
            bootQueue.popMin()
            guard var record = records[entry.id], record.phase == .running(due: .boot(entry.due)) else { continue }
            record.phase = .done(endedAt: now.wall - (now.boot - entry.due), firedAt: now.wall)
            set(record)
            fired.append(record)
        }
        while let entry = wallQueue.min, entry.due <= now.wall {
            wallQueue.popMin()
            guard var record = records[entry.id], record.phase == .running(due: .wall(entry.due)) else { continue }
            record.phase = .done(endedAt: entry.due, firedAt: now.wall)
            set(record)
            fired.append(record)
        }
        guard !fired.isEmpty else { return [] }
        fired.sort { ($0.endsAt(at: now)!, $0.id) < ($1.endsAt(at: now)!, $1.id) }
        let infos = fired.map { $0.info(at: now) }
        var effects = infos.map { Effect.event(.fired, $0) }
        effects.append(.notify(zip(fired, infos).map { Firing(info: $1, startedAt: $0.startedAt) }))
        return effects
    }

    /// When the next timer comes due: the earliest end of a running countdown (boot clock)
    /// and the earliest running deadline (wall clock). Nil where nothing is waiting.
    /// Drops stale queue entries on the way, which is why it mutates.
    mutating func nextWake() -> (boot: BootInstant?, wall: Timestamp?) {
        while let entry = bootQueue.min, records[entry.id]?.phase != .running(due: .boot(entry.due)) {
            bootQueue.popMin()
        }
        while let entry = wallQueue.min, records[entry.id]?.phase != .running(due: .wall(entry.due)) {
            wallQueue.popMin()
        }
        return (bootQueue.min?.due, wallQueue.min?.due)
    }

    /// Entries in the due queues, stale ones included (for tests of the compaction).
    var queuedEntryCount: Int { bootQueue.count + wallQueue.count }

    // MARK: Bookkeeping

    private mutating func takeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    private mutating func store(_ record: TimerRecord) {
        set(record)
        idsByName[record.name] = record.id
        enqueue(record)
        compactQueuesIfMostlyStale()
    }

    /// Every change to `records` goes through here or `remove`, so the journal sees it.
    private mutating func set(_ record: TimerRecord) {
        noteChange(record.id)
        records[record.id] = record
    }

    private mutating func noteChange(_ id: UInt64) {
        if journal.index(forKey: id) == nil { journal[id] = .some(records[id]) }
        changeCount += 1
    }

    private mutating func enqueue(_ record: TimerRecord) {
        switch record.phase {
        case .running(.boot(let due)): bootQueue.insert(due, id: record.id)
        case .running(.wall(let at)): wallQueue.insert(at, id: record.id)
        case .paused, .done: break
        }
    }

    private mutating func remove(_ record: TimerRecord) {
        noteChange(record.id)
        records[record.id] = nil
        idsByName[record.name] = nil
        compactQueuesIfMostlyStale()
    }

    /// Pausing and resuming leave stale entries behind; rebuild the queues when they are
    /// mostly stale so memory stays proportional to the number of timers.
    private mutating func compactQueuesIfMostlyStale() {
        guard queuedEntryCount > 2 * records.count + 64 else { return }
        var boot: [DueQueue<BootInstant>.Entry] = []
        var wall: [DueQueue<Timestamp>.Entry] = []
        for record in records.values {
            switch record.phase {
            case .running(.boot(let due)): boot.append(.init(due: due, id: record.id))
            case .running(.wall(let at)): wall.append(.init(due: at, id: record.id))
            case .paused, .done: break
            }
        }
        bootQueue.rebuild(boot)
        wallQueue.rebuild(wall)
    }

    private func outcome(_ record: TimerRecord, _ event: TimerEvent, at now: Moment) -> Outcome {
        let info = record.info(at: now)
        return Outcome(timer: info, effects: [.event(event, info)])
    }

    // MARK: Validation

    static func check(countdown length: Duration) throws(TableError) {
        guard length > .zero else { throw .invalid("A timer needs a duration longer than zero.") }
        guard length <= Limits.maxCountdown else {
            throw .invalid("Timers can run for at most 365 days; for a date further away use a deadline.")
        }
    }

    static func check(deadline at: Timestamp, at now: Moment) throws(TableError) {
        guard at > now.wall else {
            throw .invalid("The deadline \(RFC3339.format(at)) is in the past; give an instant that is still ahead.")
        }
        guard at - now.wall <= Limits.maxDeadlineAhead else {
            throw .invalid("A deadline can be at most 10 years ahead.")
        }
    }

    private static func check(extended remaining: Duration, name: String) throws(TableError) {
        guard remaining > .zero else {
            throw .invalid(
                "That would leave \(TimerText.quoted(name)) no time at all; cancel it instead, or take off less.")
        }
        guard remaining <= Limits.maxCountdown else {
            throw .invalid("Timers can run for at most 365 days; extend by less.")
        }
    }
}
