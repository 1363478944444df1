import Protocol

/// The commands that change timers: each checks what it is asked, changes the record and
/// says what happened. The daemon's method handlers (Sources/timerd/Methods/) call them.
extension TimerTable {
    // MARK: Commands

    mutating func start(
        name: String, schedule: Schedule, message: String?, reminders: [Duration] = [],
        sound: NotifyOptions.Sound = .standard, volume: Int? = nil, repeats: Repeats? = nil, exec: String? = nil,
        every: Recurrence? = nil, at now: Moment
    ) throws(TableError) -> Outcome {
        if let problem = TimerText.problem(withName: name) { throw .invalid(problem) }
        if let message, let problem = TimerText.problem(withMessage: message) { throw .invalid(problem) }
        if let exec, let problem = TimerText.problem(withCommand: exec) { throw .invalid(problem) }
        let replaced = try makingRoom(for: name, at: now)
        var record: TimerRecord
        switch schedule {
        case .countdown(let length):
            try Self.check(countdown: length)
            if let rounds = repeats?.rounds, !(1...Repeats.maxRounds).contains(rounds) {
                throw .invalid("A timer repeats at most \(Repeats.maxRounds) times.")
            }
            record = TimerRecord(
                id: takeID(), name: name, kind: .countdown, length: length, total: length,
                phase: .running(due: .boot(now.boot + length)), createdAt: now.wall, startedAt: now.wall,
                message: message)
        case .deadline(var at):
            // A rule's days decide where it first comes: "9:55 on weekdays", typed on a Saturday.
            if let every { at = every.first(from: at, calendar: calendar) }
            try Self.check(deadline: at, at: now)
            record = TimerRecord(
                id: takeID(), name: name, kind: .deadline, length: at - now.wall, total: at - now.wall,
                phase: .running(due: .wall(at)), createdAt: now.wall, startedAt: now.wall, message: message)
        }
        if case .countdown(let length) = schedule {
            guard every == nil else { throw .invalid("Only a deadline comes again by a rule; a countdown repeats with --repeat.") }
            record.chain = Chain(name: name, length: length, repeats: repeats, began: now.wall)
        }
        record.every = every
        record.reminders = Array(Set(reminders.filter { $0 > .zero })).sorted(by: >)
        record.sound = sound
        record.volume = volume
        record.exec = exec
        if let replaced { remove(replaced) }
        store(record, at: now)
        return outcome(record, .started, at: now)
    }

    /// A finished timer named `name` that a new one replaces (once the new one is known to be
    /// valid: a refused start must leave the table as it was), after checking that the name is
    /// free and that there is room for one more.
    func makingRoom(for name: String, at now: Moment) throws(TableError) -> TimerRecord? {
        var replaced: TimerRecord?
        if let existing = try? record(named: name) {
            guard existing.isDone else {
                throw .exists(name: name, kind: existing.kind, state: existing.state, remaining: existing.remaining(at: now))
            }
            replaced = existing
        }
        guard records.count - (replaced == nil ? 0 : 1) < maxTimers else {
            throw .tooManyTimers(limit: maxTimers)
        }
        return replaced
    }

    mutating func pause(name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        // A recurring deadline pauses its rule; a one-off one cannot pause.
        guard record.kind != .deadline || record.every != nil else { throw .deadlineNoPause(name: name, state: record.state) }
        switch record.phase {
        case .running:
            record.phase = .paused(remaining: record.remaining(at: now))
        case .counting:
            record.phase = .stopped(elapsed: record.elapsed(at: now))
        case .paused, .stopped:
            throw .paused(name: name)
        case .done:
            throw .done(name: name)
        }
        store(record, at: now)
        return outcome(record, .paused, at: now)
    }

    mutating func resume(name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        switch record.phase {
        case .paused(let remaining):
            if let every = record.every {
                // The rule starts again from now, at its next occurrence.
                let next = every.resumed(at: now.wall, calendar: calendar)
                record.total = next - now.wall
                record.startedAt = now.wall
                record.held = nil
                record.phase = .running(due: .wall(next))
            } else {
                record.phase = .running(due: .boot(now.boot + remaining))
            }
        case .stopped(let elapsed):
            record.phase = .counting(since: now.boot - elapsed)
        case .running, .counting:
            throw .running(name: name)
        case .done:
            throw .done(name: name)
        }
        store(record, at: now)
        return outcome(record, .resumed, at: now)
    }

    mutating func reset(name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        guard record.kind != .deadline else { throw .deadlineNoReset(name: name, state: record.state) }
        if record.kind == .stopwatch { return resetStopwatch(record, at: now) }
        record.total = record.length
        record.startedAt = now.wall
        record.chain = record.chain?.restarted(at: now.wall)
        record.phase = .running(due: .boot(now.boot + record.length))
        store(record, at: now)
        return outcome(record, .reset, at: now)
    }

    mutating func cancel(name: String, at now: Moment) throws(TableError) -> Outcome {
        let record = try record(named: name)
        remove(record)
        return outcome(record, .cancelled, at: now)
    }

    /// Removes every timer, oldest first, and returns how many there were with a `cancelled`
    /// event for each (the same as cancelling them one by one). Each removal is journalled,
    /// so a save that fails puts them all back.
    mutating func cancelAll(at now: Moment) -> (count: Int, effects: [Effect]) {
        let all = Array(records.values)
        var effects: [Effect] = []
        effects.reserveCapacity(all.count)
        for record in all {
            remove(record)
            effects.append(.event(.cancelled, record.info(at: now)))
        }
        return (all.count, effects)
    }

