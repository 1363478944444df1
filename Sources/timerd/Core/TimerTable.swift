import Protocol

/// What to schedule when starting a timer.
enum Schedule: Equatable, Sendable {
    case countdown(Duration)
    case deadline(Timestamp)
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
    private(set) var records = TimerRecords() {
        didSet { knownWake = nil }
    }
    var idsByName: [String: UInt64] = [:]
    /// Running countdowns (ends and reminders) and stopwatches' marks, on the boot clock.
    var bootQueue = DueQueue<BootInstant>() {
        didSet { knownWake = nil }
    }
    /// Running deadlines (instants and reminders), on the wall clock.
    var wallQueue = DueQueue<Timestamp>() {
        didSet { knownWake = nil }
    }
    /// What `nextWake()` last answered, until a record or a queue changes: the scheduler asks
    /// after every request, and finding the end of a group of timers due together costs as
    /// many steps as the group has timers.
    var knownWake: (boot: BootInstant?, wall: Timestamp?)?
    private var nextID: UInt64 = 1
    let maxTimers: Int
    /// The wall clock recurring deadlines (`every`) are set on: the daemon's time zone.
    var calendar = LocalCalendar(zone: FixedOffsetZone.utc)

    /// For each record changed since the last `takeJournal()`, its value before the first of
    /// those changes (nil: it did not exist). What the scheduler saves, or rolls back when
    /// saving fails.
    private(set) var journal: [UInt64: TimerRecord?] = [:]
    /// The reminders of every record, so that the compaction check costs O(1).
    private var reminderCount = 0
    /// Counts every change, so a caller can tell whether a command changed anything.
    private(set) var changeCount = 0

    init(maxTimers: Int = Limits.maxTimers) {
        self.maxTimers = maxTimers
    }

    /// A table holding `records` (as restored from the store); new ids continue after theirs.
    /// Reminders already past at `now` are not rearmed.
    init(
        restoring records: [TimerRecord], maxTimers: Int = Limits.maxTimers,
        calendar: LocalCalendar = LocalCalendar(zone: FixedOffsetZone.utc), at now: Moment
    ) {
        self.maxTimers = maxTimers
        self.calendar = calendar
        self.records.reserveCapacity(records.count)
        idsByName.reserveCapacity(records.count)
        for record in records {
            put(record, id: record.id)
            idsByName[record.name] = record.id
            enqueue(record, at: now)
        }
        nextID = (records.map(\.id).max() ?? 0) + 1
    }

    /// The record with this id, if the table holds it.
    func record(id: UInt64) -> TimerRecord? { records[id] }

    /// Ids of running countdowns and stopwatches (whose wall-clock end, or zero, moves when
    /// the wall clock is set).
    var runningCountdownIDs: [UInt64] {
        records.values.filter {
            switch $0.phase {
            case .running(.boot), .counting: true
            default: false
            }
        }.map(\.id)
    }

    /// Returns the journal and starts a new one. (Not keeping the old one's capacity: the
    /// caller holds that storage now, and after ten thousand timers fired at once it is big.)
    mutating func takeJournal() -> [UInt64: TimerRecord?] {
        defer { journal = [:] }
        return journal
    }

    /// Adds the journal to `older` (which keeps its own entry where both have one: the value
    /// before the first change) and starts a new one: one change set gathered across takes.
    mutating func takeJournal(into older: inout [UInt64: TimerRecord?]) {
        if older.isEmpty { return older = takeJournal() }
        for (id, previous) in takeJournal() where older.index(forKey: id) == nil { older[id] = previous }
    }

    /// Puts back the records a journal holds, undoing the changes it recorded.
    mutating func rollBack(_ journal: [UInt64: TimerRecord?], at now: Moment) {
        // Remove what did not exist first: a restored record may take back its name.
        for (id, previous) in journal where previous == nil {
            if let current = put(nil, id: id), idsByName[current.name] == id {
                idsByName[current.name] = nil
            }
        }
        // In id order: after a removal of many (a `cancel` of every timer) the records' arrays
        // have closed up, and a record put back out of order is an insertion in their middle.
        for previous in journal.values.compactMap({ $0 }).sorted(by: { $0.id < $1.id }) {
            if let current = records[previous.id], current.name != previous.name, idsByName[current.name] == previous.id {
                idsByName[current.name] = nil
            }
            put(previous, id: previous.id)
            idsByName[previous.name] = previous.id
            enqueue(previous, at: now)
        }
        self.journal = [:]
        compactQueuesIfMostlyStale()
    }

    var count: Int { records.count }

    // MARK: Queries

