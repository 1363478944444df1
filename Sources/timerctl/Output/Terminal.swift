import Glibc

/// What the output is drawn on: how wide it is, and whether it takes colors and Unicode.
/// Rendering takes this as a value, so tests pin every combination; only `detect` asks the system.
struct Terminal: Equatable, Sendable {
    /// Columns a line may take; nil when the output is not a terminal (piped): lines are never cut.
    var width: Int?
    var color: Bool
    /// Block characters and symbols; else ASCII only (a locale that is not UTF-8 cannot show them).
    var unicode: Bool

    /// A file or pipe in a UTF-8 locale: everything, uncut and uncolored.
    static let plain = Terminal(width: nil, color: false, unicode: true)

    /// The terminal behind `fd` (standard output by default).
    static func detect(environment: [String: String], fd: Int32 = 1) -> Terminal {
        let isTerminal = isatty(fd) == 1
        return detect(environment: environment, isTerminal: isTerminal, windowWidth: isTerminal ? windowWidth(fd) : nil)
    }

    /// The decisions, apart from the system calls:
    /// - width: `COLUMNS` when it is a positive number (the user's word, piped or not), else the window's;
    /// - color: only on a terminal, not with `NO_COLOR` set to anything (https://no-color.org), not on `TERM=dumb`;
    /// - Unicode: when the locale's character set (`LC_ALL`, else `LC_CTYPE`, else `LANG`) is UTF-8.
    static func detect(environment: [String: String], isTerminal: Bool, windowWidth: Int?) -> Terminal {
        let columns = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let color = isTerminal && !noColor && environment["TERM"] != "dumb"
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let unicode = names(locale, "utf-8") || names(locale, "utf8")
        return Terminal(width: columns ?? (isTerminal ? windowWidth : nil), color: color, unicode: unicode)
    }

    /// Whether `locale` contains `charset` (lowercase ASCII), in any case. Compared byte by byte:
    /// String's `contains` brings in the string-processing searcher, whose first use cost a
    /// tenth of timerctl's start-up.
    private static func names(_ locale: String, _ charset: String) -> Bool {
        let text = Array(locale.utf8), wanted = Array(charset.utf8)
        guard text.count >= wanted.count else { return false }
        func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        return (0...(text.count - wanted.count)).contains { start in
            wanted.indices.allSatisfy { lower(text[start + $0]) == wanted[$0] }
        }
    }

    /// The window's columns (TIOCGWINSZ); nil when it cannot tell, as some pseudo-terminals report 0.
    private static func windowWidth(_ fd: Int32) -> Int? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    // MARK: Colors

    /// ANSI SGR colors, each span reset after itself.
    enum Style: String, Sendable {
        case green = "32"
        case yellow = "33"
        case red = "31"
        case dim = "2"
    }

    /// `text` in `style`, or as it is when colors are off (or there is nothing to color).
    func paint(_ text: String, _ style: Style?) -> String {
        guard color, let style, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
