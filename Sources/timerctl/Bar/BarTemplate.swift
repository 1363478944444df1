import Protocol

/// The text of a bar's line, written as a template: `{name} {left}` and the like. Read once,
/// refusing a placeholder it does not know, then filled for each glance. A placeholder that is
/// empty (no others, no icon for a running timer) takes one space next to it along, so that
/// `{icon} {name}` does not start with a space.
struct BarTemplate: Equatable {
    enum Field: String, CaseIterable {
        /// ⏸ paused, 🔔 ringing, ✓ done, ⏱ a running stopwatch; nothing for a running countdown.
        case icon
        case name
        /// `7:42`, `1h05m`, `2d 21h`, `done`; a stopwatch's time counted up.
        case left
        /// `+2`: how many others are on; empty when none.
        case others
        /// The same as a number.
        case count
        case state
        case percent
        /// When it ends, on the wall clock (`17:05`); empty while paused.
        case ends
        /// Its message's first line; empty when it has none.
        case message
    }

    enum Piece: Equatable {
        case text(String)
        case field(Field)
    }

    let pieces: [Piece]

    /// The bar's usual line: `pasta 7:42 +2`, `⏸ tea 3:00`, `🔔 bread done`.
    static let standard = try! BarTemplate("{icon} {name} {left} {others}")  // A literal that parses.
    /// i3bar's short text, for when the bar is crowded: `7:42`, `🔔 done`.
    static let short = try! BarTemplate("{icon} {left}")  // A literal that parses.

    init(_ text: String) throws(UsageError) {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let c = rest.popFirst() {
            if (c == "{" || c == "}"), rest.first == c {
                literal.append(rest.removeFirst())
            } else if c == "{" {
                guard let close = rest.firstIndex(of: "}") else {
                    throw UsageError(message: "The template \(TimerText.quoted(text)) has a { with no }; write {{ for a brace.", topic: "bar")
                }
                let word = String(rest[..<close])
                guard let field = Field(rawValue: word) else {
                    throw UsageError(
                        message: "The template has {\(word)}, which bar does not know; it knows "
                            + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ") + ".",
                        topic: "bar")
                }
                if !literal.isEmpty { pieces.append(.text(literal)) }
                literal = ""
                pieces.append(.field(field))
                rest = rest[rest.index(after: close)...]
            } else {
                literal.append(c)
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The line for `glance`'s shown timer, on one line; empty when there is none.
    func fill(_ glance: BarGlance, calendar: LocalCalendar) -> String {
        guard let timer = glance.shown else { return "" }
        var out = ""
        var dropSpace = false
        for piece in pieces {
            switch piece {
            case .text(var text):
                if dropSpace, text.first == " " { text.removeFirst() }
                dropSpace = false
                out += text
            case .field(let field):
                let value = Self.value(field, timer, glance, calendar)
                if value.isEmpty {
                    // No following text to take a space from: take the one before.
                    if out.last == " " { out.removeLast() } else { dropSpace = true }
                } else {
                    dropSpace = false
                }
                out += value
            }
        }
        return Self.oneLine(out)
    }

    private static func value(_ field: Field, _ timer: TimerInfo, _ glance: BarGlance, _ calendar: LocalCalendar) -> String {
        switch field {
        case .icon:
            switch BarGlance.state(timer) {
            case .paused: "⏸"
            case .ringing: "🔔"
            case .done: "✓"
            case .running: timer.kind == .stopwatch ? "⏱" : ""
            case .idle, .offline: ""
            }
        case .name: timer.name
        case .left: BarGlance.left(timer)
        case .others: glance.others > 0 ? "+\(glance.others)" : ""
        case .count: "\(glance.others)"
        case .state: BarGlance.state(timer).rawValue
        case .percent: "\(glance.percent)"
        case .ends:
            timer.state == .paused ? "" : timer.endsAt.map { TimeFormat.clock($0, now: glance.now, calendar: calendar) } ?? ""
        case .message: timer.message.map { String($0.prefix { $0 != "\n" }) } ?? ""
        }
    }

    /// Line breaks (a message's) as spaces: a bar's line is one line.
    static func oneLine(_ text: String) -> String {
        text.contains("\n") ? String(text.map { $0 == "\n" ? " " : $0 }) : text
    }
}
