import Protocol

/// Turns timers into text for the terminal. Pure: takes `now`, the calendar and what the
/// terminal can show.
struct Render {
    var now: Timestamp
    var calendar: LocalCalendar
    var terminal = Terminal.plain

    /// A header and rows in columns two spaces apart, each as wide as its widest cell (the
    /// last left ragged), without trailing spaces.
    static func columns(_ header: [String], _ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let widths = header.indices.map { i in ([header[i]] + rows.map { $0[i] }).map(TextWidth.of).max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { i in
                i == header.count - 1 ? cells[i] : TextWidth.pad(cells[i], to: widths[i], right: rightAligned.contains(i))
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// One timer in detail, for `show`.
    func detail(_ timer: TimerInfo) -> String {
        if timer.kind == .stopwatch { return stopwatchDetail(timer) }
        var lines = ["\(timer.name): \(timer.kind.rawValue), \(timer.state.rawValue)"]
        switch timer.state {
        case .running, .paused:
            // Both as the countdown shows time, so that left can never read more than the total.
            lines.append("  left      \(TimeFormat.remaining(timer.remaining)) of \(TimeFormat.remaining(timer.duration))")
        case .done:
            lines.append("  left      \(left(timer))")
        }
        let bar = Self.bar(timer.progress, width: 24, unicode: terminal.unicode)
        lines.append("  progress  \(bar) \(Int((timer.progress * 100).rounded(.down)))%")
        if let ends = timer.endsAt {
            lines.append("  \(timer.state == .done ? "ended " : "ends  ")    \(TimeFormat.date(ends, calendar: calendar))")
        }
        if timer.missed, let fired = timer.firedAt, let ends = timer.endsAt {
            lines.append(
                "  fired     \(TimeFormat.date(fired, calendar: calendar)) (\(Self.late(fired - ends)): "
                    + "timerd was not running or the computer was asleep)")
        }
        lines.append("  created   \(TimeFormat.date(timer.createdAt, calendar: calendar))")
        if !timer.reminders.isEmpty {
            lines.append("  remind    \(Self.reminders(timer.reminders)) before")
        }
        switch timer.sound {
        case .standard: break
        case .file(let path): lines.append("  sound     \(path)")
        case .silent: lines.append("  sound     silent")
        }
        if let volume = timer.volume, timer.sound != .silent { lines.append("  volume    \(volume)%") }
        if let every = timer.every {
            lines.append("  every     \(every.summary)" + (every.freshChecklist ? ", its checklist unticked each time" : ""))
        }
        if let message = timer.message { lines.append("  message   " + Self.valueColumn(message)) }
        // As typed, so that it can be copied back into a shell.
        if let exec = timer.exec { lines.append("  exec      " + Self.valueColumn(exec)) }
        if !timer.todos.isEmpty {
            lines.append("  tasks     \(Self.tally(timer, noun: false))")
            lines += Self.taskLines(timer.todos, indent: "    ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A countdown's length as it was set: `8m`, and a fraction of a second as typed (`0.2s`,
    /// `1.5s`) rather than rounded to a whole one.
    static func length(_ d: Duration) -> String {
        let nanoseconds = d.nanoseconds
        guard nanoseconds % 1_000_000_000 != 0, nanoseconds < 86_400_000_000_000 else { return TimeFormat.compact(d) }
        var millis = String(nanoseconds / 1_000_000 % 1000)
        while millis.count < 3 { millis = "0" + millis }
        while millis.last == "0" { millis.removeLast() }
        return "\(nanoseconds / 1_000_000_000)" + (millis.isEmpty ? "" : "." + millis) + "s"
    }

    /// A text that may hold newlines (a message, a small script), its later lines kept in the
    /// value column of `detail`.
    static func valueColumn(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n            ")
    }

    /// What a command's reply looks like in one line, with its reminders if it has any.
    /// The name, with the step a repeating timer is in when it is not the timer's own:
    /// `focus (break)`.
    static func stepName(_ timer: TimerInfo) -> String {
        if let every = timer.every { return "\(timer.name) ↻ \(every.label)" }
        guard let step = timer.cycle?.step, step != timer.name else { return timer.name }
        return "\(timer.name) (\(step))"
    }

    /// The name, and for a repeating timer its step and round: `focus 2/4`, `focus (break) 2/4`.
    static func nameCell(_ timer: TimerInfo) -> String {
        guard let cycle = timer.cycle else { return timer.name }
        return "\(stepName(timer)) \(cycle.round)/\(cycle.rounds)"
    }

    func started(_ timer: TimerInfo) -> String {
        let rounds = timer.cycle.map { ", \($0.rounds) round\($0.rounds == 1 ? "" : "s"), first" } ?? ""
        let what =
            switch (timer.kind, timer.every) {
            case (.countdown, _):
                "\(timer.name): \(Self.length(timer.duration))\(rounds.isEmpty ? "," : rounds) done at \(endClock(timer))"
            case (.deadline, let every?):
                "\(timer.name): next \(endClock(timer)), \(TimeFormat.remaining(timer.remaining)) from now, then \(every.summary)"
            case (.deadline, nil): "\(timer.name): deadline \(endClock(timer)), \(TimeFormat.remaining(timer.remaining)) from now"
            case (.stopwatch, _):
                "\(timer.name): stopwatch started at \(TimeFormat.clock(timer.countsFrom ?? now, now: now, calendar: calendar))"
                    + (timer.notifyEvery.map { "; it notifies every \(TimeFormat.compact($0))" } ?? "")
            }
        guard !timer.reminders.isEmpty else { return what + "." }
        let noun = timer.reminders.count == 1 ? "reminder" : "reminders"
        return "\(what); \(noun) \(Self.reminders(timer.reminders)) before."
    }

    /// How long before the end each reminder comes, longest first: `1h and 10m`.
    static func reminders(_ offsets: [Duration]) -> String {
        list(offsets.sorted(by: >).map(TimeFormat.compact))
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    func changed(_ timer: TimerInfo, _ verb: String) -> String {
        if timer.kind == .stopwatch {
            let elapsed = TimeFormat.elapsed(timer.elapsed)
            return timer.state == .paused ? "\(timer.name) \(verb) at \(elapsed)." : "\(timer.name) \(verb): \(elapsed) so far."
        }
        return switch timer.state {
        case .paused: "\(timer.name) \(verb) with \(TimeFormat.remaining(timer.remaining)) left."
        case .running: "\(timer.name) \(verb): \(TimeFormat.remaining(timer.remaining)) left, done at \(endClock(timer))."
        case .done: "\(timer.name) \(verb)."
        }
    }

    /// The countdown; for a done timer how long ago it was due, and a missed one says so; a
    /// stopwatch's time counted up, after a `+`.
    func left(_ timer: TimerInfo) -> String {
        if timer.kind == .stopwatch { return "+" + TimeFormat.elapsed(timer.elapsed) }
        switch timer.state {
        case .running, .paused: return TimeFormat.remaining(timer.remaining)
        case .done:
            if timer.ringing { return "ringing" }
            if timer.missed, let due = timer.endsAt { return "missed, due \(TimeFormat.ago(now - due))" }
            guard let fired = timer.endsAt ?? timer.firedAt else { return "done" }
            return "done \(TimeFormat.ago(now - fired))"
        }
    }

    /// Empty for a stopwatch: it has no end.
    func ends(_ timer: TimerInfo) -> String {
        timer.kind == .stopwatch ? "" : timer.state == .paused ? "-" : endClock(timer)
    }

    private func endClock(_ timer: TimerInfo) -> String {
        guard let ends = timer.endsAt else { return "-" }
        return TimeFormat.clock(ends, now: now, calendar: calendar)
    }

    /// A deadline asked for at a time the clocks skip or show twice that day, said plainly:
    /// `02:30 does not exist on Sun 28 Mar (clocks go forward): set for 03:30.`
    static func clockChange(_ change: DeadlineParser.ClockChange) -> String {
        func time(_ l: LocalDateTime) -> String { l.timeOfDay.description }
        func day(_ l: LocalDateTime) -> String { "\(l.date.weekday.abbreviation) \(l.date.day) \(l.date.monthAbbreviation)" }
        switch change {
        case .skipped(let asked, let set):
            return "\(time(asked)) does not exist on \(day(asked)) (clocks go forward): set for \(time(set))."
        case .repeated(let asked, let second):
            return "\(time(asked)) comes twice on \(day(asked)) (clocks go back): set for the "
                + (second ? "second, as the first has gone by." : "first.")
        }
    }

    /// How late something fired: `3 s late`, `12 min late`, `1 h 20 min late`, `2 days late`.
    /// Rounds down, as `TimeFormat.ago` does, so that the two agree on the same span.
    static func late(_ d: Duration) -> String {
        let seconds = d.nanoseconds / 1_000_000_000
        switch seconds {
        case ..<1: return "on time"
        case ..<60: return "\(seconds) s late"
        case ..<3600: return "\(seconds / 60) min late"
        case ..<86_400:
            let minutes = seconds / 60 % 60
            return minutes == 0 ? "\(seconds / 3600) h late" : "\(seconds / 3600) h \(minutes) min late"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day late" : "\(days) days late"
        }
    }

    func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }

    /// Running and paused by time left, then stopwatches (the latest started first), then done
    /// ones (missed included), most recently due first.
    static func order(_ a: TimerInfo, _ b: TimerInfo) -> Bool {
        func rank(_ t: TimerInfo) -> Int { t.state == .done ? 2 : t.kind == .stopwatch ? 1 : 0 }
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb }
        switch ra {
        case 2: return (a.endsAt ?? a.createdAt) > (b.endsAt ?? b.createdAt)
        case 1: return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.name < b.name
        default: return a.remaining != b.remaining ? a.remaining < b.remaining : a.name < b.name
        }
    }

    /// A progress bar of `width` cells drawn with eighth blocks, ▏▎▍▌▋▊▉█, on a track of ░ so
    /// that an empty bar (0 %) is still a bar, or for an ASCII terminal with `#` and `.` between
    /// brackets: `[####......]`.
    static func bar(_ fraction: Double, width: Int, unicode: Bool = true) -> String {
        guard unicode else {
            let inside = max(0, width - 2)
            let filled = Int((max(0, min(1, fraction)) * Double(inside)).rounded(.down))
            return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: inside - filled) + "]"
        }
        let eighths = Int((max(0, min(1, fraction)) * Double(width * 8)).rounded(.down))
        let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths % 8 > 0 { bar.append(partials[eighths % 8 - 1]) }
        return bar + String(repeating: "░", count: width - TextWidth.of(bar))
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