    mutating func extend(name: String, by delta: Duration, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        guard record.kind != .stopwatch else { throw .stopwatchNoExtend(name: name, state: record.state) }
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
            guard delta > .zero else { throw .doneNeedsPositive(name: name) }
            record.total = delta
            record.startedAt = now.wall
            record.chain?.spent = true
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
        case (.deadline, .paused):
            throw .invalid("\(quoted) is paused, and with it its rule: resume it, and it comes at its next occurrence.")
        case (.countdown, .running(.wall)), (.deadline, .running(.boot)), (_, .counting), (_, .stopped), (.stopwatch, _):
            preconditionFailure("a \(record.kind) cannot be in phase \(record.phase)")
        }
        store(record, at: now)
        return outcome(record, .extended, at: now)
    }

    /// A finished timer runs again for `by` ("remind me again in 5 minutes"): a countdown for
    /// that long, a deadline moved to that far from now.
    mutating func snooze(name: String, by delay: Duration, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        guard record.kind != .stopwatch else { throw .stopwatchNoSnooze(name: name, state: record.state) }
        if record.every != nil, case .running(.wall(let due)) = record.phase {
            // A recurring deadline is running towards its next occurrence once it fired: the
            // snooze comes first, and the occurrence it holds back after it.
            try Self.check(countdown: delay)
            if record.held == nil, due > now.wall + delay { record.held = due }
            record.total = delay
            record.startedAt = now.wall
            record.phase = .running(due: .wall(now.wall + delay))
            store(record, at: now)
            return outcome(record, .snoozed, at: now)
        }
        guard record.isDone else { throw .notDone(name: name, state: record.state) }
        try Self.check(countdown: delay)
        record.total = delay
        record.startedAt = now.wall
        record.chain?.spent = true
        switch record.kind {
        case .countdown: record.phase = .running(due: .boot(now.boot + delay))
        case .deadline: record.phase = .running(due: .wall(now.wall + delay))
        case .stopwatch: preconditionFailure("a stopwatch is never done")
        }
        store(record, at: now)
        return outcome(record, .snoozed, at: now)
    }

    /// A recurring deadline passes over its next occurrence (or the one a snooze holds back)
    /// and waits for the one after.
    mutating func skip(name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        let quoted = TimerText.quoted(name)
        guard let every = record.every else {
            throw .invalid("\(quoted) happens once, so there is no next time to skip; cancel it, or extend it to move it.")
        }
        guard case .running(.wall(let due)) = record.phase else {
            throw .invalid("\(quoted) is paused, and with it its rule: resume it first (it comes at its next occurrence).")
        }
        let skipped = record.held ?? due
        let next = every.next(after: skipped, now: max(skipped, now.wall), calendar: calendar)
        record.held = nil
        record.total = next - now.wall
        record.startedAt = now.wall
        record.phase = .running(due: .wall(next))
        store(record, at: now)
        return outcome(record, .advanced, at: now)
    }

    // MARK: Checklists

    mutating func todoAdd(name: String, texts: [String], at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        for text in texts {
            if let problem = TodoItem.problem(withText: text) { throw .invalid(problem) }
        }
        guard record.todos.count + texts.count <= TodoItem.maxItems else {
            throw .checklistFull(name: name, state: record.state, items: record.todos.count, limit: TodoItem.maxItems)
        }
        for text in texts {
            record.todos.append(TodoItem(id: record.nextTodoID, text: text))
            record.nextTodoID += 1
        }
        return storeChecklist(record, wasComplete: false, at: now)
    }

    mutating func todoSet(name: String, id: Int, change: TodoChange, at now: Moment) throws(TableError)
        -> Outcome
    {
        var record = try record(named: name)
        guard let index = record.todos.firstIndex(where: { $0.id == id }) else { throw Self.noItem(id, of: record) }
        let wasComplete = record.info(at: now).todosComplete
        if let done = change.done { record.todos[index].done = done }
        if let text = change.text {
            if let problem = TodoItem.problem(withText: text) { throw .invalid(problem) }
            record.todos[index].text = text
        }
        return storeChecklist(record, wasComplete: wasComplete, at: now)
    }

    mutating func todoRemove(name: String, ids: [Int], doneOnly: Bool, at now: Moment) throws(TableError)
        -> Outcome
    {
        var record = try record(named: name)
        for id in ids where !record.todos.contains(where: { $0.id == id }) { throw Self.noItem(id, of: record) }
        let wasComplete = record.info(at: now).todosComplete
        record.todos.removeAll { doneOnly ? $0.done : ids.contains($0.id) }
        return storeChecklist(record, wasComplete: wasComplete, at: now)
    }

    /// Stores a checklist change; when it completes the list of a timer still running, says so.
    private mutating func storeChecklist(_ record: TimerRecord, wasComplete: Bool, at now: Moment) -> Outcome {
        store(record, at: now)
        var outcome = outcome(record, .todo, at: now)
        if !wasComplete, outcome.timer.todosComplete, !record.isDone {
            outcome.effects.append(.checklistDone(outcome.timer))
        }
        return outcome
    }

    private static func noItem(_ id: Int, of record: TimerRecord) -> TableError {
        .noItem(name: record.name, state: record.state, id: id)
    }
}
