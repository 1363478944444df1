import Protocol

/// What `timerctl watch` draws, as lines of text: pure, so every screen can be pinned by a test.
///
/// One timer: its remaining time in big digits, like a kitchen timer, with its name, a
/// progress bar and its end. Several: the `ls` table with the selected row marked. Above, a
/// "Time's up!" banner for timers that just fired; below, the keys that act on the selected
/// timer (`WatchKey`).
struct WatchScreen {
    var timers: [TimerInfo]
    /// Index into `timers` (sorted as the table shows them) of the selected timer.
    var selected: Int
    /// Names of timers that fired while watched, newest last.
    var timesUp: [String]
    var now: Timestamp
    var calendar: LocalCalendar
    var width: Int
    var height: Int
    var unicode = true
    var color = false
    /// A line telling the outcome of the last key (an error from the daemon, say).
    var status: String?

    /// The timers in the order the table shows them (by time left, done last).
    static func ordered(_ timers: [TimerInfo]) -> [TimerInfo] { timers.sorted(by: Render.order) }

    func lines() -> [String] {
        let statusRows = statusLines()
        var lines: [String] = []
        if !timesUp.isEmpty {
            lines.append(center("*** Time's up! \(timesUp.suffix(3).joined(separator: ", ")) ***"))
            lines.append("")
        }
        let ordered = Self.ordered(timers)
        if ordered.isEmpty {
            lines.append(center("No timers. Start one with `timerctl start pasta 8m`."))
        } else if ordered.count == 1 {
            lines += single(ordered[0], rows: height - 1 - statusRows.count - lines.count)
        } else {
            lines += table(ordered)
        }
        // Keys and status at the bottom of the screen.
        let current = ordered.indices.contains(selected) ? ordered[selected] : nil
        let keys = WatchKey.footer(for: current, at: now, unicode: unicode)
        let footer = statusRows + [TextWidth.truncate(keys, to: width)]
        // The footer stays on the screen: what does not fit above it is left out.
        lines = Array(lines.prefix(max(0, height - footer.count)))
        let room = max(0, height - footer.count - lines.count)
        lines += Array(repeating: "", count: room) + footer
        return lines.map { TextWidth.truncate($0, to: width) }
    }

    /// The status on one line, or two when it is wider than the screen (a hint names the key
    /// at its end), cut after that.
    private func statusLines() -> [String] {
        guard let status, TextWidth.of(status) > width else { return [status ?? ""] }
        // The first line ends at the last space that leaves it narrow enough.
        var cut = status.startIndex
        var next = status.startIndex
        while let space = status[next...].firstIndex(of: " "), TextWidth.of(String(status[..<space])) <= width {
            cut = space
            next = status.index(after: space)
        }
        guard cut > status.startIndex else { return [TextWidth.truncate(status, to: width)] }
        return [String(status[..<cut]), TextWidth.truncate(String(status[status.index(after: cut)...]), to: width)]
    }

    // MARK: One timer

    /// `rows`: the lines there are above the footer.
    private func single(_ timer: TimerInfo, rows: Int) -> [String] {
        if timer.kind == .stopwatch { return stopwatch(timer, rows: rows) }
        let remaining = live(timer)
        var lines = [center(Render.nameCell(timer) + stateWord(timer)), ""]
        lines += bigClock(TimeFormat.remaining(remaining))
        lines.append("")
        let barWidth = max(10, min(60, width - 10))
        var progress = timer
        progress.remaining = remaining
        lines.append(center(unicode ? Render.bar(progress.progress, width: barWidth) : asciiBar(progress.progress, barWidth)))
        if let ends = timer.endsAt, timer.state != .paused {
            let verb = timer.state == .done ? "ended" : "ends"
            lines.append(center("\(verb) \(TimeFormat.clock(ends, now: now, calendar: calendar))"))
        }
        if let message = timer.message { lines.append(center(String(message.prefix { $0 != "\n" }))) }
        if !timer.todos.isEmpty { lines += tasks(timer, rows: rows - lines.count) }
        return lines
    }

    /// A stopwatch: its time counted up in big digits, and its laps below, the latest last
    /// (as many as fit: "… 12 laps before").
    private func stopwatch(_ timer: TimerInfo, rows: Int) -> [String] {
        var lines = [center(timer.name + " (stopwatch" + (timer.state == .paused ? ", paused)" : ")")), ""]
        lines += bigClock(TimeFormat.elapsed(timer.elapsed(at: now)))
        if let message = timer.message { lines += ["", center(String(message.prefix { $0 != "\n" }))] }
        let room = rows - lines.count - 2
        guard !timer.laps.isEmpty, room >= 2 else { return lines }
        var laps = Render.lapLines(timer.laps, indent: "")
        if laps.count > room {
            let kept = max(0, room - 2)
            laps = [laps[0], "… \(timer.laps.count - kept) laps before"] + laps.suffix(kept)
        }
        let block = min(width, laps.map(TextWidth.of).max() ?? 0)
        let left = String(repeating: " ", count: max(0, (width - block) / 2))
        return lines + [""] + laps.map { left + $0 }
    }

