import Protocol
import Testing

@testable import timerd

@Suite struct NotificationTextTests {
    // MARK: Cleaning

    @Test(arguments: ["pasta", "パスタ 🍝", "Crème brûlée", "e\u{301}", "👨‍👩‍👧‍👦 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "שלום עולם", "مرحبا", "<b>&amp;</b>"])
    func ordinaryTextIsUntouched(_ text: String) {
        #expect(NotificationText.cleaned(text, multiline: true) == text)
        #expect(NotificationText.cleaned(text, multiline: false) == text)
        #expect(NotificationText.summary(text) == text)
        #expect(NotificationText.body(text) == text)
    }

    @Test(arguments: [
        ("pasta\u{202E}tfel 5", "pastatfel 5"),  // RIGHT-TO-LEFT OVERRIDE
        ("\u{202D}x\u{202C}", "x"),  // LEFT-TO-RIGHT OVERRIDE … POP DIRECTIONAL FORMATTING
        ("a\u{202A}b\u{202B}c", "abc"),  // embeddings
        ("\u{2066}a\u{2067}b\u{2068}c\u{2069}", "abc"),  // isolates
        ("a\u{200E}b\u{200F}c\u{61C}d", "abcd"),  // marks
    ])
    func bidirectionalFormattingIsRemoved(_ text: String, _ cleaned: String) {
        #expect(NotificationText.cleaned(text, multiline: false) == cleaned)
        #expect(!NotificationText.body(text).unicodeScalars.contains(where: NotificationText.isBidiControl))
    }

    @Test func rightToLeftTextKeepsItsOrderWithoutFormattingCharacters() {
        #expect(NotificationText.summary("\u{202E}שלום\u{202C}: 5 min left") == "שלום: 5 min left")
    }

    @Test(arguments: [
        ("a\u{7}b", "a\u{2407}b"), ("\u{1B}[31mred", "\u{241B}[31mred"), ("nul\u{0}", "nul\u{2400}"),
        ("tab\there", "tab\u{2409}here"), ("del\u{7F}", "del\u{2421}"), ("c1\u{9B}31m", "c1\u{FFFD}31m"),
        ("lone\rcr", "lone\u{240D}cr"),
    ])
    func controlCharactersAreShownAsSymbols(_ text: String, _ shown: String) {
        #expect(NotificationText.cleaned(text, multiline: true) == shown)
        #expect(!NotificationText.body(text).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func lineBreaksStayInBodiesAndBecomeSpacesInSummaries() {
        let text = "one\ntwo\r\nthree\u{2028}four\u{2029}five"
        #expect(NotificationText.cleaned(text, multiline: true) == "one\ntwo\nthree\nfour\nfive")
        #expect(NotificationText.cleaned(text, multiline: false) == "one two three four five")
    }

    @Test func stackedMarksAreThinnedToACharacterOfSixteenScalars() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 500) + "b"
        let cleaned = NotificationText.cleaned(zalgo, multiline: false)
        #expect(cleaned.count == 2)
        #expect(cleaned.unicodeScalars.count == NotificationText.maxScalarsPerCharacter + 1)
        #expect(cleaned.hasSuffix("b"))
    }

    @Test func emojiSequencesKeepEveryScalar() {
        let family = "👨🏽‍👩🏽‍👧🏽‍👦🏽"  // 11 scalars, one character
        #expect(family.count == 1)
        #expect(NotificationText.cleaned(family, multiline: false) == family)
    }

    // MARK: Shortening

    @Test func textWithinTheLimitIsUntouched() {
        #expect(NotificationText.shortened("pasta", maxCharacters: 5) == "pasta")
        #expect(NotificationText.shortened("a\nb\nc", maxCharacters: 100, maxLines: 3) == "a\nb\nc")
    }

    @Test func longTextEndsWithAnEllipsisWithinTheLimit() {
        let cut = NotificationText.shortened(String(repeating: "x", count: 200), maxCharacters: 120)
        #expect(cut.count == 120)
        #expect(cut == String(repeating: "x", count: 119) + "…")
    }

    @Test func cutsFallBetweenCharactersNeverInsideOne() {
        let text = String(repeating: "👨‍👩‍👧", count: 10) + String(repeating: "e\u{301}", count: 10)
        let cut = NotificationText.shortened(text, maxCharacters: 12)
        #expect(cut == String(repeating: "👨‍👩‍👧", count: 10) + "e\u{301}…")
        let flags = NotificationText.shortened(String(repeating: "🇫🇷", count: 10), maxCharacters: 4)
        #expect(flags == "🇫🇷🇫🇷🇫🇷…")
    }

