/// How many terminal columns text takes: East Asian wide and fullwidth characters (パスタ,
/// 煮海鲜, 라면) and most emoji take two, combining marks none, everything else one.
/// Color escapes (ANSI CSI sequences such as `ESC[32m`) take none.
enum TextWidth {
    static func of(_ text: String) -> Int {
        var width = 0
        var escape = Escape.none
        for character in text {
            switch (escape, character) {
            case (.none, "\u{1B}"): escape = .started
            case (.none, _): width += of(character)
            case (.started, "["): escape = .parameters
            case (.started, _): escape = .none  // not CSI: the escape and this character are drawn as nothing
            case (.parameters, _):
                // Parameter and intermediate bytes go on until a final byte, @ to ~.
                if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { escape = .none }
            }
        }
        return width
    }

    private enum Escape { case none, started, parameters }

    /// A user-perceived character is drawn as one glyph: an emoji sequence (👨‍👩‍👧, ❤️, 🇯🇵)
    /// takes two columns however many scalars make it up.
    static func of(_ character: Character) -> Int {
        // Most of what timerctl prints: no Unicode tables needed (their first use is costly).
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard scalars.count > 1 else { return scalars.first.map(of) ?? 0 }
        let isEmojiSequence =
            scalars.contains { $0.value == 0xFE0F || $0.value == 0x200D || $0.properties.isEmojiPresentation }
            || scalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) }
        if isEmojiSequence { return 2 }
        return scalars.reduce(0) { $0 + of($1) }
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0 { return 0 }
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B || (v >= 0x1160 && v <= 0x11FF) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// East Asian wide and fullwidth blocks.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// `text` padded with spaces to `width` columns (left-aligned), or right-aligned.
    static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - of(text)))
        return right ? fill + text : text + fill
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` ("…", or "..." for ASCII
    /// terminals) when cut; with no room for the ellipsis, just cut.
    static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard of(text) > width else { return text }
        let mark = of(ellipsis) <= width ? ellipsis : ""
        let room = width - of(mark)
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > room { break }
            out.append(character)
            used += w
        }
        return out + mark
    }
}
