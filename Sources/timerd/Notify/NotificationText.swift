/// Text from users (timer names, messages, checklist items) made fit for a notification:
/// shown as written, never interpreted, and never taking over the bubble or the screen.
///
/// Markup is escaped where the body goes out (`Markup`); this is the rest:
/// - bidirectional formatting characters (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
///   U+061C) are removed, so that a name cannot reverse the text after it ("pasta" followed
///   by an override that turns "5 min left" around); right-to-left scripts still read right
///   to left, by the implicit rules that need no such characters;
/// - control characters, refused in names and messages but possible in older saved timers,
///   are shown as their symbols (U+0007 as ␇), never passed to the server raw;
/// - a character (grapheme cluster) keeps at most `maxScalarsPerCharacter` scalars, so a
///   letter with hundreds of stacked accents cannot draw a column over the screen;
/// - long text is cut at a character boundary and ends with "…".
enum NotificationText {
    /// The summary is a single line: servers show its first forty or so characters.
    static let maxSummaryCharacters = 120
    /// A body has room for a message, a status line and a short list, not for a page.
    static let maxBodyCharacters = 1_200
    static let maxBodyLines = 24
    /// A timer's message, as it appears in a body.
    static let maxMessageCharacters = 400
    static let maxMessageLines = 8
    /// A checklist item, as it appears in a list of open tasks, or a timer's message in a
    /// list of timers: about a line of a bubble (40 to 60 characters wide).
    static let maxItemCharacters = 60
    /// Scalars kept per character: emoji sequences use up to about ten, stacked marks more.
    static let maxScalarsPerCharacter = 16

    static let ellipsis: Character = "…"

    /// The summary as sent: one line, cleaned and shortened.
    static func summary(_ text: String) -> String {
        shortened(cleaned(text, multiline: false), maxCharacters: maxSummaryCharacters)
    }

    /// The body as sent (before markup escaping): cleaned and shortened.
    static func body(_ text: String) -> String {
        shortened(cleaned(text, multiline: true), maxCharacters: maxBodyCharacters, maxLines: maxBodyLines)
    }

    /// A timer's message as it appears in a body.
    static func message(_ text: String) -> String {
        shortened(text, maxCharacters: maxMessageCharacters, maxLines: maxMessageLines)
    }

    /// A checklist item, or a timer's message, as it appears in a list: its first line (a line
    /// separator counts as a line break), at most `maxItemCharacters`.
    static func item(_ text: String) -> String {
        shortened(cleaned(text, multiline: true), maxCharacters: maxItemCharacters, maxLines: 1)
    }

    /// Bidirectional formatting characters: embeddings, overrides, isolates and marks.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with bidirectional formatting removed, control characters shown as symbols and
    /// stacked marks thinned. Line breaks (`\n`, U+2028, U+2029) stay line breaks when
    /// `multiline`, else become spaces.
    static func cleaned(_ text: String, multiline: Bool) -> String {
        var out = String.UnicodeScalarView()
        for character in text {
            var kept = 0
            for scalar in character.unicodeScalars {
                guard kept < maxScalarsPerCharacter else { break }
                switch scalar.value {
                case 0x0A, 0x2028, 0x2029:
                    out.append(multiline ? "\n" : " ")
                case 0x0D:
                    // The \r of a \r\n line end (one character with the \n) says nothing more.
                    if character.unicodeScalars.count == 1 { out.append("\u{240D}") }
                case 0x00...0x1F:
                    out.append(Unicode.Scalar(0x2400 + scalar.value)!)
                case 0x7F:
                    out.append("\u{2421}")
                case 0x80...0x9F:
                    out.append("\u{FFFD}")
                case _ where isBidiControl(scalar):
                    continue
                default:
                    out.append(scalar)
                }
                kept += 1
            }
        }
        return String(out)
    }

    /// `text` cut to at most `maxCharacters` characters and `maxLines` lines, ending with "…"
    /// where it was cut. Cuts fall between characters (grapheme clusters), never inside one;
    /// spaces before the "…" are dropped.
    static func shortened(_ text: String, maxCharacters: Int, maxLines: Int = .max) -> String {
        precondition(maxCharacters >= 1 && maxLines >= 1, "room for at least the ellipsis")
        var kept = Substring(text)
        var cut = false
        if maxLines < .max {
            var lines = 0
            if let end = kept.firstIndex(where: { c in
                guard c == "\n" || c == "\r\n" else { return false }
                lines += 1
                return lines == maxLines
            }) {
                kept = kept[..<end]
                cut = true
            }
        }
        if kept.count > maxCharacters {
            kept = kept.prefix(maxCharacters - 1)
            cut = true
        }
        guard cut else { return text }
        while let last = kept.last, last.isWhitespace { kept = kept.dropLast() }
        return String(kept) + String(ellipsis)
    }
}

extension NotificationContent {
    /// The summary as the notification server gets it.
    var shownSummary: String { NotificationText.summary(summary) }
    /// The body as the notification server gets it, before markup escaping.
    var shownBody: String { NotificationText.body(body) }
}
