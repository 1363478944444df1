/// Characters that show nothing. In a name they make look-alikes: `tea`, `tea` + ZERO WIDTH
/// SPACE and `tea` + SOFT HYPHEN are three timers that look the same in `timerctl ls`. Unicode
/// lists them as Default_Ignorable_Code_Point; a few are needed where they stand (a joiner in
/// an emoji sequence or between Persian or Hindi letters, a variation selector after an emoji),
/// and there they are accepted.
extension TimerText {
    /// The first invisible character of `text` that is not where a script or an emoji sequence
    /// needs it, with its position (1-based, in code points); nil when there is none.
    static func misplacedInvisible(in text: String) -> (Unicode.Scalar, position: Int)? {
        // Most names have none: no need to look at what is around each character.
        guard text.unicodeScalars.contains(where: isInvisible) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard let i = scalars.indices.first(where: { isMisplacedInvisible(at: $0, in: scalars) }) else { return nil }
        return (scalars[i], i + 1)
    }

    /// Whether `scalars[i]` shows nothing and nothing around it needs it.
    static func isMisplacedInvisible(at i: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let s = scalars[i]
        guard isInvisible(s) else { return false }
        let before = i > 0 ? scalars[i - 1] : nil
        let after = i + 1 < scalars.count ? scalars[i + 1] : nil
        switch s.value {
        case 0x200D:  // ZERO WIDTH JOINER: 👨‍👩‍👧, 👩🏽‍💻, ❤️‍🔥; or a half form in Hindi, Sinhala, Malayalam
            if let after, isPictograph(after), emojiBase(endingAt: i - 1, in: scalars) != nil { return false }
            return !(before.map(isJoiningLetter) == true && after.map(isJoiningLetter) == true)
        case 0x200C:  // ZERO WIDTH NON-JOINER: Persian می‌خواهم, Hindi, Bengali
            return !(before.map(isJoiningLetter) == true && after.map(isJoiningLetter) == true)
        case 0xFE0E, 0xFE0F:  // text or emoji presentation: ❤️, 1️⃣
            return before?.properties.isEmoji != true
        case 0xFE00...0xFE0D, 0xE0100...0xE01EF:  // glyph variants of CJK ideographs (the Ideographic Variation Database)
            return before?.properties.isIdeographic != true
        case 0x180B...0x180D, 0x180F:  // Mongolian free variation selectors
            return !(before.map(isMongolianLetter) == true)
        case 0x180E:  // MONGOLIAN VOWEL SEPARATOR
            return !(before.map(isMongolianLetter) == true && after.map(isMongolianLetter) == true)
        case 0xE0020...0xE007F:  // tags: the flags of England, Scotland and Wales
            return !isInEmojiTagSequence(at: i, in: scalars)
        default:
            return true
        }
    }

