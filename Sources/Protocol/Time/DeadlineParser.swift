/// Reads the deadlines people type and resolves them to an instant, in local time.
///
/// Accepted forms (case and extra spaces do not matter):
/// - A time of day: `17:00`, `17:00:30`, `9:05`, `5pm`, `5 pm`, `5:30pm`, `12am` (00:00),
///   `12pm` and `noon` (12:00): the next time the clock shows it, today if that is
///   still ahead, otherwise tomorrow.
/// - `midnight` and `eod`: the end of today, which is the next 00:00.
/// - `today 17:00`, `tomorrow 9:00`, `tomorrow 5pm`, `tomorrow noon`.
/// - A weekday, short or long, with a time: `fri 17:00`, `Friday 5pm`: the next such
///   day at that time; today if it is that day and the time is still ahead.
/// - `next fri 17:00` is explained, not guessed: it names both Fridays it could mean.
/// - `tonight 21:00`, `tonight 9:00` (an hour before noon is read as the evening's): today.
/// - A date with or without a time: `2026-12-24 18:00`, `2026-12-24T18:00`,
///   `2026-12-24 6pm`; a date alone means 00:00 at the start of that day. Or with the
///   month's name: `dec 24 18:00`, `24 dec`, `24 december 2027 9:00`: this year's, or next
///   year's once this year's has gone by.
/// - RFC 3339 with an offset: `2026-12-24T18:00:00+01:00`, `2026-12-24T17:00:00Z`.
/// - Relative: `+45m`, `in 45m`, `+1h30m`, with any form `DurationParser` reads.
///
/// Times are on the wall clock of the calendar's zone, so `tomorrow 9:00` is 9:00
/// even when the night in between is 23 or 25 hours long. A time the clock skips
/// moves forward by the gap (see `LocalCalendar`); a time the clock shows twice
/// is its first pass, or its second when the first has gone by.
///
/// The result must be strictly after `now` and at most about ten years (3653 days) ahead.
public enum DeadlineParser {
    /// How far ahead a deadline may be: ten years, leap days included.
    public static let furthest: Duration = .seconds(3653 * 86_400)

    static let forms = "Use forms like 17:00, 5pm, tomorrow 9:00, fri 17:00, 2026-12-24 18:00, midnight, +45m."

    /// Resolves `text` against `now` on `calendar`'s wall clock.
    public static func parse(_ text: String, now: Timestamp, calendar: LocalCalendar) throws(TimeParseError) -> Timestamp {
        try read(Context(original: text.trimmingWhitespace, now: now, calendar: calendar))
    }

    /// A deadline as read: its instant, and when the time asked for is one the clock skips or
    /// shows twice that day, what was done about it, so that the user can be told.
    public struct Resolution: Sendable, Equatable {
        public var instant: Timestamp
        public var clockChange: ClockChange?
    }

    /// A time asked for on a day the clocks change.
    public enum ClockChange: Sendable, Equatable {
        /// The clock jumps over `asked` (spring forward): the deadline is `set`, as far after.
        case skipped(asked: LocalDateTime, set: LocalDateTime)
        /// The clock shows `asked` twice (fall back): the first time, or the `second` when
        /// the first has gone by.
        case repeated(asked: LocalDateTime, second: Bool)
    }

    /// `parse`, saying also whether the time asked for fell in a clock change.
    public static func resolve(_ text: String, now: Timestamp, calendar: LocalCalendar) throws(TimeParseError) -> Resolution {
        let context = Context(original: text.trimmingWhitespace, now: now, calendar: calendar)
        let instant = try read(context)
        // Only a reading of the wall clock can fall in a change (not `+45m` nor RFC 3339).
        guard let asked = context.reading else { return Resolution(instant: instant) }
        let occurrences = calendar.occurrences(asked)
        if occurrences.count == 2, occurrences.contains(instant) {
            return Resolution(instant: instant, clockChange: .repeated(asked: asked, second: instant == occurrences[1]))
        }
        let set = calendar.local(instant)
        if occurrences.count == 1, calendar.local(occurrences[0]) != asked, set != asked {
            return Resolution(instant: instant, clockChange: .skipped(asked: asked, set: set))
        }
        return Resolution(instant: instant)
    }

