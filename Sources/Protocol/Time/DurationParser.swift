/// Reads the durations people type: `90`, `1.5`, `8m`, `1h30m`, `1 h 30 min`, `2d`, `1w`, `1:30`, `01:02:03`.
///
/// - A bare number is seconds (`90`, `1.5`).
/// - Unit forms are numbers (with an optional fraction) each followed by a unit,
///   optionally separated by spaces, each unit at most once: `s`/`sec`/`secs`/`second`/`seconds`,
///   `m`/`min`/`mins`/`minute`/`minutes`, `h`/`hr`/`hrs`/`hour`/`hours`, `d`/`day`/`days`,
///   `w`/`week`/`weeks`. Case does not matter.
/// - Clock forms are `m:ss` and `h:mm:ss`; every field after the first has two digits and is below 60.
///
/// Surrounding whitespace is ignored and a leading `+` is allowed (`+8m` is `8m`).
/// A timer runs for more than zero and at most 365 days; longer is taken for a typo.
public enum DurationParser {
    /// The longest duration accepted: 365 days.
    public static let longest: Duration = .seconds(365 * 86_400)

    static let forms = "Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."

    /// Parses a timer length. Refuses zero, negative values and anything over 365 days.
    public static func parse(_ text: String) throws(TimeParseError) -> Duration {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw TimeParseError("No duration was given. " + forms) }
        if trimmed.first == "-" {
            // Only call it negative when the rest is a duration, so that the
            // suggestion without the sign is one that works.
            let positive = trimmed.dropFirst().trimmingWhitespace
            guard try magnitude(positive, quoting: trimmed, forms: forms) > 0 else {
                throw TimeParseError("A timer needs a duration longer than zero.")
            }
            throw TimeParseError("\"\(trimmed)\" is negative; a timer needs a duration longer than zero, such as \(positive).")
        }
        // "+8m" means the same as "8m"; accepting it saves a round trip for people used to `extend`.
        let body = trimmed.first == "+" ? trimmed.dropFirst() : trimmed
        return try parseMagnitude(body, quoting: trimmed)
    }

    /// Parses a change to a running timer for `extend`: `+5m`, `-30s`, `+1h30m`.
    ///
    /// A value without a sign adds time. The same forms as `parse(_:)` follow the
    /// sign; the change must not be zero and at most 365 days either way.
    public static func parseSigned(_ text: String) throws(TimeParseError) -> Duration {
        let trimmed = text.trimmingWhitespace
        let signedForms = "Use a sign and a duration, such as +5m, -30s or +1h30m; a value without a sign adds time."
        guard !trimmed.isEmpty else { throw TimeParseError("No change was given. " + signedForms) }
        let negative = trimmed.first == "-"
        let body = trimmed.first == "+" || negative ? trimmed.dropFirst() : trimmed
        let nanoseconds = try magnitude(body, quoting: trimmed, forms: signedForms + " " + forms)
        guard nanoseconds > 0 else {
            throw TimeParseError("A change of zero does nothing; give a duration such as +5m or -5m.")
        }
        guard nanoseconds <= longest.nanoseconds else {
            throw TimeParseError("\"\(trimmed)\" is more than a year; a timer can be extended or shortened by at most 365 days.")
        }
        return .nanoseconds(negative ? -nanoseconds : nanoseconds)
    }

    /// Parses an unsigned duration and applies the timer-length limits, quoting
    /// `original` in messages. Shared with `DeadlineParser` for `+45m` and `in 45m`.
    static func parseMagnitude(_ body: Substring, quoting original: Substring) throws(TimeParseError) -> Duration {
        let nanoseconds = try magnitude(body, quoting: original, forms: forms)
        guard nanoseconds > 0 else { throw TimeParseError("A timer needs a duration longer than zero.") }
        guard nanoseconds <= longest.nanoseconds else {
            throw TimeParseError("\"\(original)\" is longer than a year; timers can run for at most 365 days.")
        }
        return .nanoseconds(nanoseconds)
    }

    /// The length `body` names in nanoseconds, saturating at `Int64.max` for
    /// absurd values (which the callers then refuse as too long).
    static func magnitude(_ body: Substring, quoting original: Substring, forms: String) throws(TimeParseError) -> Int64 {
        let text = body.trimmingWhitespace
        let malformed = TimeParseError("\"\(original)\" is not a duration. " + forms)
        guard !text.isEmpty else { throw malformed }
        if text.contains(":") {
            return try clockForm(text, quoting: original, forms: forms)
        }
        var scanner = ByteScanner(text)
        guard let bare = number(&scanner) else { throw malformed }
        if scanner.isAtEnd { return bare.nanoseconds(unitSeconds: 1) }

        // Unit form: the first number is already read.
        var total: Int64 = 0
        var seen: Set<Int64> = []
        var amount = bare
        while true {
            scanner.skipSpaces()
            let word = scanner.letters()
            guard let unitSeconds = unitTable[word] else { throw malformed }
            guard seen.insert(unitSeconds).inserted else {
                throw TimeParseError("\"\(original)\" gives the \(unitNames[unitSeconds]!) twice; write each unit once, as in 1h30m.")
            }
            total = saturatingAdd(total, amount.nanoseconds(unitSeconds: unitSeconds))
            scanner.skipSpaces()
            if scanner.isAtEnd { return total }
            guard let next = number(&scanner) else { throw malformed }
            amount = next
        }
    }

    /// `m:ss` or `h:mm:ss`.
    private static func clockForm(_ text: Substring, quoting original: Substring, forms: String) throws(TimeParseError) -> Int64 {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        let allDigits = fields.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(ByteScanner.isDigit) }
        guard (2...3).contains(fields.count), allDigits, fields.dropFirst().allSatisfy({ $0.count == 2 }) else {
            throw TimeParseError("\"\(original)\" is not a duration. " + forms)
        }
        let values = fields.map { ByteScanner.value(of: $0.utf8) }
        guard values.dropFirst().allSatisfy({ $0 < 60 }) else {
            let shape = fields.count == 2 ? "m:ss" : "h:mm:ss"
            throw TimeParseError("\"\(original)\" is not a duration: in \(shape) the fields after the first must be below 60. " + forms)
        }
        var seconds: Int64 = 0
        for value in values {
            seconds = saturatingAdd(saturatingMultiply(seconds, 60), Int64(value))
        }
        return saturatingMultiply(seconds, 1_000_000_000)
    }

    /// A decimal number as typed: whole part and up to nine fraction digits.
    private struct Amount {
        var whole: Int64
        /// The fraction scaled to nanoseconds-per-unit: `.5` is 500 000 000.
        var fraction: Int64

        func nanoseconds(unitSeconds: Int64) -> Int64 {
            // fraction < 1e9 and unitSeconds ≤ 604 800, so the product fits exactly.
            saturatingAdd(saturatingMultiply(whole, unitSeconds * 1_000_000_000), fraction * unitSeconds)
        }
    }

    /// Reads `digits [. digits]`, or nothing if the text does not start with a digit.
    private static func number(_ scanner: inout ByteScanner) -> Amount? {
        let start = scanner.index
        let whole = scanner.digits()
        guard !whole.isEmpty else { return nil }
        var fraction: Int64 = 0
        if scanner.consume(UInt8(ascii: ".")) {
            let digits = scanner.digits()
            guard (1...9).contains(digits.count) else {
                scanner.index = start
                return nil
            }
            fraction = Int64(ByteScanner.value(of: digits))
            for _ in digits.count..<9 { fraction *= 10 }
        }
        return Amount(whole: Int64(ByteScanner.value(of: whole)), fraction: fraction)
    }

    private static let unitTable: [String: Int64] = {
        var table: [String: Int64] = [:]
        for word in ["s", "sec", "secs", "second", "seconds"] { table[word] = 1 }
        for word in ["m", "min", "mins", "minute", "minutes"] { table[word] = 60 }
        for word in ["h", "hr", "hrs", "hour", "hours"] { table[word] = 3600 }
        for word in ["d", "day", "days"] { table[word] = 86_400 }
        for word in ["w", "week", "weeks"] { table[word] = 604_800 }
        return table
    }()

    private static let unitNames: [Int64: String] = [
        1: "seconds", 60: "minutes", 3600: "hours", 86_400: "days", 604_800: "weeks",
    ]
}

private func saturatingAdd(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
}

private func saturatingMultiply(_ a: Int64, _ b: Int64) -> Int64 {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
}
