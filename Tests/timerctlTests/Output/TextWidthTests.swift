import Testing
@testable import timerctl

@Suite struct TextWidthTests {
    static let widths: [(String, Int)] = [
        ("", 0), ("a", 1), ("pasta", 5), ("tea break", 9),
        ("パスタ", 6), ("煮海鲜", 6), ("라면", 4), ("🍝", 2), ("パスタ🍝", 8),
        ("e\u{301}", 1), ("e\u{301}clair", 6), ("Ａ", 2), ("a\u{200B}b", 2), ("\u{7}", 0),
        // Emoji sequences are one glyph of two columns, however many scalars make them.
        ("👨\u{200D}👩\u{200D}👧", 2), ("❤\u{FE0F}", 2), ("🇯🇵", 2), ("👍🏽", 2), ("tea ☕", 6),
        // Color escapes take no room.
        ("\u{1B}[32mpasta\u{1B}[0m", 5), ("\u{1B}[2m", 0), ("\u{1B}[38;5;196mパスタ", 6), ("a\u{1B}[mb", 2),
        ("\u{1B}", 0), ("\u{1B}[", 0), ("\u{1B}[32", 0), ("\u{1B}7pasta", 5),
    ]

    @Test(arguments: widths)
    func width(text: String, columns: Int) {
        #expect(TextWidth.of(text) == columns)
    }

    // MARK: pad

    static let pads: [(String, Int, Bool, String)] = [
        ("pasta", 8, false, "pasta   "), ("パスタ", 8, false, "パスタ  "), ("パスタ", 8, true, "  パスタ"),
        ("🍝", 3, false, "🍝 "), ("e\u{301}", 3, true, "  e\u{301}"), ("パスタ", 6, false, "パスタ"),
        ("パスタ", 4, false, "パスタ"), ("", 2, false, "  "),
    ]

    @Test(arguments: pads)
    func pad(text: String, width: Int, right: Bool, expected: String) {
        #expect(TextWidth.pad(text, to: width, right: right) == expected)
    }

    // MARK: truncate

    static let cuts: [(String, Int, String)] = [
        ("pasta", 5, "pasta"), ("pasta", 9, "pasta"), ("pasta", 4, "pas…"), ("pasta", 1, "…"), ("pasta", 0, ""),
        ("パスタ", 6, "パスタ"), ("パスタ", 5, "パス…"), ("パスタ", 4, "パ…"), ("パスタ", 2, "…"),
        ("🍝🍝🍝", 4, "🍝…"), ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ]

    @Test(arguments: cuts)
    func truncate(text: String, width: Int, expected: String) {
        #expect(TextWidth.truncate(text, to: width) == expected)
    }

    /// An ASCII terminal gets "..."; where even that does not fit, the text is just cut.
    static let asciiCuts: [(String, Int, String)] = [
        ("pasta", 5, "pasta"), ("pasta", 4, "p..."), ("pasta", 3, "..."), ("pasta", 2, "pa"), ("pasta", 0, ""),
        ("パスタ", 5, "パ..."), ("パスタ", 4, "..."), ("パスタ", 2, "パ"), ("パスタ", 1, ""),
    ]

    @Test(arguments: asciiCuts)
    func truncateWithAnotherEllipsis(text: String, width: Int, expected: String) {
        #expect(TextWidth.truncate(text, to: width, ellipsis: "...") == expected)
    }

    @Test(arguments: ["pasta", "パスタ", "煮海鲜 und pasta", "라면🍝e\u{301}"])
    func truncateNeverExceedsTheWidthNorSplitsACharacter(text: String) {
        for width in 0...(TextWidth.of(text) + 1) {
            let cut = TextWidth.truncate(text, to: width)
            #expect(TextWidth.of(cut) <= width, "\(width): \(cut)")
            if cut != text && !cut.isEmpty {
                #expect(cut.hasSuffix("…"))
                #expect(text.hasPrefix(String(cut.dropLast())))
            }
        }
    }
}