    @Test func spacesBeforeTheEllipsisAreDropped() {
        #expect(NotificationText.shortened("drain the     water", maxCharacters: 14) == "drain the…")
    }

    @Test func tooManyLinesEndAfterTheLastLineKept() {
        let text = (1...20).map { "line \($0)" }.joined(separator: "\n")
        #expect(NotificationText.shortened(text, maxCharacters: 1_000, maxLines: 3) == "line 1\nline 2\nline 3…")
        #expect(NotificationText.shortened("a\r\nb\r\nc", maxCharacters: 1_000, maxLines: 2) == "a\r\nb…")
    }

    @Test func summariesAreOneShortLine() {
        let names = (1...5).map { _ in String(repeating: "n", count: 64) }.joined(separator: ", ")
        let summary = NotificationText.summary("5 timers done: \(names)")
        #expect(summary.count == NotificationText.maxSummaryCharacters)
        #expect(summary.hasSuffix("…"))
        #expect(!summary.contains("\n"))
    }

    @Test func bodiesAreCappedInLinesAndCharacters() {
        let lines = (1...100).map { "timer \($0): 8m timer done" }.joined(separator: "\n")
        let body = NotificationText.body(lines)
        #expect(body.split(separator: "\n").count == NotificationText.maxBodyLines)
        #expect(body.hasSuffix("…"))
        let long = NotificationText.body(String(repeating: "word ", count: 1_000))
        #expect(long.count <= NotificationText.maxBodyCharacters)
        #expect(long.hasSuffix("word…"))
    }

    // MARK: In notifications

    static let utc = LocalCalendar(zone: FixedOffsetZone.utc)

    static func firing(name: String = "pasta", message: String?, todos: [TodoItem] = []) -> Firing {
        let start = instant("2026-11-27T18:34:00Z")
        let info = TimerInfo(
            name: name, kind: .countdown, state: .done, duration: .minutes(8), remaining: .zero,
            endsAt: start + .minutes(8), createdAt: start, firedAt: start + .minutes(8), message: message, todos: todos)
        return Firing(info: info, startedAt: start)
    }

    @Test func aLongMessageIsShortenedAndTheStatusLineStays() {
        let message = String(repeating: "m", count: 1_000)
        let content = NotificationContent.fired([Self.firing(message: message)], calendar: Self.utc)
        #expect(content.body == String(repeating: "m", count: NotificationText.maxMessageCharacters - 1) + "…\n8m timer done (started 18:34)")
    }

    @Test func aMessageOfManyLinesKeepsTheFirstFew() {
        let message = (1...50).map { "step \($0)" }.joined(separator: "\n")
        let content = NotificationContent.fired([Self.firing(message: message)], calendar: Self.utc)
        let lines = content.body.split(separator: "\n")
        #expect(lines.count == NotificationText.maxMessageLines + 1)
        #expect(lines[NotificationText.maxMessageLines - 1] == "step \(NotificationText.maxMessageLines)…")
        #expect(lines.last == "8m timer done (started 18:34)")
    }

    @Test func longChecklistItemsAreShortenedInTheListOfOpenTasks() {
        let long = String(repeating: "t", count: 500)
        let firing = Self.firing(message: nil, todos: [TodoItem(id: 1, text: long), TodoItem(id: 2, text: "proofread")])
        let body = NotificationContent.fired([firing], calendar: Self.utc).body
        let item = String(repeating: "t", count: NotificationText.maxItemCharacters - 1) + "…"
        #expect(body.hasSuffix("2 of 2 tasks not done: \(item), proofread"))
    }

    @Test func whatIsShownIsCleanedAndWhatTimersItIsAboutIsNot() {
        let name = "tea\u{202E}"
        let content = NotificationContent.fired([Self.firing(name: name, message: "<b>\u{202E}hot</b>")], calendar: Self.utc)
        #expect(content.timers == [name], "the real name, to replace and close the notification by")
        #expect(content.shownSummary == "tea")
        #expect(content.shownBody == "<b>hot</b>\n8m timer done (started 18:34)")
        #expect(Markup.escape(content.shownBody).hasPrefix("&lt;b&gt;hot&lt;/b&gt;\n"))
    }
}
