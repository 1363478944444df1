import Protocol

/// When timers come due and what happens then.
extension TimerTable {
    /// Timers due within this of the first of them fire together, at the last one's instant
    /// (never early): timers started together, or sharing a deadline, make one notification.
    static let groupingWindow: Duration = .milliseconds(5)

    /// Marks every running timer whose time has come as done and returns what to do: a
    /// `fired` event for each and one notification for all that fired together; and a
    /// `remind` for each reminder that came due while its timer still runs; a `mark` for each
    /// stopwatch that passed a mark (the latest only, after a suspend past several), whose
    /// next mark is queued.
    mutating func fireDue(at now: Moment) -> [Effect] {
        var fired: [TimerRecord] = []
        var reminders: [UInt64: Int] = [:]
        var marks: [UInt64: Duration] = [:]
        var advanced: [Effect] = []
        while let entry = bootQueue.min, entry.due <= now.boot {
            bootQueue.popMin()
            guard var record = records[entry.id], record.isCurrent(.boot(entry.due), reminder: entry.reminder) else {
                continue
            }
            if case .counting(let since) = record.phase, let every = record.notifyEvery?.nanoseconds {
                // The latest mark passed: after a suspend, several may have been.
                let passed = (now.boot - since).nanoseconds
                marks[entry.id] = .nanoseconds(passed / every * every)
                continue
            }
            if entry.reminder > 0 {
                reminders[entry.id] = max(reminders[entry.id] ?? 0, entry.reminder)
                continue
            }
            let endedAt = now.wall - (now.boot - entry.due)
            if let chain = record.chain, let next = chain.next {
                // The next step runs from the instant this one was due, so a chain does not
                // drift; after a suspend the steps that came due meanwhile pass one by one.
                record.chain = next
                record.total = next.current.length
                record.startedAt = endedAt
                record.phase = .running(due: .boot(entry.due + next.current.length))
                store(record, at: now)
                let info = record.info(at: now)
                advanced += [.event(.advanced, info), .advance(Advancing(info: info, finished: chain.current, round: chain.round))]
                continue
            }
            record.phase = .done(endedAt: endedAt, firedAt: now.wall)
            set(record)
            fired.append(record)
        }
        var recurred: [Effect] = []
        var recurredIDs: Set<UInt64> = []
        while let entry = wallQueue.min, entry.due <= now.wall {
            wallQueue.popMin()
            guard var record = records[entry.id], record.isCurrent(.wall(entry.due), reminder: entry.reminder) else {
                continue
            }
            if entry.reminder > 0 {
                reminders[entry.id] = max(reminders[entry.id] ?? 0, entry.reminder)
                continue
            }
            var firing = record
            firing.phase = .done(endedAt: entry.due, firedAt: now.wall)
            fired.append(firing)
            guard let every = record.every else {
                set(firing)
                continue
            }
            // A recurring deadline fires as any other, and runs on at once to its next
            // occurrence: the one a snooze held back if it is still to come, else the rule's next
            // after now (occurrences missed meanwhile fire once, as this one).
            let next = record.held.flatMap { $0 > now.wall ? $0 : nil } ?? every.next(after: entry.due, now: now.wall, calendar: calendar)
            record.held = nil
            record.total = next - entry.due
            record.startedAt = now.wall
            if every.freshChecklist { record.todos = record.todos.map { TodoItem(id: $0.id, text: $0.text) } }
            record.phase = .running(due: .wall(next))
            store(record, at: now)
            recurred.append(.event(.advanced, record.info(at: now)))
            recurredIDs.insert(record.id)
        }
        var effects = advanced
        if !fired.isEmpty {
            fired.sort { ($0.endsAt(at: now)!, $0.id) < ($1.endsAt(at: now)!, $1.id) }
            let infos = fired.map { $0.info(at: now) }
            effects += infos.map { Effect.event(.fired, $0) }
            effects.append(
                .notify(zip(fired, infos).map { record, info in
                    Firing(info: info, startedAt: record.startedAt, chain: record.chain.flatMap { $0.spent ? nil : $0 })
                }))
        }
        effects += recurred
        // Only the nearest reminder of each timer that still runs (after a suspend several may
        // have come due at once; none once the timer itself is done).
        for (id, reminder) in reminders.sorted(by: { $0.key < $1.key }) {
            // A reminder of an occurrence that fired in this round is spent with it.
            guard let record = records[id], !record.isDone, !recurredIDs.contains(id) else { continue }
            effects.append(.remind(Reminding(info: record.info(at: now), before: record.reminders[reminder - 1])))
        }
        // The stopwatch does not change: only its next mark is queued, so nothing is saved.
        for (id, mark) in marks.sorted(by: { $0.key < $1.key }) {
            guard let record = records[id], let next = record.nextMark(after: now.boot) else { continue }
            bootQueue.insert(next, id: id)
            effects.append(.mark(Marking(info: record.info(at: now), elapsed: mark)))
        }
        return effects
    }

    /// When to wake next, on each clock: the earliest due end or reminder, except that an end
    /// followed within `groupingWindow` by other ends waits for the last of them. Nil where
    /// nothing is waiting. Drops stale queue entries on the way, which is why it mutates.
    mutating func nextWake() -> (boot: BootInstant?, wall: Timestamp?) {
        if let knownWake { return knownWake }
        let wake = (Self.next(in: &bootQueue, records) { .boot($0) }, Self.next(in: &wallQueue, records) { .wall($0) })
        knownWake = wake
        return wake
    }

    private static func next<Key: Comparable & Hashable & Sendable>(
        in queue: inout DueQueue<Key>, _ records: TimerRecords, due: (Key) -> TimerRecord.Due
    ) -> Key? where Key: GroupingWindowed {
        func isCurrent(_ entry: DueQueue<Key>.Entry) -> Bool {
            records[entry.id]?.isCurrent(due(entry.due), reminder: entry.reminder) == true
        }
        while let entry = queue.min, !isCurrent(entry) { queue.popMin() }
        guard let first = queue.min else { return nil }
        guard first.reminder == 0 else { return first.due }
        let window = queue.entries(upTo: first.due.adding(groupingWindow))
        return window.filter { $0.reminder == 0 && isCurrent($0) }.map(\.due).max() ?? first.due
    }

    /// Entries in the due queues, stale ones included (for tests of the compaction).
    var queuedEntryCount: Int { bootQueue.count + wallQueue.count }
}

/// A clock reading that can be moved by a duration (both kinds of instant).
protocol GroupingWindowed {
    func adding(_ d: Duration) -> Self
}

extension BootInstant: GroupingWindowed {
    func adding(_ d: Duration) -> BootInstant { self + d }
}

extension Timestamp: GroupingWindowed {
    func adding(_ d: Duration) -> Timestamp { self + d }
}