    /// A clock in big digits, the days of "2 days 03:04:05" on a line above.
    private func bigClock(_ text: String) -> [String] {
        var lines: [String] = []
        let parts = text.split(separator: " ")
        if parts.count == 3 {
            lines.append(center("\(parts[0]) \(parts[1]) +"))
        }
        let clock = String(parts.last ?? "")
        let big = BigDigits.render(clock, block: unicode ? "█" : "#")
        if TextWidth.of(big[0]) <= width {
            lines += big.map(center)
        } else {
            lines.append(center(clock))
        }
        return lines
    }

    /// The checklist under the countdown, as in `timerctl todo`: a tally, then the items as a
    /// block centred on the screen, cut to the rows there are ("… and 4 more").
    private func tasks(_ timer: TimerInfo, rows: Int) -> [String] {
        guard rows >= 3 else { return [] }
        var items = Render.taskLines(timer.todos, indent: "")
        if items.count > rows - 2 {
            let shown = max(0, rows - 3)
            items = Array(items.prefix(shown)) + ["… and \(timer.todos.count - shown) more"]
        }
        let block = min(width, items.map(TextWidth.of).max() ?? 0)
        let left = String(repeating: " ", count: max(0, (width - block) / 2))
        return ["", center(Render.tally(timer))] + items.map { left + $0 }
    }

    private func stateWord(_ timer: TimerInfo) -> String {
        switch timer.state {
        case .running: ""
        case .paused: " (paused)"
        case .done: timer.ringing ? " (ringing)" : timer.missed ? " (missed)" : " (done)"
        }
    }

    // MARK: Several timers

    private func table(_ ordered: [TimerInfo]) -> [String] {
        let shown = ordered.map { timer -> TimerInfo in
            var timer = timer
            timer.remaining = live(timer)
            timer.elapsed = timer.elapsed(at: now)
            return timer
        }
        var render = Render(now: now, calendar: calendar)
        render.terminal = Terminal(width: max(1, color ? width : width - 2), color: color, unicode: unicode)
        let rows = render.table(shown).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init).filter { !$0.isEmpty }
        // Row 0 is the header. The selected row is shown in reverse video on a color terminal,
        // else marked with ">" in a column of its own.
        return rows.enumerated().map { index, row in
            let isSelected = index > 0 && index - 1 == selected
            if color {
                guard isSelected else { return row }
                // The row's own color spans end in a full reset: turn reverse video back on after each.
                let reset = "\u{1B}[0m"
                return "\u{1B}[7m" + row.split(separator: reset, omittingEmptySubsequences: false).joined(separator: reset + "\u{1B}[7m") + reset
            }
            return (isSelected ? "> " : "  ") + row
        }
    }

    // MARK: Helpers

    /// Time left as of `now`: the daemon's figures are from when it last told us.
    func live(_ timer: TimerInfo) -> Duration {
        guard timer.state == .running, let ends = timer.endsAt else { return timer.remaining }
        return max(.zero, ends - now)
    }

    private func center(_ text: String) -> String {
        let pad = max(0, (width - TextWidth.of(text)) / 2)
        return String(repeating: " ", count: pad) + text
    }

    /// The table's eighth-block bar on a light track, so the part still to go shows.
    private func asciiBar(_ fraction: Double, _ width: Int) -> String {
        let filled = Int((max(0, min(1, fraction)) * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    }
}

/// Digits five rows high, for the kitchen-timer view.
enum BigDigits {
    private static let glyphs: [Character: [String]] = [
        "0": ["###", "# #", "# #", "# #", "###"], "1": ["  #", "  #", "  #", "  #", "  #"],
        "2": ["###", "  #", "###", "#  ", "###"], "3": ["###", "  #", "###", "  #", "###"],
        "4": ["# #", "# #", "###", "  #", "  #"], "5": ["###", "#  ", "###", "  #", "###"],
        "6": ["###", "#  ", "###", "# #", "###"], "7": ["###", "  #", "  #", "  #", "  #"],
        "8": ["###", "# #", "###", "# #", "###"], "9": ["###", "# #", "###", "  #", "###"],
        ":": [" ", "#", " ", "#", " "],
    ]

    /// Five lines drawing `text` (digits and colons) with `block`.
    static func render(_ text: String, block: String) -> [String] {
        (0..<5).map { row in
            text.compactMap { glyphs[$0]?[row] }.joined(separator: " ")
                .replacingAll("#", with: block)
        }
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
