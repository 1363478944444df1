import Protocol

/// How a stopwatch shows: its time counted up, and its laps.
extension Render {
    /// `show` of a stopwatch:
    ///
    ///     bread: stopwatch, running
    ///       elapsed   52:10
    ///       notify    every 25m
    ///       created   Fri 27 Nov 18:34
    ///       laps      2
    ///         LAP   SPLIT  ELAPSED
    ///           1  4:01.2   4:01.2
    ///           2  5:29.0   9:30.2
    func stopwatchDetail(_ timer: TimerInfo) -> String {
        var lines = ["\(timer.name): stopwatch, \(timer.state.rawValue)"]
        lines.append("  elapsed   \(TimeFormat.elapsed(timer.elapsed))")
        if let every = timer.notifyEvery { lines.append("  notify    every \(TimeFormat.compact(every))") }
        lines.append("  created   \(TimeFormat.date(timer.createdAt, calendar: calendar))")
        if let message = timer.message { lines.append("  message   " + Self.valueColumn(message)) }
        if !timer.todos.isEmpty {
            lines.append("  tasks     \(Self.tally(timer, noun: false))")
            lines += Self.taskLines(timer.todos, indent: "    ")
        }
        if !timer.laps.isEmpty {
            lines.append("  laps      \(timer.laps.count)")
            lines += Self.lapLines(timer.laps, indent: "    ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The laps as a table, the first first: number, split and elapsed time, to the tenth.
    static func lapLines(_ laps: [Lap], indent: String) -> [String] {
        let header = ["LAP", "SPLIT", "ELAPSED"]
        let rows = laps.enumerated().map { [String($0.offset + 1), lapTime($0.element.split), lapTime($0.element.elapsed)] }
        // Every column right-aligned, the last too (`columns` leaves it ragged).
        let widths = header.indices.map { i in ([header[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
        return ([header] + rows).map { cells in
            indent + cells.indices.map { i in TextWidth.pad(cells[i], to: widths[i], right: true) }.joined(separator: "  ")
        }
    }

    /// `4:01.2`: a lap's time to the tenth of a second, rounded down (as a stopwatch shows it).
    static func lapTime(_ d: Duration) -> String {
        let tenths = max(0, d.nanoseconds / 100_000_000)
        return "\(TimeFormat.elapsed(.seconds(tenths / 10))).\(tenths % 10)"
    }

    /// What `lap` says of the lap it took: `bread: lap 3 at 12:34.5 (split 4:01.2).`
    func lapped(_ timer: TimerInfo) -> String {
        guard let lap = timer.laps.last else { return "\(timer.name): no laps." }
        return "\(timer.name): lap \(timer.laps.count) at \(Self.lapTime(lap.elapsed)) (split \(Self.lapTime(lap.split)))."
    }
}
