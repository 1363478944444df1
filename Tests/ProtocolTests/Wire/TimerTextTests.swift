import Testing
import Protocol

@Suite struct TimerTextTests {
    // MARK: Names

    @Test(arguments: [
        "pasta", "tea break", "パスタ", "煮海鲜", "라면", "🍝", "e\u{301}clair", "a", "-pasta", "\"quoted\"",
        String(repeating: "a", count: 64), String(repeating: "🍝", count: 64),
    ])
    func acceptableNames(name: String) {
        #expect(TimerText.problem(withName: name) == nil)
    }

    @Test func emptyNameSaysWhatANameLooksLike() {
        #expect(TimerText.problem(withName: "") == "A timer needs a name, such as pasta or 'tea break'.")
    }

    @Test func sixtyFiveCharactersIsTooLong() {
        let name = String(repeating: "a", count: 65)
        #expect(TimerText.problem(withName: name)
            == "The name \"aaaaaaaaaaaaaaaaaaaa…\" is too long; use at most 64 characters.")
        #expect(TimerText.problem(withName: String(repeating: "パ", count: 65)) != nil)
    }

    @Test func aLongNameIsQuotedWithItsControlCharactersShownEscaped() throws {
        let name = "\u{1B}]0;owned\u{7}" + String(repeating: "a", count: 70)
        let problem = try #require(TimerText.problem(withName: name))
        #expect(problem == #"The name "\u{1b}]0;owned\u{7}aaaaaaaaaa…" is too long; use at most 64 characters."#)
        #expect(!problem.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func nameCountsCharactersNotScalars() {
        // 64 characters of 2 scalars each: long in scalars, short in bytes.
        #expect(TimerText.problem(withName: String(repeating: "e\u{301}", count: 64)) == nil)
    }

    @Test func stackedCombiningMarksHitTheByteCap() {
        // 64 characters, but 448 bytes.
        let name = String(repeating: "a\u{301}\u{301}\u{301}", count: 64)
        #expect(name.count == 64)
        #expect(TimerText.problem(withName: name)?.contains("too long: its 64 characters take 448 bytes") == true)
    }

    @Test(arguments: ["pas\nta", "pas\tta", "\u{0}", "pasta\u{1B}[31m", "pasta\u{7F}", "pas\u{85}ta", "pasta\r"])
    func controlCharactersAreRefusedAndShownEscaped(name: String) throws {
        let problem = try #require(TimerText.problem(withName: name))
        #expect(problem.contains("control character"))
        #expect(problem.contains(TimerText.quoted(name)))
        #expect(!problem.unicodeScalars.contains { $0.value < 0x20 })
    }

    /// "txt.exe" that shows as "exe.txt", and the like: refused in names and messages, shown
    /// escaped in the refusal.
    @Test(arguments: ["pasta\u{202E}atsap", "\u{202A}a", "b\u{202B}", "c\u{202C}c", "\u{202D}d", "e\u{2066}e\u{2069}", "\u{2067}f", "g\u{2068}"])
    func bidirectionalFormattingIsRefused(text: String) throws {
        let problem = try #require(TimerText.problem(withName: text))
        #expect(problem.contains("bidirectional formatting character"))
        #expect(problem.contains(TimerText.quoted(text)))
        #expect(!problem.unicodeScalars.contains { TimerText.isBidiFormatting($0) }, "the refusal itself must not reorder")
        #expect(TimerText.problem(withMessage: text)?.contains("bidirectional formatting character") == true)
    }

    /// The lighter marks (U+200E, U+200F, U+061C) are accepted in messages only: in a name
    /// they make look-alikes (`TimerTextInvisibleTests`).
    @Test(arguments: ["مرحبا", "שלום pasta", "pasta \u{200F}(2)", "\u{200E}tea", "a\u{061C}b"])
    func rightToLeftTextAndTheLighterMarksAreMessages(text: String) {
        #expect(TimerText.problem(withMessage: text) == nil)
    }

    @Test(arguments: ["مرحبا", "שלום pasta", "פסטה (2)", "می‌خواهم"])
    func rightToLeftTextIsANameWithoutMarks(text: String) {
        #expect(TimerText.problem(withName: text) == nil)
    }

    @Test(arguments: [" pasta", "pasta ", "  ", "\u{A0}pasta", "pasta\u{3000}"])
    func leadingOrTrailingSpaceIsRefused(name: String) {
        #expect(TimerText.problem(withName: name)?.contains("starts or ends with a space") == true)
    }

    // MARK: Messages

    @Test(arguments: ["", "drain it", "line one\nline two", "🍝 ready", String(repeating: "a", count: 1_000),
                      String(repeating: "🍝", count: 1_000)])
    func acceptableMessages(message: String) {
        #expect(TimerText.problem(withMessage: message) == nil)
    }

    @Test func messagesHaveACharacterAndAByteCap() {
        #expect(TimerText.problem(withMessage: String(repeating: "a", count: 1_001))
            == "The message is too long; use at most 1000 characters.")
        #expect(TimerText.problem(withMessage: String(repeating: "a\u{301}\u{301}", count: 1_000)) != nil)
    }

    @Test(arguments: ["tab\there", "bell\u{7}", "cr\r\n", "\u{9B}"])
    func controlCharactersOtherThanNewlineAreRefusedInMessages(message: String) {
        #expect(TimerText.problem(withMessage: message)
            == "The message contains a control character; use printable text (newlines are fine).")
    }

    // MARK: Quoting

    @Test(arguments: [
        ("pasta", #""pasta""#),
        ("パスタ 🍝", #""パスタ 🍝""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"a\b"#, #""a\\b""#),
        ("a\nb\tc", #""a\nb\tc""#),
        ("\u{1}\u{7F}\u{9B}", #""\u{1}\u{7f}\u{9b}""#),
        ("a\u{202E}b\u{2066}", #""a\u{202e}b\u{2066}""#),
    ])
    func quotedMakesEveryCharacterVisible(text: String, quoted: String) {
        #expect(TimerText.quoted(text) == quoted)
    }
}
