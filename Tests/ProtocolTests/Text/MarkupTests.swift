import Testing

import Protocol

@Suite struct MarkupTests {
    @Test func theFiveSpecialCharactersAreEscaped() {
        #expect(Markup.escape(#"<b>Tom & Jerry</b> "it's""#) == "&lt;b&gt;Tom &amp; Jerry&lt;/b&gt; &quot;it&apos;s&quot;")
    }

    @Test(arguments: ["", "pasta", "パスタ 🍝", "Crème brûlée", "e\u{301}", "煮海鲜\n라면", "👨‍👩‍👧 50% off; a=b"])
    func otherTextIsUntouched(_ text: String) {
        #expect(Markup.escape(text) == text)
        #expect(Array(Markup.escape(text).unicodeScalars) == Array(text.unicodeScalars))
    }

    @Test func escapedTextIsEscapedAgain() {
        #expect(Markup.escape("&amp;") == "&amp;amp;")
    }

    @Test func specialCharactersNextToNonASCIIText() {
        #expect(Markup.escape("<パスタ>&🍝") == "&lt;パスタ&gt;&amp;🍝")
    }
}
