import Protocol

extension Render {
    /// The `ls` table: one row per timer, sorted by time left with done timers last, colored by
    /// state and fitted into the terminal's width.
    func table(_ timers: [TimerInfo]) -> String {
        guard !timers.isEmpty else { return "No timers. Start one with `timerctl start pasta 8m`; `timerctl help` lists every command.\n" }
        return table(rows: timers.sorted(by: Self.order).map(row))
    }

    /// Rows in the order given, laid out.
    func table(rows: [Row]) -> String {
        TableLayout(rows: rows, terminal: terminal).text
    }

    /// Where a timer is, as `ls` shows it.
    enum Status: Sendable {
        case running, paused, done
        /// Done, but it fired late: timerd was not running or the computer was asleep.
        case missed
        /// Done, and its alarm is ringing: nobody has answered it yet.
        case ringing

        /// One column wide in any terminal font: none of these has an emoji form, which some
        /// terminals would draw two columns wide over the next cell.
        func symbol(unicode: Bool) -> String {
            switch self {
            case .running: unicode ? "►" : ">"
            case .paused: unicode ? "‖" : "="
            case .done: unicode ? "✓" : "*"
            case .missed: "!"
            // A note, not a bell: the bells of Unicode (U+1F514, U+237E) are emoji or missing
            // from common terminal fonts.
            case .ringing: unicode ? "♪" : "~"
            }
        }

        var isDone: Bool { self == .done || self == .missed || self == .ringing }

        var style: Terminal.Style {
            switch self {
            case .running: .green
            case .paused: .yellow
            case .done, .missed, .ringing: .red
            }
        }
    }

    func status(_ timer: TimerInfo) -> Status {
        switch timer.state {
        case .running: .running
        case .paused: .paused
        case .done: timer.ringing ? .ringing : timer.missed ? .missed : .done
        }
    }

    /// One row's cells before they are laid out: a new column is a field here and a cell in
    /// `TableLayout`.
    struct Row {
        var status: Status
        var name: String
        /// Which run of how many (`2/4`) for a timer that repeats, shown after its name. Always
        /// Round and rounds of a repeating timer.
        var cycle: (run: Int, of: Int)?
        /// Checklist items done and in all (`[3/5]`), for a timer with a checklist.
        var tasks: (done: Int, of: Int)? = nil
        var left: String
        /// `left` in fewer columns, for narrow terminals.
        var shortLeft: String
        /// How far along, for the bar; nil for a stopwatch, which has no end to be along to.
        var progress: Double?
        var ends: String
        /// The message's first line; empty when there is none.
        var message: String
    }

    func row(_ timer: TimerInfo) -> Row {
        Row(
            status: status(timer), name: Self.stepName(timer), cycle: timer.cycle.map { ($0.round, $0.rounds) },
            tasks: timer.todos.isEmpty ? nil : (timer.todos.count - timer.openTodos.count, timer.todos.count),
            left: left(timer), shortLeft: shortLeft(timer),
            progress: timer.kind == .stopwatch ? nil : timer.progress, ends: ends(timer), message: firstLine(timer.message ?? ""))
    }

    /// `left` in fewer columns: `done`, `missed`, and days in the units `start` takes (`4d16h30m`).
    func shortLeft(_ timer: TimerInfo) -> String {
        switch status(timer) {
        case .done: "done"
        case .missed: "missed"
        case .ringing: "ringing"
        case .running, .paused: timer.remaining >= .seconds(86_400) ? TimeFormat.compact(timer.remaining) : left(timer)
        }
    }
}

/// The table's columns fitted into the terminal's width. What gives way, least useful first:
/// the messages (cut with an ellipsis, then the column goes), the progress bar (down to 6
/// cells, then it goes), the names (cut, never under 8 columns before their round), the long LEFT sentences
/// (`missed` for `missed, due 12 min ago`), and last ENDS; what still does not fit is cut at
/// the edge. Nothing wraps. Name, time left and end are what a glance at `ls` is for.
///
/// LEFT and PROGRESS share their columns: a countdown is right-aligned under LEFT and followed
/// by its bar, while a done timer, whose bar would always be full, says when it was due in a
/// sentence running from the start of LEFT into PROGRESS.
private struct TableLayout {
    static let fullBar = 16
    static let shortestBar = 6
    static let shortestName = 8

    let rows: [Render.Row]
    let terminal: Terminal
    // Column widths; nil for a column that is not shown.
    var name: Int
    var shortLeft = false
    /// The widest countdown (the LEFT column proper) and the widest sentence, in full and short.
    let countdownWidths: (full: Int, short: Int)
    let sentenceWidths: (full: Int, short: Int)
    var bar: Int? = fullBar
    var ends: Int?
    var message: Int?

    init(rows: [Render.Row], terminal: Terminal) {
        self.rows = rows
        self.terminal = terminal
        name = Self.widest("NAME", rows.map { $0.name + Self.cycle($0) })
        ends = Self.widest("ENDS", rows.map(\.ends))
        let countdowns = rows.filter { !$0.status.isDone }
        countdownWidths = (Self.widest("LEFT", countdowns.map(\.left)), Self.widest("LEFT", countdowns.map(\.shortLeft)))
        let sentences = rows.filter(\.status.isDone)
        sentenceWidths = (Self.widest("", sentences.map(\.left)), Self.widest("", sentences.map(\.shortLeft)))
        if rows.allSatisfy(\.status.isDone) { bar = nil }
        // No column for messages when no timer has one.
        message = rows.contains { !$0.message.isEmpty } ? Self.widest("MESSAGE", rows.map(\.message)) : nil
        if let width = terminal.width { fit(into: width) }
    }

