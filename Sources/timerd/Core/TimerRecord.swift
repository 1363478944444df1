import Protocol

/// One timer as the core keeps it. Times are stored in the form that stays right whatever
/// happens to the clocks: a running countdown's end on the boot clock, a deadline's instant
/// on the wall clock, a paused timer's remaining time; a running stopwatch's zero on the boot
/// clock (so suspend counts, as for countdowns), a paused one's elapsed time.
struct TimerRecord: Equatable, Sendable {
    enum Due: Equatable, Sendable {
        case boot(BootInstant)
        case wall(Timestamp)
    }

    enum Phase: Equatable, Sendable {
        case running(due: Due)
        case paused(remaining: Duration)
        /// `endedAt` is when it was due, `firedAt` when it actually fired (later, if the
        /// daemon was not running or the machine was asleep).
        case done(endedAt: Timestamp, firedAt: Timestamp)
        /// A stopwatch that runs: its elapsed time is the boot clock's time since `since`.
        case counting(since: BootInstant)
        /// A stopwatch paused (state `paused`) at `elapsed`.
        case stopped(elapsed: Duration)
    }

    let id: UInt64
    let name: String
    let createdAt: Timestamp
    /// Wall time the current run began (for "started 18:34").
    var startedAt: Timestamp
    // Nanoseconds rather than `Duration` (16 bytes each): the daemon may hold a million records.
    private var lengthNanoseconds: Int64
    private var totalNanoseconds: Int64
    /// What most timers do not have; nil when everything in it has its default.
    private var extras: ExtrasBox?
    var phase: Phase
    let kind: TimerKind

    init(
        id: UInt64, name: String, kind: TimerKind, length: Duration, total: Duration, phase: Phase,
        createdAt: Timestamp, startedAt: Timestamp, message: String? = nil, reminders: [Duration] = [],
        sound: NotifyOptions.Sound = .standard, volume: Int? = nil, chain: Chain? = nil, todos: [TodoItem] = [],
        nextTodoID: Int = 1, exec: String? = nil, every: Recurrence? = nil, held: Timestamp? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.lengthNanoseconds = length.nanoseconds
        self.totalNanoseconds = total.nanoseconds
        self.phase = phase
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.extras = ExtrasBox(
            Extras(
                message: message, reminders: reminders, sound: sound, volume: volume, chain: chain, todos: todos,
                nextTodoID: nextTodoID, exec: exec, every: every, held: held))
    }

    /// A countdown's length as the user asked for it: what `reset` goes back to.
    var length: Duration {
        get { .nanoseconds(lengthNanoseconds) }
        set { lengthNanoseconds = newValue.nanoseconds }
    }
    /// The length of the current run, extensions included; the denominator of progress.
    var total: Duration {
        get { .nanoseconds(totalNanoseconds) }
        set { totalNanoseconds = newValue.nanoseconds }
    }

    var message: String? {
        get { extras?.value.message }
        set { change { $0.message = newValue } }
    }
    /// Reminders: how long before the end each comes, longest first.
    var reminders: [Duration] {
        get { extras?.value.reminders ?? [] }
        set { change { $0.reminders = newValue } }
    }
    var sound: NotifyOptions.Sound {
        get { extras?.value.sound ?? .standard }
        set { change { $0.sound = newValue } }
    }
    /// Its alarm's volume in percent; nil for the configured one.
    var volume: Int? {
        get { extras?.value.volume }
        set { change { $0.volume = newValue } }
    }
    /// For a repeating countdown, its plan and position.
    var chain: Chain? {
        get { extras?.value.chain }
        set { change { $0.chain = newValue } }
    }
    /// Its checklist, in order.
    var todos: [TodoItem] {
        get { extras?.value.todos ?? [] }
        set { change { $0.todos = newValue } }
    }
    /// The command run when it fires (`--exec`), its own hook; nil for none.
    var exec: String? {
        get { extras?.value.exec }
        set { change { $0.exec = newValue } }
    }
    /// How a deadline comes again after it fires; nil: once.
    var every: Recurrence? {
        get { extras?.value.every }
        set { change { $0.every = newValue } }
    }
    /// A recurring deadline's occurrence held back while a snooze runs: it comes next, unless
    /// it has passed by then.
    var held: Timestamp? {
        get { extras?.value.held }
        set { change { $0.held = newValue } }
    }
    /// A stopwatch's laps: its elapsed time at each, in order.
    var laps: [Duration] {
        get { extras?.value.laps ?? [] }
        set { change { $0.laps = newValue } }
    }
    /// A stopwatch notifies each time its elapsed time passes a multiple of this.
    var notifyEvery: Duration? {
        get { extras?.value.notifyEvery }
        set { change { $0.notifyEvery = newValue } }
    }
    /// The id the next checklist item gets: ids are never reused, so a client holding an old
    /// one cannot change an item added since.
    var nextTodoID: Int {
        get { extras?.value.nextTodoID ?? 1 }
        set { change { $0.nextTodoID = newValue } }
    }

