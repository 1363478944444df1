import Protocol

/// One timer as the core keeps it. Times are stored in the form that stays right whatever
/// happens to the clocks: a running countdown's end on the boot clock, a deadline's instant
/// on the wall clock, a paused timer's remaining time.
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
    }

    let id: UInt64
    let name: String
    let kind: TimerKind
    /// A countdown's length as the user asked for it: what `reset` goes back to.
    var length: Duration
    /// The length of the current run, extensions included; the denominator of progress.
    var total: Duration
    var phase: Phase
    let createdAt: Timestamp
    /// Wall time the current run began (for "started 18:34").
    var startedAt: Timestamp
    var message: String?
    /// Reminders: how long before the end each comes, longest first.
    var reminders: [Duration] = []
    var sound: NotifyOptions.Sound = .standard
    /// For a repeating countdown, its plan and position.
    var chain: Chain?
    /// Its checklist, in order.
    var todos: [TodoItem] = []
    /// The id the next checklist item gets: ids are never reused, so a client holding an old
    /// one cannot change an item added since.
    var nextTodoID = 1

    var isDone: Bool { if case .done = phase { true } else { false } }

    /// When reminder `index` comes, on the timer's clock; nil unless running.
    func reminderDue(_ index: Int) -> Due? {
        guard reminders.indices.contains(index), case .running(let due) = phase else { return nil }
        switch due {
        case .boot(let end): return .boot(end - reminders[index])
        case .wall(let at): return .wall(at - reminders[index])
        }
    }

    /// Whether a queue entry (`due`, `reminder`) still stands for this timer as it is now.
    func isCurrent(_ due: Due, reminder: Int) -> Bool {
        reminder == 0 ? phase == .running(due: due) : reminderDue(reminder - 1) == due
    }

    func remaining(at now: Moment) -> Duration {
        switch phase {
        case .running(.boot(let due)): return max(.zero, due - now.boot)
        case .running(.wall(let at)): return max(.zero, at - now.wall)
        case .paused(let remaining): return remaining
        case .done: return .zero
        }
    }

    /// The wall-clock instant a running timer ends, as best known now.
    func endsAt(at now: Moment) -> Timestamp? {
        switch phase {
        case .running(.boot(let due)): return now.wall + (due - now.boot)
        case .running(.wall(let at)): return at
        case .paused: return nil
        case .done(let endedAt, _): return endedAt
        }
    }

    func info(at now: Moment) -> TimerInfo {
        var firedAt: Timestamp?
        if case .done(_, let fired) = phase { firedAt = fired }
        let state: TimerState =
            switch phase {
            case .running: .running
            case .paused: .paused
            case .done: .done
            }
        return TimerInfo(
            name: name, kind: kind, state: state, duration: total, remaining: remaining(at: now),
            endsAt: endsAt(at: now), createdAt: createdAt, firedAt: firedAt, message: message, reminders: reminders,
            sound: sound, cycle: chain?.cycle, todos: todos)
    }
}
