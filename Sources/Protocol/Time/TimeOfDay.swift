/// A wall-clock time as people type it in a deadline: `17:00`, `17:00:30`, `9:05`,
/// `5pm`, `5 pm`, `5:30pm`, `12am`, `12pm`, `noon`.
public struct TimeOfDay: Hashable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    enum Reading: Equatable {
        case time(TimeOfDay)
        /// The text has the shape of a time but names none; the reason is a sentence fragment.
        case outOfRange(String)
        /// The text is not shaped like a time at all.
        case notATime
    }

    static let noon = TimeOfDay(hour: 12, minute: 0, second: 0)

    /// Reads the whole of `text` (lower or upper case; a space may come before am/pm).
    static func read(_ text: some StringProtocol) -> Reading {
        var scanner = ByteScanner(text)
        if scanner.consume(word: "noon") {
            return scanner.isAtEnd ? .time(noon) : .notATime
        }
        let hourDigits = scanner.digits()
        guard (1...2).contains(hourDigits.count) else { return .notATime }
        let hour = ByteScanner.value(of: hourDigits)
        var minute = 0
        var second = 0
        var hasMinutes = false
        if scanner.consume(UInt8(ascii: ":")) {
            guard let value = scanner.number(digits: 2) else { return .notATime }
            minute = value
            hasMinutes = true
            if scanner.consume(UInt8(ascii: ":")) {
                guard let value = scanner.number(digits: 2) else { return .notATime }
                second = value
            }
        }
        scanner.skipSpaces()
        let suffix = scanner.letters()
        guard scanner.isAtEnd, ["", "am", "pm"].contains(suffix) else { return .notATime }
        guard minute <= 59, second <= 59 else {
            return .outOfRange("minutes and seconds go from 00 to 59")
        }
        switch suffix {
        case "":
            // A bare "17" is more likely a duration or a typo than a time.
            guard hasMinutes else { return .notATime }
            guard hour <= 23 else { return .outOfRange("hours go from 0 to 23") }
            return .time(TimeOfDay(hour: hour, minute: minute, second: second))
        default:
            guard (1...12).contains(hour) else { return .outOfRange("with am or pm, hours go from 1 to 12") }
            // 12am is the start of the day and 12pm is noon.
            let base = hour == 12 ? 0 : hour
            return .time(TimeOfDay(hour: suffix == "am" ? base : base + 12, minute: minute, second: second))
        }
    }

    /// `17:00`, or `17:00:30` when there are seconds.
    public var description: String {
        let text = "\(zeroPadded(hour, width: 2)):\(zeroPadded(minute, width: 2))"
        return second == 0 ? text : text + ":\(zeroPadded(second, width: 2))"
    }

    public func on(_ date: CivilDate) -> LocalDateTime {
        LocalDateTime(date: date, hour: hour, minute: minute, second: second)
    }
}