    private mutating func change(_ body: (inout Extras) -> Void) {
        var value = extras?.value ?? Extras()
        body(&value)
        extras = ExtrasBox(value)
    }

    var isDone: Bool { if case .done = phase { true } else { false } }

    var state: TimerState {
        switch phase {
        case .running, .counting: .running
        case .paused, .stopped: .paused
        case .done: .done
        }
    }

    /// When reminder `index` comes, on the timer's clock; nil unless running.
    func reminderDue(_ index: Int) -> Due? {
        guard reminders.indices.contains(index), case .running(let due) = phase else { return nil }
        switch due {
        case .boot(let end): return .boot(end - reminders[index])
        case .wall(let at): return .wall(at - reminders[index])
        }
    }

    /// Whether a queue entry (`due`, `reminder`) still stands for this timer as it is now. A
    /// running stopwatch's entries are its marks (`notifyEvery`), reminder 0: any multiple of
    /// it after its zero.
    func isCurrent(_ due: Due, reminder: Int) -> Bool {
        if case .counting(let since) = phase {
            guard reminder == 0, case .boot(let at) = due, let every = notifyEvery?.nanoseconds, every > 0 else {
                return false
            }
            let passed = (at - since).nanoseconds
            return passed > 0 && passed % every == 0
        }
        return reminder == 0 ? phase == .running(due: due) : reminderDue(reminder - 1) == due
    }

    /// A running stopwatch's first mark after `now` on the boot clock; nil for anything else.
    func nextMark(after now: BootInstant) -> BootInstant? {
        guard case .counting(let since) = phase, let every = notifyEvery?.nanoseconds, every > 0 else { return nil }
        let passed = max(0, (now - since).nanoseconds)
        return since + .nanoseconds((passed / every + 1) * every)
    }

    func remaining(at now: Moment) -> Duration {
        switch phase {
        case .running(.boot(let due)): return max(.zero, due - now.boot)
        case .running(.wall(let at)): return max(.zero, at - now.wall)
        case .paused(let remaining): return remaining
        case .done, .counting, .stopped: return .zero
        }
    }

    /// A stopwatch's time counted so far; zero for the other kinds.
    func elapsed(at now: Moment) -> Duration {
        switch phase {
        case .counting(let since): max(.zero, now.boot - since)
        case .stopped(let elapsed): elapsed
        case .running, .paused, .done: .zero
        }
    }

    /// The wall-clock instant a running timer ends, as best known now.
    func endsAt(at now: Moment) -> Timestamp? {
        switch phase {
        case .running(.boot(let due)): return now.wall + (due - now.boot)
        case .running(.wall(let at)): return at
        case .paused, .counting, .stopped: return nil
        case .done(let endedAt, _): return endedAt
        }
    }

    func info(at now: Moment) -> TimerInfo {
        var firedAt: Timestamp?
        if case .done(_, let fired) = phase { firedAt = fired }
        var info = TimerInfo(
            name: name, kind: kind, state: state, duration: total, remaining: remaining(at: now),
            endsAt: endsAt(at: now), createdAt: createdAt, firedAt: firedAt, message: message, reminders: reminders,
            sound: sound, volume: volume, cycle: chain?.cycle, todos: todos, exec: exec, every: every)
        if kind == .stopwatch {
            // Its run so far is its length: what `duration` means for the other kinds.
            info.elapsed = elapsed(at: now)
            info.duration = info.elapsed
            if case .counting = phase { info.countsFrom = now.wall - info.elapsed }
            info.laps = Lap.laps(at: laps)
            info.notifyEvery = notifyEvery
        }
        return info
    }
}

extension TimerRecord {
    /// The fields few timers set. Kept out of line, so that a timer without them costs one
    /// pointer for all of them, and so that copying a record copies no arrays or strings.
    struct Extras: Equatable, Sendable {
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
        var laps: [Duration] = []
        var notifyEvery: Duration?
    }

    /// Immutable: a change makes a new box, so records stay values.
    final class ExtrasBox: Equatable, Sendable {
        let value: Extras

        /// Nil when `value` holds only defaults: most timers need no box at all.
        init?(_ value: Extras) {
            guard value != Extras() else { return nil }
            self.value = value
        }

        static func == (a: ExtrasBox, b: ExtrasBox) -> Bool { a === b || a.value == b.value }
    }
}
