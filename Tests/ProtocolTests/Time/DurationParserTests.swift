import Testing
import Protocol

private let forms = "Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."
private let second: Int64 = 1_000_000_000

/// Texts `parseSigned` accepts, with the change in milliseconds.
private let signedAccepted: [(String, Int64)] = [
    ("+5m", 300_000), ("-5m", -300_000), ("5m", 300_000), ("- 30s", -30_000), ("+1h30m", 5_400_000),
    ("-1:30", -90_000), ("+ 1 h", 3_600_000), ("-365d", -31_536_000_000), ("+365d", 31_536_000_000),
    ("90", 90_000), ("-0.5", -500),
]

/// Texts `parse` accepts, with the length in nanoseconds.
private let accepted: [(String, Int64)] = [
    // Bare numbers are seconds.
    ("90", 90 * second), ("1.5", 1_500_000_000), ("0.5", 500_000_000), ("007", 7 * second),
    ("31536000", 365 * 86_400 * second),
    // Unit forms.
    ("8m", 480 * second), ("90s", 90 * second), ("1h30m", 5400 * second), ("1h 30m", 5400 * second),
    ("2d", 172_800 * second), ("1.5h", 5400 * second), ("1w", 604_800 * second), ("0.5m", 30 * second),
    ("1.25d", 108_000 * second), ("1d2h3m4s", 93_784 * second), ("1w1d", 691_200 * second),
    ("30m1h", 5400 * second), ("1.123456789s", 1_123_456_789), ("0.000000001s", 1),
    // Spaces and case.
    ("1 h 30 min", 5400 * second), ("8 m", 480 * second), ("8M", 480 * second), ("1H30M", 5400 * second),
    ("  8m  ", 480 * second), ("\t8m\n", 480 * second), ("2 Days 3 Hours", 183_600 * second),
    ("1 hours 30 minutes", 5400 * second), ("+8m", 480 * second), ("+ 8m", 480 * second),
    // Every unit spelling.
    ("2s", 2 * second), ("2sec", 2 * second), ("2secs", 2 * second), ("2second", 2 * second),
    ("2seconds", 2 * second), ("2m", 120 * second), ("2min", 120 * second), ("2mins", 120 * second),
    ("2minute", 120 * second), ("2minutes", 120 * second), ("2h", 7200 * second), ("2hr", 7200 * second),
    ("2hrs", 7200 * second), ("2hour", 7200 * second), ("2hours", 7200 * second), ("2d", 172_800 * second),
    ("2day", 172_800 * second), ("2days", 172_800 * second), ("2w", 1_209_600 * second),
    ("2week", 1_209_600 * second), ("2weeks", 1_209_600 * second),
    // Clock forms.
    ("1:30", 90 * second), ("0:05", 5 * second), ("0:01", second), ("59:59", 3599 * second),
    ("90:00", 5400 * second), ("01:02:03", 3723 * second), ("1:02:03", 3723 * second),
    ("100:00:00", 360_000 * second), (" 1:30 ", 90 * second),
    // The longest accepted, in several spellings.
    ("365d", 365 * 86_400 * second), ("52w", 364 * 86_400 * second), ("8760h", 365 * 86_400 * second),
    ("525600m", 365 * 86_400 * second), ("8760:00:00", 365 * 86_400 * second),
]

struct DurationParserTests {
    @Test(arguments: accepted)
    func accepts(text: String, nanoseconds: Int64) throws {
        #expect(try DurationParser.parse(text) == .nanoseconds(nanoseconds))
    }