    /// Default-ignorable (none is below U+00AD), or an interlinear annotation control: format
    /// characters shown as nothing, though not default-ignorable.
    static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0xAD && (s.properties.isDefaultIgnorableCodePoint || (0xFFF9...0xFFFB).contains(s.value))
    }

    /// "U+200B ZERO WIDTH SPACE", for error messages.
    static func describe(_ s: Unicode.Scalar) -> String {
        var hex = String(s.value, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return "U+\(hex)" + (s.properties.name.map { " \($0)" } ?? "")
    }

    /// What follows "remove it" in the refusal of a misplaced invisible character: where it
    /// would be accepted, for those that are somewhere.
    static func invisibleHint(_ s: Unicode.Scalar) -> String {
        switch s.value {
        case 0x200C, 0x200D:
            " (a joiner belongs only between two emoji, or between the letters of a script that uses it, such as Persian or Hindi)"
        case 0xFE0E, 0xFE0F: " (a variation selector belongs only right after an emoji)"
        case 0xFE00...0xFE0D, 0xE0100...0xE01EF: " (a variation selector belongs only right after an ideograph)"
        case 0x180B...0x180F: " (it belongs only after a Mongolian letter)"
        case 0xE0020...0xE007F: " (tag characters belong only in an emoji flag, such as the flag of Scotland)"
        case 0x200E, 0x200F, 0x061C: " (right-to-left scripts need none)"
        default: ""
        }
    }

    /// A nonspacing, spacing or enclosing mark: it goes on the character before it.
    static func isCombiningMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// An emoji that a ZERO WIDTH JOINER joins to another: not the digits, `#` and `*`, which
    /// are emoji only in keycaps.
    private static func isPictograph(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0x80 && s.properties.isEmoji && !s.properties.isEmojiModifier
    }

    /// The emoji that the sequence ending at `end` starts with, skipping what may follow one
    /// before a joiner (a skin tone, VARIATION SELECTOR-16, a keycap's mark).
    private static func emojiBase(endingAt end: Int, in scalars: [Unicode.Scalar]) -> Unicode.Scalar? {
        var j = end
        while j >= 0, scalars[j].properties.isEmojiModifier || scalars[j] == "\u{FE0F}" || scalars[j] == "\u{20E3}" {
            j -= 1
        }
        return j >= 0 && isPictograph(scalars[j]) ? scalars[j] : nil
    }

    /// A letter or mark of a script whose spelling uses ZERO WIDTH JOINER or NON-JOINER: the
    /// Arabic-based, Syriac, N'Ko, Mongolian and other joining scripts, and the Brahmic
    /// scripts of India and South-East Asia.
    private static func isJoiningLetter(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark: break
        default: return false
        }
        return joiningScripts.contains { $0.contains(s.value) }
    }

    private static let joiningScripts: [ClosedRange<UInt32>] = [
        0x0600...0x08FF,  // Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended
        0x0900...0x0DFF,  // Devanagari to Sinhala
        0x0F00...0x0FFF,  // Tibetan
        0x1000...0x109F,  // Myanmar
        0x1780...0x18AF,  // Khmer, Mongolian
        0x1A00...0x1AAF,  // Buginese, Tai Tham
        0x1B00...0x1C4F,  // Balinese, Sundanese, Batak, Lepcha
        0xA800...0xA8FF,  // Syloti Nagri, Phags-pa, Saurashtra, Devanagari Extended
        0xA980...0xAAFF,  // Javanese, Myanmar Extended, Cham, Tai Viet, Meetei Mayek Extensions
        0xABC0...0xABFF,  // Meetei Mayek
        0x10AC0...0x10AFF,  // Manichaean
        0x10B80...0x10BAF,  // Psalter Pahlavi
        0x10D00...0x10D3F,  // Hanifi Rohingya
        0x10F30...0x10FFF,  // Sogdian, Old Uyghur, Chorasmian, Elymaic
        0x11000...0x11FFF,  // Brahmi, Kaithi, Sharada, Grantha and the other Brahmic scripts
        0x1E900...0x1E95F,  // Adlam
    ]

    private static func isMongolianLetter(_ s: Unicode.Scalar) -> Bool {
        (0x1820...0x18AA).contains(s.value) && s.properties.generalCategory == .otherLetter
    }

    /// Whether the tag character at `i` is in an emoji tag sequence: an emoji, tag characters,
    /// CANCEL TAG (U+E007F) at the end (🏴 + "gbsct" + CANCEL TAG is the flag of Scotland).
    private static func isInEmojiTagSequence(at i: Int, in scalars: [Unicode.Scalar]) -> Bool {
        func isTagSpec(_ s: Unicode.Scalar) -> Bool { (0xE0020...0xE007E).contains(s.value) }
        var start = i
        while start > 0, isTagSpec(scalars[start - 1]) { start -= 1 }
        var end = i
        if isTagSpec(scalars[i]) {
            while end + 1 < scalars.count, isTagSpec(scalars[end + 1]) { end += 1 }
            end += 1
        }
        guard end < scalars.count, scalars[end] == "\u{E007F}", end > start, start > 0 else { return false }
        return scalars[start - 1].properties.isEmoji && scalars[start - 1].value >= 0x80
    }
}
