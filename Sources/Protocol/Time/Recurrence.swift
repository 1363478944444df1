/// How a deadline comes again once it has fired (`until … --every SPEC`, `alarm … --days`).
///
/// Days of the week and whole days count on the wall clock, at a time of day: a 9:55 stand-up
/// stays at 9:55 across a daylight-saving change, and a time the change skips that day moves
/// forward by the gap, as a one-off deadline's does (`LocalCalendar`). Other intervals count
/// elapsed time from the occurrence before.
public struct Recurrence: Sendable, Equatable {
    public enum Rule: Sendable, Equatable {
        /// On these days of the week, at `time`.
        case weekdays(Set<Weekday>)
        /// Every so many days, at `time`.
        case days(Int)
        /// Every so long after the occurrence before.
        case interval(Duration)
    }

    public var rule: Rule
    /// The time of day of `weekdays` and `days`; nil for `interval`.
    public var time: TimeOfDay?
    /// Its checklist starts each occurrence with no item ticked (`--fresh-todo`). Not by
    /// default: ticks are the user's work, and a rule should not undo it unasked.
    public var freshChecklist: Bool

    public init(_ rule: Rule, at time: TimeOfDay?, freshChecklist: Bool = false) {
        self.rule = rule
        self.freshChecklist = freshChecklist
        if case .interval = rule { self.time = nil } else { self.time = time }
    }

    public static let everyDay = Set(Weekday.allCases)
    public static let mondayToFriday: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public static let weekend: Set<Weekday> = [.saturday, .sunday]
    /// The longest gap between two occurrences: a year, as for a countdown.
    public static let maxDays = 365
    /// The shortest: a second, as for a countdown (the notifications' flood guard folds the rest).
    public static let minInterval: Duration = .seconds(1)

    /// The first occurrence at or after `at`: `at` itself, unless the rule leaves out its day;
    /// then the rule's time on the next day it includes.
    public func first(from at: Timestamp, calendar: LocalCalendar) -> Timestamp {
        guard case .weekdays(let days) = rule, let time else { return at }
        var date = calendar.local(at).date
        guard !days.contains(date.weekday) else { return at }
        for _ in 0..<7 {
            date = date.adding(days: 1)
            if days.contains(date.weekday) { return calendar.timestamp(time.on(date)) }
        }
        return at
    }

    /// Where the rule starts again when its deadline is resumed at `now`: today at its time if
    /// that is still to come (on one of its days), else its next day; an interval from now.
    public func resumed(at now: Timestamp, calendar: LocalCalendar) -> Timestamp {
        guard let time else {
            if case .interval(let length) = rule { return now + length }
            return now
        }
        let today = calendar.local(now).date
        let todays = calendar.timestamp(time.on(today))
        if case .weekdays(let days) = rule {
            if todays > now && days.contains(today.weekday) { return todays }
            return next(after: todays, now: now, calendar: calendar)
        }
        return todays > now ? todays : calendar.timestamp(time.on(today.adding(days: 1)))
    }

    /// The occurrence after one due at `previous`: the first strictly after both it and `now`.
    /// After occurrences missed (timerd was not running, the computer slept) that is the next
    /// still to come, so a week away gives one firing, not seven.
    public func next(after previous: Timestamp, now: Timestamp, calendar: LocalCalendar) -> Timestamp {
        let floor = max(previous, now)
        switch rule {
        case .interval(let length):
            let step = max(length.nanoseconds, 1)
            let steps = floor == previous ? 1 : (now.nanoseconds - previous.nanoseconds) / step + 1
            return Timestamp(nanoseconds: previous.nanoseconds + steps * step)
        case .days(let n):
            let time = time ?? Self.timeOfDay(previous, calendar)
            var date = calendar.local(previous).date.adding(days: n)
            let today = calendar.local(now).date
            if date < today {
                // Straight to the last occurrence on or before today, never day by day.
                date = date.adding(days: (today.daysSinceEpoch - date.daysSinceEpoch) / n * n)
            }
            while true {
                let t = calendar.timestamp(time.on(date))
                if t > floor { return t }
                date = date.adding(days: n)
            }
        case .weekdays(let days):
            let time = time ?? Self.timeOfDay(previous, calendar)
            var date = max(calendar.local(previous).date.adding(days: 1), calendar.local(now).date)
            // Two weeks always hold one: the loop ends even where a day is skipped (Samoa, 2011).
            for _ in 0..<15 {
                if days.contains(date.weekday) {
                    let t = calendar.timestamp(time.on(date))
                    if t > floor { return t }
                }
                date = date.adding(days: 1)
            }
            return floor + .seconds(86_400)
        }
    }

    /// The rule as `ls` shows it after ↻: `daily`, `weekdays`, `weekends`, `mon,wed,fri`,
    /// `every 3 days`, `every 2h`.
    public var label: String {
        switch rule {
        case .weekdays(let days) where days == Self.everyDay: "daily"
        case .weekdays(let days) where days == Self.mondayToFriday: "weekdays"
        case .weekdays(let days) where days == Self.weekend: "weekends"
        case .weekdays(let days):
            // Monday first, as people list a week.
            Weekday.allCases.sorted { ($0.rawValue + 6) % 7 < ($1.rawValue + 6) % 7 }.filter(days.contains)
                .map { $0.abbreviation.lowercased() }.joined(separator: ",")
        case .days(let n): n == 1 ? "daily" : "every \(n) days"
        case .interval(let length): "every \(TimeFormat.compact(length))"
        }
    }

    /// The rule with its time: `weekdays at 09:55`, `every 2h`.
    public var summary: String {
        time.map { "\(label) at \($0)" } ?? label
    }

    private static func timeOfDay(_ t: Timestamp, _ calendar: LocalCalendar) -> TimeOfDay {
        calendar.local(t).timeOfDay
    }
}