    @Test(arguments: [
        "8x", "m8", "h", "1h30", "1.h", "1.", ".5", "1..5", "1.2.3", "1 2", "8 x", "eight minutes", "1,5h",
        "5ms", "++5m", "+-5m", "1h-30m", "1e3", "1.1234567890s", "٣m", "8m!", "1h,30m", "1 h and 30 min",
        "1:5", "1:30:", ":30", "1::30", "1:2:3:4", "a:bc", "1.5:00", "1:30.5", "1:030", "-", "+", "1 :30", "-8x", "- ",
    ])
    func refusesMalformed(text: String) {
        #expect(throws: TimeParseError("\"\(trimmed(text))\" is not a duration. \(forms)")) {
            try DurationParser.parse(text)
        }
    }

    @Test func malformedMessageMatchesTheDocumentedText() {
        #expect(throws: TimeParseError(
            "\"8x\" is not a duration. Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."
        )) { try DurationParser.parse("8x") }
    }

    @Test(arguments: ["", "   ", "\t"])
    func refusesNothing(text: String) {
        #expect(throws: TimeParseError("No duration was given. \(forms)")) { try DurationParser.parse(text) }
    }

    @Test(arguments: ["0", "0s", "0.0", "0:00", "00:00:00", "0h0m", "0 days", "+0", "-0"])
    func refusesZero(text: String) {
        #expect(throws: TimeParseError("A timer needs a duration longer than zero.")) { try DurationParser.parse(text) }
    }

    @Test(arguments: [("-5m", "5m"), ("-1h30m", "1h30m"), ("- 90", "90")])
    func refusesNegative(text: String, positive: String) {
        #expect(throws: TimeParseError("\"\(text)\" is negative; a timer needs a duration longer than zero, such as \(positive).")) {
            try DurationParser.parse(text)
        }
    }

    @Test(arguments: [
        ("1h1h", "hours"), ("1m 2min", "minutes"), ("1s2s", "seconds"), ("1d 1 day", "days"), ("1w2weeks", "weeks"),
    ])
    func refusesRepeatedUnits(text: String, unit: String) {
        #expect(throws: TimeParseError("\"\(text)\" gives the \(unit) twice; write each unit once, as in 1h30m.")) {
            try DurationParser.parse(text)
        }
    }

    @Test(arguments: [("1:75", "m:ss"), ("1:60", "m:ss"), ("1:60:00", "h:mm:ss"), ("01:02:60", "h:mm:ss")])
    func refusesClockFieldsOver59(text: String, shape: String) {
        #expect(throws: TimeParseError("\"\(text)\" is not a duration: in \(shape) the fields after the first must be below 60. \(forms)")) {
            try DurationParser.parse(text)
        }
    }

    @Test(arguments: [
        "400d", "366d", "365d1s", "365d 0.5s", "8761h", "53w", "31536001", "8760:00:01",
        "99999999999999999999999h", "9223372036854775807", "9223372036854775807w", "106751991167300d",
    ])
    func refusesMoreThanAYear(text: String) {
        #expect(throws: TimeParseError("\"\(text)\" is longer than a year; timers can run for at most 365 days.")) {
            try DurationParser.parse(text)
        }
    }

    @Test(arguments: signedAccepted)
    func acceptsSignedChanges(text: String, milliseconds: Int64) throws {
        #expect(try DurationParser.parseSigned(text) == .milliseconds(milliseconds))
    }

    @Test(arguments: ["+8x", "+-5m", "-+5m", "+", "-", "++5m", "+5m-", "5m+"])
    func refusesMalformedChanges(text: String) {
        let signedForms = "Use a sign and a duration, such as +5m, -30s or +1h30m; a value without a sign adds time."
        #expect(throws: TimeParseError("\"\(text)\" is not a duration. \(signedForms) \(forms)")) {
            try DurationParser.parseSigned(text)
        }
    }

    @Test(arguments: ["+0", "-0s", "0", "+0:00"])
    func refusesZeroChanges(text: String) {
        #expect(throws: TimeParseError("A change of zero does nothing; give a duration such as +5m or -5m.")) {
            try DurationParser.parseSigned(text)
        }
    }

    @Test(arguments: ["+400d", "-366d", "365d1s", "-99999999999999999999h"])
    func refusesChangesOverAYear(text: String) {
        #expect(throws: TimeParseError("\"\(text)\" is more than a year; a timer can be extended or shortened by at most 365 days.")) {
            try DurationParser.parseSigned(text)
        }
    }

    @Test func refusesAnEmptyChange() {
        #expect(throws: TimeParseError(
            "No change was given. Use a sign and a duration, such as +5m, -30s or +1h30m; a value without a sign adds time."
        )) { try DurationParser.parseSigned(" ") }
    }

    @Test(arguments: [DurationParser.longest])
    func longestIsAYear(longest: Duration) {
        #expect(longest == .seconds(365 * 86_400))
    }
}

/// The text without surrounding whitespace, as the parsers quote it.
private func trimmed(_ text: String) -> String {
    var rest = Substring(text)
    while rest.first?.isWhitespace == true { rest.removeFirst() }
    while rest.last?.isWhitespace == true { rest.removeLast() }
    return String(rest)
}
