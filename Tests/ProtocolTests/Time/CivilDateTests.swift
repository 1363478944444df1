import Testing
import Protocol

struct CivilDateTests {
    /// Day counts cross-checked with `date -u -d … +%s` divided by 86 400.
    @Test(arguments: [
        (1970, 1, 1, 0),
        (1969, 12, 31, -1),
        (2000, 2, 29, 11_016),
        (1900, 1, 1, -25_567),
        (2200, 12, 31, 84_370),
        (2026, 11, 30, 20_787),
        (2026, 3, 29, 20_541),
        (1600, 3, 1, -135_080),
        (0, 3, 1, -719_468),
    ])
    func knownDayCounts(year: Int, month: Int, day: Int, days: Int) {
        let date = CivilDate(year: year, month: month, day: day)
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
    }

    /// Every day from 1900 through 2200 against a naive day-by-day walk of the calendar.
    @Test func everyDayFrom1900To2200RoundTrips() {
        var (year, month, day) = (1900, 1, 1)
        var weekday = Weekday.monday
        let first = CivilDate(year: 1900, month: 1, day: 1).daysSinceEpoch
        let last = CivilDate(year: 2200, month: 12, day: 31).daysSinceEpoch
        var failures = 0
        for days in first...last {
            let date = CivilDate(daysSinceEpoch: days)
            if date.year != year || date.month != month || date.day != day || date.daysSinceEpoch != days
                || date.weekday != weekday
            {
                failures += 1
                if failures < 5 { Issue.record("day \(days): got \(date) \(date.weekday), expected \(year)-\(month)-\(day) \(weekday)") }
            }
            day += 1
            if day > naiveMonthLength(year: year, month: month) {
                day = 1
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                }
            }
            weekday = Weekday(rawValue: (weekday.rawValue + 1) % 7)!
        }
        #expect(failures == 0)
    }

    @Test(arguments: [-1_000_000, -719_469, -146_097, -1, 0, 1, 146_097, 10_000_000, 100_000_000])
    func farDaysRoundTrip(days: Int) {
        #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
    }

    @Test(arguments: [
        (1970, 1, 1, Weekday.thursday),
        (1969, 12, 31, .wednesday),
        (1900, 1, 1, .monday),
        (2000, 1, 1, .saturday),
        (2000, 2, 29, .tuesday),
        (2024, 2, 29, .thursday),
        (2026, 11, 29, .sunday),
        (2026, 11, 30, .monday),
        (2026, 12, 24, .thursday),
        (2100, 3, 1, .monday),
        (2200, 12, 31, .wednesday),
    ])
    func knownWeekdays(year: Int, month: Int, day: Int, weekday: Weekday) {
        #expect(CivilDate(year: year, month: month, day: day).weekday == weekday)
    }

    @Test(arguments: [
        (2000, true), (2100, false), (1900, false), (2400, true), (2024, true), (2026, false), (2028, true),
    ])
    func leapYears(year: Int, isLeap: Bool) {
        #expect(CivilDate.isLeapYear(year) == isLeap)
        #expect(CivilDate.daysInMonth(year: year, month: 2) == (isLeap ? 29 : 28))
        #expect(CivilDate.isValid(year: year, month: 2, day: 29) == isLeap)
        let march1 = CivilDate(year: year, month: 3, day: 1)
        #expect(march1.adding(days: -1).day == (isLeap ? 29 : 28))
    }

    @Test(arguments: [
        (2026, 2, 30, false), (2026, 4, 31, false), (2026, 4, 30, true), (2026, 0, 1, false),
        (2026, 13, 1, false), (2026, 1, 0, false), (2026, 1, 31, true), (2026, 12, 32, false),
    ])
    func validity(year: Int, month: Int, day: Int, valid: Bool) {
        #expect(CivilDate.isValid(year: year, month: month, day: day) == valid)
    }

    @Test(arguments: [
        ("2024-02-28", 1, "2024-02-29"),
        ("2024-02-28", 2, "2024-03-01"),
        ("2026-12-31", 1, "2027-01-01"),
        ("2026-03-01", -1, "2026-02-28"),
        ("2026-01-01", -1, "2025-12-31"),
        ("2026-11-27", 7, "2026-12-04"),
        ("2026-11-27", 365, "2027-11-27"),
        ("2027-11-27", 366, "2028-11-27"),
        ("2026-11-27", 0, "2026-11-27"),
    ])
    func addingDays(start: String, days: Int, expected: String) {
        #expect(date(start).adding(days: days).description == expected)
    }

    @Test func ordering() {
        let dates = ["1999-12-31", "2000-01-01", "2000-01-02", "2000-02-01", "2001-01-01"].map(date)
        #expect(dates == dates.shuffled().sorted())
        #expect(date("2026-11-30") > date("2026-11-29"))
    }

    @Test(arguments: [
        (CivilDate(year: 2026, month: 12, day: 24), "2026-12-24", "Dec"),
        (CivilDate(year: 99, month: 1, day: 2), "0099-01-02", "Jan"),
        (CivilDate(year: 2026, month: 5, day: 9), "2026-05-09", "May"),
    ])
    func description(date: CivilDate, text: String, month: String) {
        #expect(date.description == text)
        #expect(date.monthAbbreviation == month)
    }

    @Test func weekdayNamesAndDistances() {
        #expect(Weekday.allCases.map(\.abbreviation) == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(Weekday.friday.name == "friday")
        #expect(Weekday.friday.days(until: .friday) == 0)
        #expect(Weekday.friday.days(until: .saturday) == 1)
        #expect(Weekday.friday.days(until: .thursday) == 6)
        #expect(Weekday.sunday.days(until: .saturday) == 6)
    }

    @Test func localDateTimeDescriptionAndOrder() {
        let day = CivilDate(year: 2026, month: 12, day: 24)
        let evening = LocalDateTime(date: day, hour: 18, minute: 5, second: 7)
        #expect(evening.description == "2026-12-24 18:05:07")
        #expect(LocalDateTime(date: day, nanosecond: 5).description == "2026-12-24 00:00:00.000000005")
        #expect(LocalDateTime(date: day) < evening)
        #expect(evening < LocalDateTime(date: day.adding(days: 1)))
        #expect(LocalDateTime(date: day, hour: 18, minute: 5, second: 7, nanosecond: 1) > evening)
    }
}

/// Month lengths written out longhand, independent of `CivilDate`.
private func naiveMonthLength(year: Int, month: Int) -> Int {
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    return month == 2 && leap ? 29 : lengths[month - 1]
}