    private static func read(_ context: Context) throws(TimeParseError) -> Timestamp {
        let original = context.original
        let (now, calendar) = (context.now, context.calendar)
        guard !original.isEmpty else { throw TimeParseError("No deadline was given. " + forms) }
        let words = original.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)

        if original.first == "+" {
            return now + (try DurationParser.parseMagnitude(original.dropFirst(), quoting: original))
        }
        if words[0] == "in" && words.count > 1 {
            let duration = words.dropFirst().joined(separator: " ")
            return now + (try DurationParser.parseMagnitude(Substring(duration), quoting: original))
        }
        if let instant = RFC3339.parse(original) {
            return try context.ahead(instant)
        }

        var tokens = words
        // "2026-12-24T18:00" (lower-cased by now): the date and time are one word.
        if let first = tokens.first, first.utf8.count > 11, isDateShaped(first.prefix(10)),
            first.dropFirst(10).first == "t"
        {
            tokens.replaceSubrange(0..<1, with: [String(first.prefix(10)), String(first.dropFirst(11))])
        }
        let head = tokens[0]
        let rest = tokens.dropFirst().joined(separator: " ")
        let today = calendar.local(now).date

        if head == "midnight" || head == "eod" {
            guard tokens.count == 1 else { throw context.unknown }
            return context.timestamp(LocalDateTime(date: today.adding(days: 1)))
        }
        if head == "today" {
            let time = try context.requiredTime(rest, example: "today 17:00")
            return try context.ahead(context.firstOccurrence(of: time.on(today), after: now) ?? context.timestamp(time.on(today)))
        }
        if head == "yesterday" || tokens.last == "ago" {
            throw TimeParseError(
                "\"\(original)\" is in the past: a deadline must be ahead of now. For a time still to come, "
                    + "write it as \"tomorrow 9:00\" or \"fri 17:00\".")
        }
        if head == "tonight" {
            var time = try context.requiredTime(rest, example: "tonight 21:00")
            // "tonight 9:00" is nine in the evening.
            if (1...11).contains(time.hour) { time.hour += 12 }
            return try context.ahead(context.firstOccurrence(of: time.on(today), after: now) ?? context.timestamp(time.on(today)))
        }
        if head == "next", tokens.count > 1, let weekday = weekdays[tokens[1]] {
            // "Next Friday" is this coming one to some and the one after to others: say both.
            let timeText = tokens.dropFirst(2).joined(separator: " ")
            let time = try context.requiredTime(timeText, example: "\(original) 17:00")
            let ahead = today.weekday.days(until: weekday)
            let coming = today.adding(days: ahead == 0 ? 7 : ahead)
            let after = coming.adding(days: 7)
            func named(_ date: CivilDate) -> String { "\(date.monthAbbreviation.lowercased()) \(date.day) \(time)" }
            throw TimeParseError(
                "\"\(original)\" could mean \(weekday.abbreviation) \(coming.day) \(coming.monthAbbreviation) or the week after, "
                    + "\(weekday.abbreviation) \(after.day) \(after.monthAbbreviation): write \"\(named(coming))\" or \"\(named(after))\".")
        }
        if let named = try context.monthDate(tokens, today: today) { return named }
        if head == "tomorrow" {
            let time = try context.requiredTime(rest, example: "tomorrow 9:00")
            return try context.ahead(context.timestamp(time.on(today.adding(days: 1))))
        }
        if let weekday = weekdays[head] {
            let time = try context.requiredTime(rest, example: "\(original) 17:00")
            let day = today.adding(days: today.weekday.days(until: weekday))
            if let instant = context.firstOccurrence(of: time.on(day), after: now) { return instant }
            return context.timestamp(time.on(day.adding(days: 7)))
        }
        if isDateShaped(head) {
            return try context.date(head, time: rest, today: today)
        }
        switch TimeOfDay.read(tokens.joined(separator: " ")) {
        case .time(let time):
            if let instant = context.firstOccurrence(of: time.on(today), after: now) { return instant }
            return context.timestamp(time.on(today.adding(days: 1)))
        case .outOfRange(let reason):
            throw context.badTime(reason)
        case .notATime:
            throw context.unknown
        }
    }

    /// The input and the clock, for building results and messages. A class, local to one
    /// parse, so that it can note the wall-clock reading the deadline was made from.
    private final class Context {
        let original: Substring
        let now: Timestamp
        let calendar: LocalCalendar
        /// The last wall-clock reading turned into an instant: the one the result came from.
        var reading: LocalDateTime?

        init(original: Substring, now: Timestamp, calendar: LocalCalendar) {
            self.original = original
            self.now = now
            self.calendar = calendar
        }

        /// `calendar.timestamp`, noting the reading.
        func timestamp(_ local: LocalDateTime) -> Timestamp {
            reading = local
            return calendar.timestamp(local)
        }

        /// `calendar.firstOccurrence`, noting the reading.
        func firstOccurrence(of local: LocalDateTime, after now: Timestamp) -> Timestamp? {
            reading = local
            return calendar.firstOccurrence(of: local, after: now)
        }

        var unknown: TimeParseError { TimeParseError("\"\(original)\" is not a deadline. " + DeadlineParser.forms) }

        func badTime(_ reason: String) -> TimeParseError {
            TimeParseError("\"\(original)\" does not have a valid time of day: \(reason). " + DeadlineParser.forms)
        }

        /// The time of day after a day word; a day alone is refused rather than
        /// guessed at, since 00:00 of that day is rarely what anyone means.
        func requiredTime(_ text: String, example: String) throws(TimeParseError) -> TimeOfDay {
            guard !text.isEmpty else {
                throw TimeParseError("\"\(original)\" needs a time of day, such as \"\(example)\".")
            }
            switch TimeOfDay.read(text) {
            case .time(let time): return time
            case .outOfRange(let reason): throw badTime(reason)
            case .notATime: throw unknown
            }
        }

        /// `YYYY-MM-DD` with an optional time; 00:00 when there is none.
        func date(_ word: String, time text: String, today: CivilDate) throws(TimeParseError) -> Timestamp {
            let fields = word.split(separator: "-").map { ByteScanner.value(of: $0.utf8) }
            let (year, month, day) = (fields[0], fields[1], fields[2])
            guard (1...12).contains(month) else {
                throw TimeParseError("\"\(original)\" has no valid date: months go from 01 to 12. Write dates as YYYY-MM-DD, such as 2026-12-24.")
            }
            guard CivilDate.isValid(year: year, month: month, day: day) else {
                let length = CivilDate.daysInMonth(year: year, month: month)
                let name = CivilDate(year: year, month: month, day: 1).monthAbbreviation
                throw TimeParseError("\"\(original)\" has no valid date: \(name) \(year) has \(length) days. Write dates as YYYY-MM-DD, such as 2026-12-24.")
            }
            let time = try text.isEmpty ? TimeOfDay(hour: 0, minute: 0, second: 0) : requiredTime(text, example: "")
            // Years far from now are refused before conversion, which only
            // works within the range of Timestamp.
            if year > today.year + 11 {
                // Still within what an instant holds: say which date it read.
                throw tooFar(year <= 2200 ? calendar.timestamp(time.on(CivilDate(year: year, month: month, day: day))) : nil)
            }
            if year < today.year - 100 { throw past(nil) }
            let local = time.on(CivilDate(year: year, month: month, day: day))
            return try ahead(firstOccurrence(of: local, after: now) ?? timestamp(local))
        }

        /// `dec 24 18:00`, `24 dec`, `24 december 2027 9:00`: nil when the words do not begin
        /// with a month's name and a day.
        func monthDate(_ tokens: [String], today: CivilDate) throws(TimeParseError) -> Timestamp? {
            guard tokens.count >= 2 else { return nil }
            let month: Int
            let dayWord: String
            if let m = DeadlineParser.months[tokens[0]] {
                (month, dayWord) = (m, tokens[1])
            } else if let m = DeadlineParser.months[tokens[1]] {
                (month, dayWord) = (m, tokens[0])
            } else {
                return nil
            }
            var digits = Substring(dayWord)
            for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
            guard let day = Int(digits), (1...31).contains(day) else { return nil }
            var rest = Array(tokens.dropFirst(2))
            var year: Int?
            if let first = rest.first, first.count == 4, let y = Int(first) {
                year = y
                rest.removeFirst()
            }
            let y = year ?? today.year
            guard CivilDate.isValid(year: y, month: month, day: day) else {
                let name = CivilDate(year: y, month: month, day: 1).monthAbbreviation
                throw TimeParseError(
                    "\"\(original)\" has no valid date: \(name) \(y) has \(CivilDate.daysInMonth(year: y, month: month)) days.")
            }
            let word = "\(y)-\(zeroPadded(month, width: 2))-\(zeroPadded(day, width: 2))"
            let time = rest.joined(separator: " ")
            if year != nil { return try date(word, time: time, today: today) }
            // No year: this year's, unless it has gone by; then next year's.
            do {
                return try date(word, time: time, today: today)
            } catch {
                guard CivilDate.isValid(year: y + 1, month: month, day: day) else { throw error }
                return try date("\(y + 1)-\(zeroPadded(month, width: 2))-\(zeroPadded(day, width: 2))", time: time, today: today)
            }
        }

        /// `instant`, unless it is not strictly after `now` or is too far ahead.
        func ahead(_ instant: Timestamp) throws(TimeParseError) -> Timestamp {
            guard instant > now else { throw past(instant) }
            guard instant - now <= DeadlineParser.furthest else { throw tooFar(instant) }
            return instant
        }

        /// `"2026-11-29 18:00" (Sun 29 Nov 18:00) is in the past; …`
        func past(_ instant: Timestamp?) -> TimeParseError {
            guard let instant else {
                return TimeParseError("\"\(original)\" is in the past; give a time that is still ahead, such as \"tomorrow 9:00\".")
            }
            let time = calendar.local(instant).timeOfDay
            let what = instant == now ? "is now, not ahead" : "is in the past"
            return TimeParseError("\"\(original)\" (\(describe(instant))) \(what); give a time that is still ahead, such as \"tomorrow \(time.description)\".")
        }

        func tooFar(_ instant: Timestamp?) -> TimeParseError {
            let resolved = instant.map { " (\(describe($0)))" } ?? ""
            return TimeParseError("\"\(original)\"\(resolved) is more than 10 years ahead; give a deadline within the next 10 years.")
        }

        /// The resolved time as in `Sun 29 Nov 18:00`, with the year when it is not this year.
        private func describe(_ instant: Timestamp) -> String {
            let otherYear = calendar.local(instant).date.year != calendar.local(now).date.year
            return TimeFormat.date(instant, calendar: calendar, showingYear: otherYear)
        }
    }

    /// `dddd-dd-dd`; whether the numbers make a date is checked later, so that a
    /// mistyped date gets a message about the date rather than a list of forms.
    private static func isDateShaped(_ word: some StringProtocol) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : ByteScanner.isDigit(byte)
        }
    }

    static let months: [String: Int] = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4, "may": 5,
        "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9,
        "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
    ]

    static let weekdays: [String: Weekday] = [
        "sun": .sunday, "sunday": .sunday,
        "mon": .monday, "monday": .monday,
        "tue": .tuesday, "tues": .tuesday, "tuesday": .tuesday,
        "wed": .wednesday, "wednesday": .wednesday,
        "thu": .thursday, "thur": .thursday, "thurs": .thursday, "thursday": .thursday,
        "fri": .friday, "friday": .friday,
        "sat": .saturday, "saturday": .saturday,
    ]
}