    /// All timers, oldest first.
    func list(at now: Moment) -> [TimerInfo] {
        records.values.map { $0.info(at: now) }
    }

    func get(_ name: String, at now: Moment) throws(TableError) -> TimerInfo {
        try record(named: name).info(at: now)
    }

    /// The name of the timer `selector` chooses now, `ringing` being those that ring.
    func choose(_ selector: TimerSelector, ringing: Set<String>, at now: Moment) throws(TableError) -> String {
        var timers = list(at: now)
        for i in timers.indices where ringing.contains(timers[i].name) { timers[i].ringing = true }
        guard let chosen = selector.choose(from: timers) else { throw .noneChosen(selector) }
        return chosen.name
    }

    func record(named name: String) throws(TableError) -> TimerRecord {
        guard let id = idsByName[name], let record = records[id] else { throw .notFound(name: name) }
        return record
    }

    // MARK: Bookkeeping

    mutating func takeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    mutating func store(_ record: TimerRecord, at now: Moment) {
        set(record)
        idsByName[record.name] = record.id
        enqueue(record, at: now)
        compactQueuesIfMostlyStale()
    }

    /// Every change to `records` goes through here or `remove`, so the journal sees it.
    mutating func set(_ record: TimerRecord) {
        noteChange(record.id)
        put(record, id: record.id)
    }

    /// Sets or removes the record with this id, keeping `reminderCount` right. Returns the
    /// record it replaced.
    @discardableResult
    private mutating func put(_ record: TimerRecord?, id: UInt64) -> TimerRecord? {
        let old = if let record { records.updateValue(record, forKey: id) } else { records.removeValue(forKey: id) }
        reminderCount += (record?.reminders.count ?? 0) - (old?.reminders.count ?? 0)
        return old
    }

    private mutating func noteChange(_ id: UInt64) {
        if journal.index(forKey: id) == nil { journal[id] = .some(records[id]) }
        changeCount += 1
    }

    /// Queues a running timer's end, and its reminders still ahead of `now`; a running
    /// stopwatch's next mark.
    private mutating func enqueue(_ record: TimerRecord, at now: Moment) {
        switch record.phase {
        case .counting:
            if let mark = record.nextMark(after: now.boot) { bootQueue.insert(mark, id: record.id) }
        case .running(.boot(let due)):
            bootQueue.insert(due, id: record.id)
            for (i, before) in record.reminders.enumerated() where due - before > now.boot {
                bootQueue.insert(due - before, id: record.id, reminder: i + 1)
            }
        case .running(.wall(let at)):
            wallQueue.insert(at, id: record.id)
            for (i, before) in record.reminders.enumerated() where at - before > now.wall {
                wallQueue.insert(at - before, id: record.id, reminder: i + 1)
            }
        case .paused, .done, .stopped: break
        }
    }

    mutating func remove(_ record: TimerRecord) {
        noteChange(record.id)
        put(nil, id: record.id)
        idsByName[record.name] = nil
        compactQueuesIfMostlyStale()
    }

    /// Pausing and resuming leave stale entries behind; rebuild the queues when they are
    /// mostly stale so memory stays proportional to the number of timers (and reminders).
    mutating func compactQueuesIfMostlyStale() {
        // Counted as records change: summing here would make every change O(n).
        let live = records.count + reminderCount
        guard queuedEntryCount > 2 * live + 64 else { return }
        bootQueue.rebuild(current(bootQueue.entries) { .boot($0) })
        wallQueue.rebuild(current(wallQueue.entries) { .wall($0) })
    }

    /// The entries that still stand for their timer as it is now, once each: pausing and
    /// resuming in the same instant (one batch) queues an entry equal to the one before.
    private func current<Key: Comparable & Hashable & Sendable>(_ entries: [DueQueue<Key>.Entry], due: (Key) -> TimerRecord.Due) -> [DueQueue<Key>.Entry] {
        var seen = Set<DueQueue<Key>.Entry>()
        return entries.filter { records[$0.id]?.isCurrent(due($0.due), reminder: $0.reminder) == true && seen.insert($0).inserted }
    }

    func outcome(_ record: TimerRecord, _ event: TimerEvent, at now: Moment) -> Outcome {
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

    static func check(extended remaining: Duration, name: String) throws(TableError) {
        guard remaining > .zero else {
            throw .invalid(
                "That would leave \(TimerText.quoted(name)) no time at all; cancel it instead, or take off less.")
        }
        guard remaining <= Limits.maxCountdown else {
            throw .invalid("Timers can run for at most 365 days; extend by less.")
        }
    }
}
