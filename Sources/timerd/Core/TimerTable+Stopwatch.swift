import Protocol

/// Stopwatches: they count up from zero on the boot clock (suspend counts, as for
/// countdowns), take laps, and with `notifyEvery` say so each time they pass a multiple of it.
extension TimerTable {
    mutating func startStopwatch(name: String, notifyEvery: Duration? = nil, at now: Moment) throws(TableError)
        -> Outcome
    {
        if let problem = TimerText.problem(withName: name) { throw .invalid(problem) }
        if let notifyEvery, !Methods.Stopwatch.notifyEveryRange.contains(notifyEvery) {
            throw .invalid("A stopwatch notifies at most every 365 days and at least every second.")
        }
        let replaced = try makingRoom(for: name, at: now)
        var record = TimerRecord(
            id: takeID(), name: name, kind: .stopwatch, length: .zero, total: .zero,
            phase: .counting(since: now.boot), createdAt: now.wall, startedAt: now.wall)
        record.notifyEvery = notifyEvery
        if let replaced { remove(replaced) }
        store(record, at: now)
        return outcome(record, .started, at: now)
    }

    /// A running stopwatch records its elapsed time now.
    mutating func lap(name: String, at now: Moment) throws(TableError) -> Outcome {
        var record = try record(named: name)
        guard record.kind == .stopwatch else {
            throw .notStopwatch(name: name, kind: record.kind, state: record.state)
        }
        guard case .counting = record.phase else { throw .lapWhilePaused(name: name) }
        guard record.laps.count < Lap.maxLaps else {
            throw .lapsFull(name: name, state: record.state, limit: Lap.maxLaps)
        }
        record.laps.append(record.elapsed(at: now))
        store(record, at: now)
        return outcome(record, .lap, at: now)
    }

    /// Back to 0, its laps gone; running or paused as it was (a running stopwatch starts
    /// again at once, as `reset` restarts a countdown; a paused one shows 0:00 until resumed,
    /// as a phone's stopwatch does).
    mutating func resetStopwatch(_ record: TimerRecord, at now: Moment) -> Outcome {
        var record = record
        record.laps = []
        record.startedAt = now.wall
        if case .stopped = record.phase {
            record.phase = .stopped(elapsed: .zero)
        } else {
            record.phase = .counting(since: now.boot)
        }
        store(record, at: now)
        return outcome(record, .reset, at: now)
    }
}
