/// The rules for timer names and messages, checked by the daemon and, for a quicker and
/// friendlier error, by `timerctl` before it sends anything.
public enum TimerText {
    /// Names are 1–64 characters (grapheme clusters) of any script.
    public static let maxNameCharacters = 64
    /// Bytes cap as well, so that 64 "characters" of stacked combining marks stay small.
    public static let maxNameBytes = 256
    public static let maxMessageCharacters = 1_000
    public static let maxMessageBytes = 4_000

    /// Nil when `name` is acceptable for a new timer (or a preset, or a `--then` step),
    /// otherwise a sentence saying what is wrong and what to do.
    ///
    /// Beyond what a lookup checks (`problem(findingName:)`), a new name may not hold what
    /// would make it look like another: characters that reorder text or show nothing, or a
    /// combining mark with no letter to go on. Check the name as `normalized` makes it.
    public static func problem(withName name: String) -> String? {
        if let problem = problem(findingName: name) { return problem }
        if name.first == "@" {
            return "The name \(quoted(name)) begins with @, which is kept for names that choose a timer "
                + "(@next, @ringing); begin it with another character."
        }
        if name.unicodeScalars.contains(where: isBidiFormatting) {
            return "The name \(quoted(name)) contains \(bidiFormattingProblem)"
        }
        if let (scalar, position) = misplacedInvisible(in: name) {
            return "The name \(quoted(name)) contains an invisible character (\(describe(scalar))) at position "
                + "\(position); remove it\(invisibleHint(scalar))."
        }
        if let first = name.unicodeScalars.first, isCombiningMark(first) {
            return "The name \(quoted(name)) starts with a combining mark (\(describe(first))), which has no letter "
                + "to go on; put the letter before it, or remove it."
        }
        // Blank, but neither white space nor invisible: the usual way to make an empty-looking name.
        if name.unicodeScalars.first == "\u{2800}" || name.unicodeScalars.last == "\u{2800}" {
            return "The name \(quoted(name)) starts or ends with a blank (U+2800 BRAILLE PATTERN BLANK); remove it."
        }
        return nil
    }

    /// Nil when `name` could be a timer's, so that a command may look it up; otherwise why it
    /// cannot. Looser than `problem(withName:)`: a timer saved by an older timerd, before a
    /// rule was added, keeps its name and must stay reachable by it.
    public static func problem(findingName name: String) -> String? {
        if name.isEmpty { return "A timer needs a name, such as pasta or 'tea break'." }
        if name.count > maxNameCharacters {
            // Quoted: a long name may also hold control characters, which must not reach a terminal.
            return "The name \(quoted(String(name.prefix(20)) + "…")) is too long; use at most \(maxNameCharacters) characters."
        }
        if name.utf8.count > maxNameBytes {
            return "The name \(quoted(String(name.prefix(20)) + "…")) is too long: its \(name.count) characters take "
                + "\(name.utf8.count) bytes, and a name holds at most \(maxNameBytes) bytes (emoji and accented letters "
                + "take several each); use fewer characters."
        }
        if name.unicodeScalars.contains(where: isControl) {
            return "The name \(quoted(name)) contains a control character (such as a newline or tab); use printable text."
        }
        if name.first!.isWhitespace || name.last!.isWhitespace {
            return "The name \(quoted(name)) starts or ends with a space; remove it."
        }
        return nil
    }

    /// `name` in Unicode Normalization Form C, the form timerd keeps, shows and compares names
    /// in: "café" typed with a precomposed é and with e + U+0301 is one name, and every program
    /// that compares bytes (jq, grep, SQLite) sees the same bytes that `timerctl ls` shows.
    /// (Swift's `==` and hashing already compare canonically; the bytes are what this fixes.)
    public static func normalized(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }
        // The standard library's NFC, public though underscored: there is no other without
        // Foundation until the Unicode normalization proposal ships.
        return String(decoding: name._nfcCodeUnits, as: UTF8.self)
    }

    /// Nil when `message` is acceptable. Newlines are allowed in messages; other control characters are not.
    public static func problem(withMessage message: String) -> String? {
        if message.count > maxMessageCharacters || message.utf8.count > maxMessageBytes {
            return "The message is too long; use at most \(maxMessageCharacters) characters."
        }
        if message.unicodeScalars.contains(where: { $0 != "\n" && isControl($0) }) {
            return "The message contains a control character; use printable text (newlines are fine)."
        }
        if message.unicodeScalars.contains(where: isBidiFormatting) {
            return "The message contains \(bidiFormattingProblem)"
        }
        return nil
    }

    /// C0 and C1 controls and DEL (Unicode general category Cc).
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }

    /// The embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). They
    /// reorder the text around them, so a name holding one could show, in `timerctl ls` or a
    /// shell, as another name ("Trojan Source"). Right-to-left scripts are shown right without
    /// them; the lighter marks (U+200E, U+200F, U+061C) reorder nothing but neutrals, and stay.
    public static func isBidiFormatting(_ s: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }

    /// The end of the refusal of a text holding one of them: "The name … contains " + this.
    static let bidiFormattingProblem =
        "a bidirectional formatting character, which shows text in another order than it has; remove it "
        + "(right-to-left scripts need none)."

    /// The name in double quotes with control characters made visible, for error messages:
    /// those, the bidirectional formatting characters, invisible characters where they show
    /// nothing, and a combining mark that would go on the opening quote, as `\u{…}`.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where isControl(s) || isBidiFormatting(s) || isMisplacedInvisible(at: i, in: scalars)
                || (i == 0 && isCombiningMark(s)):
                out += "\\u{\(String(s.value, radix: 16))}"
            default: out.unicodeScalars.append(s)
            }
        }
        return out + "\""
    }

    /// `word` as it must be typed in a shell, for examples in messages: in single quotes when
    /// it holds spaces or characters the shell treats specially.
    public static func shellWord(_ word: String) -> String {
        let special: Set<Character> = [" ", "\t", "\n", "'", "\"", "\\", "$", "`", "!", "*", "?", "[", "]", "(", ")",
                                       "{", "}", ";", "&", "|", "<", ">", "#", "~"]
        guard word.isEmpty || word.contains(where: special.contains) else { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