    static func widest(_ header: String, _ cells: [String]) -> Int {
        ([header] + cells).map(TextWidth.of).max() ?? 0
    }

    /// What follows the name: the run of a repeating timer (` 2/4`) and the checklist
    /// (` [3/5]`, ` [5/5 done]` when complete).
    static func cycle(_ row: Render.Row) -> String {
        let run = row.cycle.map { " \($0.run)/\($0.of)" } ?? ""
        let tasks = row.tasks.map { " [\($0.done)/\($0.of)\($0.done == $0.of ? " done" : "")]" } ?? ""
        return run + tasks
    }

    private func left(_ row: Render.Row) -> String { shortLeft ? row.shortLeft : row.left }

    private var countdowns: Int { shortLeft ? countdownWidths.short : countdownWidths.full }

    /// LEFT and PROGRESS together: the countdowns and their bars, or the longest sentence.
    private var time: Int {
        max(countdowns + (bar.map { 2 + $0 } ?? 0), shortLeft ? sentenceWidths.short : sentenceWidths.full)
    }

    /// Columns before the message: the symbol and a space, then the others two apart.
    private var prefix: Int {
        2 + name + 2 + time + (ends.map { 2 + $0 } ?? 0)
    }

    private mutating func fit(into width: Int) {
        if let messages = message {
            let room = width - prefix - 2
            message = room >= messages ? messages : room >= TextWidth.of("MESSAGE") ? room : nil
        }
        guard prefix > width else { return }
        if let full = bar {
            let shrunk = full - (prefix - width)
            bar = shrunk >= Self.shortestBar ? shrunk : nil
            // A long sentence may hold the columns open however short the bar.
            if prefix > width { bar = nil }
        }
        guard prefix > width else { return }
        // Eight columns of the name itself: a round (` 1/12`) or a tally after it is not a name.
        let suffix = rows.map { TextWidth.of(Self.cycle($0)) }.max() ?? 0
        let full = name
        let shortest = min(name, Self.shortestName + suffix)
        name = max(shortest, name - (prefix - width))
        guard prefix > width else { return }
        shortLeft = true
        guard prefix > width else { return }
        ends = nil
        // What ENDS gave back goes to the names.
        name = max(shortest, min(full, width - (prefix - name)))
    }

    private var ellipsis: String { terminal.unicode ? "…" : "..." }

    var text: String {
        let header = finish(headerSpans)
        let lines = [terminal.paint(header, .dim)] + rows.map { finish(spans($0)) }
        return lines.joined(separator: "\n") + "\n"
    }

    private typealias Span = (text: String, style: Terminal.Style?)

    private var headerSpans: [Span] {
        var header = "  " + TextWidth.pad("NAME", to: name) + "  " + TextWidth.pad("LEFT", to: countdowns, right: true)
        // Over a bar narrower than the word, no word: a bar needs no explaining.
        if let bar, bar >= 8 { header += "  PROGRESS" }
        header = TextWidth.pad(header, to: 2 + name + 2 + time)
        if let ends { header += "  " + TextWidth.pad("ENDS", to: ends) }
        if message != nil { header += "  MESSAGE" }
        return [(header, nil)]
    }

    private func spans(_ row: Render.Row) -> [Span] {
        let cycle = Self.cycle(row)
        let name = TextWidth.truncate(row.name, to: self.name - TextWidth.of(cycle), ellipsis: ellipsis) + cycle
        let left = left(row)
        var spans: [Span] = [(row.status.symbol(unicode: terminal.unicode), row.status.style)]
        if row.status.isDone {
            spans += [(" " + TextWidth.pad(name, to: self.name) + "  ", nil), (left, row.status.style)]
        } else {
            let indent = String(repeating: " ", count: countdowns - TextWidth.of(left))
            spans += [(" " + TextWidth.pad(name, to: self.name) + "  " + indent, nil), (left, row.status.style)]
            if let bar, let progress = row.progress {
                spans.append(("  " + Render.bar(progress, width: bar, unicode: terminal.unicode), nil))
            }
        }
        let used = TextWidth.of(spans.map(\.text).joined())
        spans.append((String(repeating: " ", count: max(0, 2 + self.name + 2 + time - used)), nil))
        if let ends { spans.append(("  " + TextWidth.pad(row.ends, to: ends), nil)) }
        if let message { spans.append(("  " + TextWidth.truncate(row.message, to: message, ellipsis: ellipsis), nil)) }
        return spans
    }

    /// A line without trailing spaces, cut to the width (with an ellipsis) if it is still too wide,
    /// and colored.
    private func finish(_ spans: [Span]) -> String {
        var spans = Self.trimmed(spans)
        if let width = terminal.width, TextWidth.of(spans.map(\.text).joined()) > width {
            let mark = TextWidth.of(ellipsis) <= width ? ellipsis : ""
            var room = width - TextWidth.of(mark)
            var kept: [Span] = []
            for span in spans {
                let w = TextWidth.of(span.text)
                if w > room {
                    kept.append((TextWidth.truncate(span.text, to: room, ellipsis: ""), span.style))
                    break
                }
                kept.append(span)
                room -= w
            }
            spans = Self.trimmed(kept)
            // A name already cut says so.
            if spans.last?.text.hasSuffix(ellipsis) != true { spans.append((mark, nil)) }
        }
        return spans.map { terminal.paint($0.text, $0.style) }.joined()
    }

    private static func trimmed(_ spans: [Span]) -> [Span] {
        var spans = spans
        while let last = spans.last, last.text.last == " " || last.text.isEmpty {
            spans[spans.count - 1].text = last.text.trimmingTrailingSpaces()
            if spans[spans.count - 1].text.isEmpty { spans.removeLast() }
        }
        return spans
    }
}
