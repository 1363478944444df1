import Protocol
import Testing

/// Names that look alike: what shows nothing is refused in a new name, except where a script
/// or an emoji sequence needs it; names are kept in NFC. (docs/security.md, "Names".)
@Suite struct TimerTextInvisibleTests {
    // MARK: Refused

    /// Each of these looks like "tea" (or like nothing) in `timerctl ls`.
    @Test(arguments: [
        ("tea\u{200B}", #"The name "tea\u{200b}" contains an invisible character (U+200B ZERO WIDTH SPACE) at position 4; remove it."#),
        ("\u{FEFF}tea", #"The name "\u{feff}tea" contains an invisible character (U+FEFF ZERO WIDTH NO-BREAK SPACE) at position 1; remove it."#),
        ("tea\u{2060}", #"The name "tea\u{2060}" contains an invisible character (U+2060 WORD JOINER) at position 4; remove it."#),
        ("tea\u{AD}", #"The name "tea\u{ad}" contains an invisible character (U+00AD SOFT HYPHEN) at position 4; remove it."#),
        ("t\u{34F}ea", #"The name "t\u{34f}ea" contains an invisible character (U+034F COMBINING GRAPHEME JOINER) at position 2; remove it."#),
        ("\u{3164}", #"The name "\u{3164}" contains an invisible character (U+3164 HANGUL FILLER) at position 1; remove it."#),
        ("tea\u{E0001}", #"The name "tea\u{e0001}" contains an invisible character (U+E0001 LANGUAGE TAG) at position 4; remove it."#),
        ("tea\u{FFF9}", #"The name "tea\u{fff9}" contains an invisible character (U+FFF9 INTERLINEAR ANNOTATION ANCHOR) at position 4; remove it."#),
        ("\u{200D}", #"The name "\u{200d}" contains an invisible character (U+200D ZERO WIDTH JOINER) at position 1; remove it (a joiner belongs only between two emoji, or between the letters of a script that uses it, such as Persian or Hindi)."#),
        ("\u{200F}", #"The name "\u{200f}" contains an invisible character (U+200F RIGHT-TO-LEFT MARK) at position 1; remove it (right-to-left scripts need none)."#),
        ("te\u{200C}a", #"The name "te\u{200c}a" contains an invisible character (U+200C ZERO WIDTH NON-JOINER) at position 3; remove it (a joiner belongs only between two emoji, or between the letters of a script that uses it, such as Persian or Hindi)."#),
        ("tea\u{FE0F}", #"The name "tea\u{fe0f}" contains an invisible character (U+FE0F VARIATION SELECTOR-16) at position 4; remove it (a variation selector belongs only right after an emoji)."#),
        ("tea\u{FE00}", #"The name "tea\u{fe00}" contains an invisible character (U+FE00 VARIATION SELECTOR-1) at position 4; remove it (a variation selector belongs only right after an ideograph)."#),
        ("tea\u{E0067}\u{E007F}", #"The name "tea\u{e0067}\u{e007f}" contains an invisible character (U+E0067 TAG LATIN SMALL LETTER G) at position 4; remove it (tag characters belong only in an emoji flag, such as the flag of Scotland)."#),
    ])
    func invisibleCharactersAreRefusedWithWhatAndWhere(name: String, problem: String) {
        #expect(TimerText.problem(withName: name) == problem)
    }

    /// The marks that were accepted before (they reorder nothing but neutrals) make
    /// look-alikes all the same; messages keep them.
    @Test(arguments: ["pasta \u{200F}(2)", "\u{200E}tea", "a\u{061C}b"])
    func theLighterBidiMarksAreRefusedInNamesButNotInMessages(text: String) throws {
        let problem = try #require(TimerText.problem(withName: text))
        #expect(problem.contains("contains an invisible character") && problem.hasSuffix("(right-to-left scripts need none)."))
        #expect(TimerText.problem(withMessage: text) == nil)
    }

    /// Joiners and selectors out of place: beside a Latin letter, at an end, between an emoji
    /// and a letter, doubled.
    @Test(arguments: [
        "a\u{200D}b", "tea\u{200D}", "\u{200D}🍝", "🍝\u{200D}", "🍝\u{200D}a", "a\u{200D}🍝", "1\u{200D}2",
        "می\u{200C}", "\u{200C}خ", "a\u{200C}خ", "म\u{200D}\u{200D}ट", "a\u{FE0F}", "\u{FE0F}", "❤\u{FE0F}\u{FE0F}",
        "中\u{FE0F}", "a\u{E0100}", "a\u{180B}", "ᠠ\u{180E}", "\u{E0067}\u{E007F}", "🏴\u{E007F}", "🏴\u{E0067}",
    ])
    func joinersAndSelectorsWhereNothingNeedsThemAreRefused(name: String) {
        #expect(TimerText.problem(withName: name)?.contains("contains an invisible character") == true, "\(name.unicodeScalars.map(\.value))")
    }

    @Test(arguments: ["\u{301}tea", "\u{301}", "\u{301}\u{302}", "\u{93F}"])
    func aNameCannotStartWithACombiningMark(name: String) throws {
        let problem = try #require(TimerText.problem(withName: name))
        #expect(problem.contains("starts with a combining mark"), "\(problem)")
        #expect(problem.hasSuffix("which has no letter to go on; put the letter before it, or remove it."))
    }

    @Test func theCombiningMarkIsNamedAndShownEscaped() {
        #expect(TimerText.problem(withName: "\u{301}tea")
            == #"The name "\u{301}tea" starts with a combining mark (U+0301 COMBINING ACUTE ACCENT), which has no letter to go on; put the letter before it, or remove it."#)
    }

    @Test(arguments: ["\u{2800}", "\u{2800}tea", "tea\u{2800}"])
    func aBrailleBlankAtEitherEndIsRefusedLikeASpace(name: String) {
        #expect(TimerText.problem(withName: name)?.contains("starts or ends with a blank (U+2800 BRAILLE PATTERN BLANK)") == true)
    }

    @Test(arguments: ["   ", "\u{3000}", "\u{A0}\u{A0}"])
    func aNameOfWhiteSpaceOnlyIsRefused(name: String) {
        #expect(TimerText.problem(withName: name)?.contains("starts or ends with a space") == true)
    }

    // MARK: Accepted where a script or an emoji sequence needs them

    @Test(arguments: [
        "👨\u{200D}👩\u{200D}👧",  // family
        "👩🏽\u{200D}💻",  // a skin tone before the joiner
        "🏳\u{FE0F}\u{200D}🌈",  // rainbow flag: VARIATION SELECTOR-16 before the joiner
        "❤\u{FE0F}\u{200D}🔥",
        "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
        "❤\u{FE0F}", "☕\u{FE0E}", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}",  // presentation selectors, keycaps
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // the flag of Scotland
        "मिन्\u{200D}ट", "क्\u{200D}ष", "क्\u{200C}ष",  // Hindi: a half form, and an explicit virama
        "می\u{200C}خواهم",  // Persian
        "ক্\u{200C}ষ", "ශ්\u{200D}රී",  // Bengali, Sinhala
        "葛\u{E0100}", "辻\u{FE00}",  // ideographic variation sequences
        "ᠠ\u{180B}ᠠ", "ᠨ\u{180E}ᠠ",  // Mongolian: a free variation selector, the vowel separator
        "tea 🍵", "パスタ", "e\u{301}clair",
    ])
    func joinersAndSelectorsWhereTheyAreNeededAreAccepted(name: String) {
        #expect(TimerText.problem(withName: name) == nil, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    // MARK: Length in bytes

    @Test func aNameLongInBytesSaysItsBytes() throws {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        let name = String(repeating: family, count: 64)
        #expect(name.count == 64 && name.utf8.count == 1_600)
        let problem = try #require(TimerText.problem(withName: name))
        #expect(problem == "The name \"\(String(repeating: family, count: 20))…\" is too long: its 64 characters take 1600 bytes, "
            + "and a name holds at most 256 bytes (emoji and accented letters take several each); use fewer characters.")
    }

    @Test func tenFamiliesFit() {
        #expect(TimerText.problem(withName: String(repeating: "👨\u{200D}👩\u{200D}👧\u{200D}👦", count: 10)) == nil)
    }

    // MARK: Finding a timer

    /// A timer saved before these rules keeps its name: a command can still reach it by name.
    @Test(arguments: ["tea\u{200B}", "pasta \u{200F}(2)", "report\u{202E}txt", "\u{301}tea", "\u{2800}"])
    func aNameRefusedForNewTimersCanStillBeLookedUp(name: String) {
        #expect(TimerText.problem(withName: name) != nil)
        #expect(TimerText.problem(findingName: name) == nil)
    }

    @Test(arguments: ["", " tea", "tea\n", String(repeating: "a", count: 65)])
    func whatNoTimerWasEverCalledIsRefusedForLookupsToo(name: String) {
        #expect(TimerText.problem(findingName: name) != nil)
    }

    // MARK: Quoting

    @Test(arguments: [
        ("tea\u{200B}", #""tea\u{200b}""#),
        ("\u{200D}", #""\u{200d}""#),
        ("\u{301}a", #""\u{301}a""#),
        ("a\u{301}", "\"a\u{301}\""),
        ("👨\u{200D}👩\u{200D}👧", "\"👨\u{200D}👩\u{200D}👧\""),
        ("❤\u{FE0F}", "\"❤\u{FE0F}\""),
        ("می\u{200C}خواهم", "\"می\u{200C}خواهم\""),
    ])
    func quotedShowsWhatIsInvisibleAndLeavesWhatIsNeeded(text: String, quoted: String) {
        #expect(TimerText.quoted(text) == quoted)
    }

    // MARK: Normalization

    @Test func normalizedComposesToNFC() {
        let decomposed = "cafe\u{301}"
        #expect(Array(decomposed.utf8) == [0x63, 0x61, 0x66, 0x65, 0xCC, 0x81])
        #expect(Array(TimerText.normalized(decomposed).utf8) == Array("caf\u{E9}".utf8))
        #expect(Array(TimerText.normalized("\u{1100}\u{1161}").utf8) == Array("\u{AC00}".utf8), "Hangul jamo compose")
        #expect(Array(TimerText.normalized("\u{212B}").utf8) == Array("\u{C5}".utf8), "ANGSTROM SIGN is Å")
        #expect(TimerText.normalized("pasta") == "pasta")
        #expect(Array(TimerText.normalized("パスタ 🍝").utf8) == Array("パスタ 🍝".utf8))
    }
}
