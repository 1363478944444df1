import Testing
import Protocol

private let forms = "Use forms like 17:00, 5pm, tomorrow 9:00, fri 17:00, 2026-12-24 18:00, midnight, +45m."
private let durationForms = "Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."

/// Friday 27 November 2026, 14:00 in Berlin.
private let fridayAfternoon = instant("2026-11-27T13:00:00Z")

/// Deadlines typed on Friday 27 November 2026 at 14:00 in Berlin, with the
/// instants they mean (worked out with Python's zoneinfo, not with this code).
private let fromFridayAfternoon: [(String, String)] = [
    ("17:00", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("13:00", "2026-11-28T12:00:00.000Z"),  // Sat 28 Nov 13:00
    ("14:00", "2026-11-28T13:00:00.000Z"),  // Sat 28 Nov 14:00
    ("14:00:01", "2026-11-27T13:00:01.000Z"),  // Fri 27 Nov 14:00:01
    ("17:00:30", "2026-11-27T16:00:30.000Z"),  // Fri 27 Nov 17:00:30
    ("9:05", "2026-11-28T08:05:00.000Z"),  // Sat 28 Nov 09:05
    ("09:05", "2026-11-28T08:05:00.000Z"),  // Sat 28 Nov 09:05
    ("23:59", "2026-11-27T22:59:00.000Z"),  // Fri 27 Nov 23:59
    ("0:00", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("00:00", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("5pm", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("5 pm", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("5PM", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("  5   pm  ", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("5:30pm", "2026-11-27T16:30:00.000Z"),  // Fri 27 Nov 17:30
    ("5:30 PM", "2026-11-27T16:30:00.000Z"),  // Fri 27 Nov 17:30
    ("9am", "2026-11-28T08:00:00.000Z"),  // Sat 28 Nov 09:00
    ("12am", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("12pm", "2026-11-28T11:00:00.000Z"),  // Sat 28 Nov 12:00
    ("12:30am", "2026-11-27T23:30:00.000Z"),  // Sat 28 Nov 00:30
    ("noon", "2026-11-28T11:00:00.000Z"),  // Sat 28 Nov 12:00
    ("Noon", "2026-11-28T11:00:00.000Z"),  // Sat 28 Nov 12:00
    ("midnight", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("eod", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("EOD", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("tomorrow 9:00", "2026-11-28T08:00:00.000Z"),  // Sat 28 Nov 09:00
    ("Tomorrow   9:00", "2026-11-28T08:00:00.000Z"),  // Sat 28 Nov 09:00
    ("tomorrow 5pm", "2026-11-28T16:00:00.000Z"),  // Sat 28 Nov 17:00
    ("tomorrow 5 pm", "2026-11-28T16:00:00.000Z"),  // Sat 28 Nov 17:00
    ("tomorrow noon", "2026-11-28T11:00:00.000Z"),  // Sat 28 Nov 12:00
    ("tomorrow 12am", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("tomorrow 13:00", "2026-11-28T12:00:00.000Z"),  // Sat 28 Nov 13:00
    ("today 17:00", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("today 5pm", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("fri 17:00", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("friday 5pm", "2026-11-27T16:00:00.000Z"),  // Fri 27 Nov 17:00
    ("Fri 14:00:01", "2026-11-27T13:00:01.000Z"),  // Fri 27 Nov 14:00:01
    ("fri 14:00", "2026-12-04T13:00:00.000Z"),  // Fri 04 Dec 14:00
    ("fri 13:00", "2026-12-04T12:00:00.000Z"),  // Fri 04 Dec 13:00
    ("sat 10:00", "2026-11-28T09:00:00.000Z"),  // Sat 28 Nov 10:00
    ("saturday noon", "2026-11-28T11:00:00.000Z"),  // Sat 28 Nov 12:00
    ("sun 9:00", "2026-11-29T08:00:00.000Z"),  // Sun 29 Nov 09:00
    ("mon 9:00", "2026-11-30T08:00:00.000Z"),  // Mon 30 Nov 09:00
    ("monday 9am", "2026-11-30T08:00:00.000Z"),  // Mon 30 Nov 09:00
    ("tue 9:00", "2026-12-01T08:00:00.000Z"),  // Tue 01 Dec 09:00
    ("tues 9:00", "2026-12-01T08:00:00.000Z"),  // Tue 01 Dec 09:00
    ("wed 9:00", "2026-12-02T08:00:00.000Z"),  // Wed 02 Dec 09:00
    ("wednesday 9:00", "2026-12-02T08:00:00.000Z"),  // Wed 02 Dec 09:00
    ("thu 9:00", "2026-12-03T08:00:00.000Z"),  // Thu 03 Dec 09:00
    ("thur 9:00", "2026-12-03T08:00:00.000Z"),  // Thu 03 Dec 09:00
    ("thurs 9:00", "2026-12-03T08:00:00.000Z"),  // Thu 03 Dec 09:00
    ("THURSDAY 9:00", "2026-12-03T08:00:00.000Z"),  // Thu 03 Dec 09:00
    ("2026-12-24 18:00", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("2026-12-24T18:00", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("2026-12-24t18:00", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("2026-12-24 6pm", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("2026-12-24 noon", "2026-12-24T11:00:00.000Z"),  // Thu 24 Dec 12:00
    ("2026-12-24 18:00:30", "2026-12-24T17:00:30.000Z"),  // Thu 24 Dec 18:00:30
    ("2026-12-24", "2026-12-23T23:00:00.000Z"),  // Thu 24 Dec 00:00
    ("2026-11-27 14:00:01", "2026-11-27T13:00:01.000Z"),  // Fri 27 Nov 14:00:01
    ("2026-11-28", "2026-11-27T23:00:00.000Z"),  // Sat 28 Nov 00:00
    ("2027-07-01 12:00", "2027-07-01T10:00:00.000Z"),  // Thu 01 Jul 12:00
    ("2036-11-26 14:00", "2036-11-26T13:00:00.000Z"),  // Wed 26 Nov 14:00
    ("2026-12-24T18:00:00+01:00", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("2026-12-24T17:00:00Z", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("2026-12-24 17:00:00z", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("2026-12-24T12:00:00-05:00", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("+45m", "2026-11-27T13:45:00.000Z"),  // Fri 27 Nov 14:45
    ("in 45m", "2026-11-27T13:45:00.000Z"),  // Fri 27 Nov 14:45
    ("In 45 min", "2026-11-27T13:45:00.000Z"),  // Fri 27 Nov 14:45
    ("+1h30m", "2026-11-27T14:30:00.000Z"),  // Fri 27 Nov 15:30
    ("+ 1h30m", "2026-11-27T14:30:00.000Z"),  // Fri 27 Nov 15:30
    ("in 1 h 30 min", "2026-11-27T14:30:00.000Z"),  // Fri 27 Nov 15:30
    ("+90", "2026-11-27T13:01:30.000Z"),  // Fri 27 Nov 14:01:30
    ("+1:30", "2026-11-27T13:01:30.000Z"),  // Fri 27 Nov 14:01:30
    ("in 2d", "2026-11-29T13:00:00.000Z"),  // Sun 29 Nov 14:00
    ("+365d", "2027-11-27T13:00:00.000Z"),  // Sat 27 Nov 14:00
    ("tonight 21:00", "2026-11-27T20:00:00.000Z"),  // Fri 27 Nov 21:00
    ("tonight 9:00", "2026-11-27T20:00:00.000Z"),  // Fri 27 Nov 21:00: the evening's
    ("tonight 9pm", "2026-11-27T20:00:00.000Z"),  // Fri 27 Nov 21:00
    ("dec 24 18:00", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("24 dec", "2026-12-23T23:00:00.000Z"),  // Thu 24 Dec 00:00
    ("24th December 6pm", "2026-12-24T17:00:00.000Z"),  // Thu 24 Dec 18:00
    ("nov 2 10:00", "2027-11-02T09:00:00.000Z"),  // Tue 02 Nov 2027: this year's has gone by
    ("jan 5 2027 9:00", "2027-01-05T08:00:00.000Z"),  // Tue 05 Jan 2027 09:00
]

/// Typed on Thursday 31 December 2026 at 23:30 in Berlin.
private let fromNewYearsEve: [(String, String)] = [
    ("0:15", "2026-12-31T23:15:00.000Z"),  // Fri 01 Jan 00:15
    ("23:45", "2026-12-31T22:45:00.000Z"),  // Thu 31 Dec 23:45
    ("midnight", "2026-12-31T23:00:00.000Z"),  // Fri 01 Jan 00:00
    ("tomorrow 9:00", "2027-01-01T08:00:00.000Z"),  // Fri 01 Jan 09:00
    ("fri 9:00", "2027-01-01T08:00:00.000Z"),  // Fri 01 Jan 09:00
    ("thu 9:00", "2027-01-07T08:00:00.000Z"),  // Thu 07 Jan 09:00
    ("thu 23:45", "2026-12-31T22:45:00.000Z"),  // Thu 31 Dec 23:45
    ("2027-01-01", "2026-12-31T23:00:00.000Z"),  // Fri 01 Jan 00:00
]

/// Typed on Monday 28 February 2028 (a leap year) at 10:00 in Berlin.
private let fromLeapFebruary: [(String, String)] = [
    ("tomorrow 9:00", "2028-02-29T08:00:00.000Z"),  // Tue 29 Feb 09:00
    ("tue 9:00", "2028-02-29T08:00:00.000Z"),  // Tue 29 Feb 09:00
    ("midnight", "2028-02-28T23:00:00.000Z"),  // Tue 29 Feb 00:00
    ("2028-02-29 12:00", "2028-02-29T11:00:00.000Z"),  // Tue 29 Feb 12:00
    ("2028-02-29", "2028-02-28T23:00:00.000Z"),  // Tue 29 Feb 00:00
]

/// Deadlines across daylight-saving transitions: zone, now, input, result (from zoneinfo).
private let acrossTransitions: [(String, String, String, String)] = [
    ("berlin", "2026-03-28T08:00:00.000Z", "tomorrow 9:00", "2026-03-29T07:00:00.000Z"),  // 23 h later
    ("berlin", "2026-03-28T08:00:00.000Z", "sun 9:00", "2026-03-29T07:00:00.000Z"),
    ("berlin", "2026-03-28T08:00:00.000Z", "tomorrow 2:30", "2026-03-29T01:30:00.000Z"),  // in the gap: 03:30 CEST
    ("berlin", "2026-03-28T08:00:00.000Z", "2026-03-29 02:30", "2026-03-29T01:30:00.000Z"),
    ("berlin", "2026-03-29T00:00:00.000Z", "2:30", "2026-03-29T01:30:00.000Z"),
    ("berlin", "2026-03-29T00:00:00.000Z", "today 2:30", "2026-03-29T01:30:00.000Z"),
    ("berlin", "2026-03-29T00:00:00.000Z", "3:30", "2026-03-29T01:30:00.000Z"),
    ("berlin", "2026-03-29T01:45:00.000Z", "2:30", "2026-03-30T00:30:00.000Z"),  // today's 02:30 (03:30) has gone
    ("berlin", "2026-10-24T07:00:00.000Z", "tomorrow 9:00", "2026-10-25T08:00:00.000Z"),  // 25 h later
    ("berlin", "2026-10-24T10:00:00.000Z", "2026-10-25 02:30", "2026-10-25T00:30:00.000Z"),  // overlap: first pass
    ("berlin", "2026-10-25T00:15:00.000Z", "2:30", "2026-10-25T00:30:00.000Z"),  // first pass still ahead
    ("berlin", "2026-10-25T00:45:00.000Z", "2:30", "2026-10-25T01:30:00.000Z"),  // first pass gone: the second
    ("berlin", "2026-10-25T00:45:00.000Z", "today 2:30", "2026-10-25T01:30:00.000Z"),
    ("berlin", "2026-10-25T00:45:00.000Z", "3:00", "2026-10-25T02:00:00.000Z"),
    ("newYork", "2026-03-07T14:00:00.000Z", "tomorrow 9:00", "2026-03-08T13:00:00.000Z"),  // 23 h later
    ("newYork", "2026-03-07T14:00:00.000Z", "tomorrow 2:30", "2026-03-08T07:30:00.000Z"),  // in the gap: 03:30 EDT
    ("newYork", "2026-10-31T13:00:00.000Z", "tomorrow 9:00", "2026-11-01T14:00:00.000Z"),  // 25 h later
    ("newYork", "2026-10-31T13:00:00.000Z", "tomorrow 1:30", "2026-11-01T05:30:00.000Z"),  // overlap: first pass
    ("newYork", "2026-11-01T05:45:00.000Z", "1:30", "2026-11-01T06:30:00.000Z"),  // first pass gone: the second
]

/// Refusals on Friday 27 November 2026 at 14:00 in Berlin, with their whole message.
private let refusals: [(String, String)] = [
    ("", "No deadline was given. \(forms)"),
    ("   ", "No deadline was given. \(forms)"),
    ("xyz", "\"xyz\" is not a deadline. \(forms)"),
    ("17", "\"17\" is not a deadline. \(forms)"),
    ("1700", "\"1700\" is not a deadline. \(forms)"),
    ("17h", "\"17h\" is not a deadline. \(forms)"),
    ("17.00", "\"17.00\" is not a deadline. \(forms)"),
    ("17:0", "\"17:0\" is not a deadline. \(forms)"),
    ("5p", "\"5p\" is not a deadline. \(forms)"),
    ("5:3pm", "\"5:3pm\" is not a deadline. \(forms)"),
    ("next fri 9:00", "\"next fri 9:00\" could mean Fri 4 Dec or the week after, Fri 11 Dec: write \"dec 4 09:00\" or \"dec 11 09:00\"."),
    ("17:00 tomorrow", "\"17:00 tomorrow\" is not a deadline. \(forms)"),
    ("tomorrow midnight", "\"tomorrow midnight\" is not a deadline. \(forms)"),
    ("midnight 5", "\"midnight 5\" is not a deadline. \(forms)"),
    ("fri fri 9:00", "\"fri fri 9:00\" is not a deadline. \(forms)"),
    ("2026-12-24 xyz", "\"2026-12-24 xyz\" is not a deadline. \(forms)"),
    ("in", "\"in\" is not a deadline. \(forms)"),
    ("-5m", "\"-5m\" is not a deadline. \(forms)"),
    ("tomorrow", "\"tomorrow\" needs a time of day, such as \"tomorrow 9:00\"."),
    ("today", "\"today\" needs a time of day, such as \"today 17:00\"."),
    ("Fri", "\"Fri\" needs a time of day, such as \"Fri 17:00\"."),
    ("friday", "\"friday\" needs a time of day, such as \"friday 17:00\"."),
    ("today 13:00", "\"today 13:00\" (Fri 27 Nov 13:00) is in the past; give a time that is still ahead, such as \"tomorrow 13:00\"."),
    ("today 1pm", "\"today 1pm\" (Fri 27 Nov 13:00) is in the past; give a time that is still ahead, such as \"tomorrow 13:00\"."),
    ("today 14:00", "\"today 14:00\" (Fri 27 Nov 14:00) is now, not ahead; give a time that is still ahead, such as \"tomorrow 14:00\"."),
    ("2026-11-27 14:00", "\"2026-11-27 14:00\" (Fri 27 Nov 14:00) is now, not ahead; give a time that is still ahead, such as \"tomorrow 14:00\"."),
    ("2026-11-27", "\"2026-11-27\" (Fri 27 Nov 00:00) is in the past; give a time that is still ahead, such as \"tomorrow 00:00\"."),
    ("2026-11-27 13:59:30", "\"2026-11-27 13:59:30\" (Fri 27 Nov 13:59:30) is in the past; give a time that is still ahead, such as \"tomorrow 13:59:30\"."),
    ("2025-12-24 18:00", "\"2025-12-24 18:00\" (Wed 24 Dec 2025 18:00) is in the past; give a time that is still ahead, such as \"tomorrow 18:00\"."),
    ("2020-01-01T00:00:00Z", "\"2020-01-01T00:00:00Z\" (Wed 1 Jan 2020 01:00) is in the past; give a time that is still ahead, such as \"tomorrow 01:00\"."),
    ("0001-01-01 12:00", "\"0001-01-01 12:00\" is in the past; give a time that is still ahead, such as \"tomorrow 9:00\"."),
    ("2037-01-01", "\"2037-01-01\" (Thu 1 Jan 2037 00:00) is more than 10 years ahead; give a deadline within the next 10 years."),
    ("2036-11-27 15:00", "\"2036-11-27 15:00\" (Thu 27 Nov 2036 15:00) is more than 10 years ahead; give a deadline within the next 10 years."),
    ("9999-01-01", "\"9999-01-01\" is more than 10 years ahead; give a deadline within the next 10 years."),
    ("25:00", "\"25:00\" does not have a valid time of day: hours go from 0 to 23. \(forms)"),
    ("today 99:00", "\"today 99:00\" does not have a valid time of day: hours go from 0 to 23. \(forms)"),
    ("2026-12-24 24:00", "\"2026-12-24 24:00\" does not have a valid time of day: hours go from 0 to 23. \(forms)"),
    ("17:60", "\"17:60\" does not have a valid time of day: minutes and seconds go from 00 to 59. \(forms)"),
    ("17:00:60", "\"17:00:60\" does not have a valid time of day: minutes and seconds go from 00 to 59. \(forms)"),
    ("13pm", "\"13pm\" does not have a valid time of day: with am or pm, hours go from 1 to 12. \(forms)"),
    ("0am", "\"0am\" does not have a valid time of day: with am or pm, hours go from 1 to 12. \(forms)"),
    ("17:00pm", "\"17:00pm\" does not have a valid time of day: with am or pm, hours go from 1 to 12. \(forms)"),
    ("fri 25:00", "\"fri 25:00\" does not have a valid time of day: hours go from 0 to 23. \(forms)"),
    ("tomorrow 13pm", "\"tomorrow 13pm\" does not have a valid time of day: with am or pm, hours go from 1 to 12. \(forms)"),
    ("2026-02-30", "\"2026-02-30\" has no valid date: Feb 2026 has 28 days. Write dates as YYYY-MM-DD, such as 2026-12-24."),
    ("2027-02-29 12:00", "\"2027-02-29 12:00\" has no valid date: Feb 2027 has 28 days. Write dates as YYYY-MM-DD, such as 2026-12-24."),
    ("2026-04-31", "\"2026-04-31\" has no valid date: Apr 2026 has 30 days. Write dates as YYYY-MM-DD, such as 2026-12-24."),
    ("2026-13-01", "\"2026-13-01\" has no valid date: months go from 01 to 12. Write dates as YYYY-MM-DD, such as 2026-12-24."),
    ("2026-00-10", "\"2026-00-10\" has no valid date: months go from 01 to 12. Write dates as YYYY-MM-DD, such as 2026-12-24."),
    ("+0m", "A timer needs a duration longer than zero."),
    ("in 0s", "A timer needs a duration longer than zero."),
    ("+400d", "\"+400d\" is longer than a year; timers can run for at most 365 days."),
    ("+8x", "\"+8x\" is not a duration. \(durationForms)"),
    ("yesterday", "\"yesterday\" is in the past: a deadline must be ahead of now. For a time still to come, write it as \"tomorrow 9:00\" or \"fri 17:00\"."),
    ("yesterday 9:00", "\"yesterday 9:00\" is in the past: a deadline must be ahead of now. For a time still to come, write it as \"tomorrow 9:00\" or \"fri 17:00\"."),
    ("next mon 9:00", "\"next mon 9:00\" could mean Mon 30 Nov or the week after, Mon 7 Dec: write \"nov 30 09:00\" or \"dec 7 09:00\"."),
    ("tonight", "\"tonight\" needs a time of day, such as \"tonight 21:00\"."),
    ("feb 30", "\"feb 30\" has no valid date: Feb 2026 has 28 days."),
    ("2040-01-01 00:00", "\"2040-01-01 00:00\" (Sun 1 Jan 2040 00:00) is more than 10 years ahead; give a deadline within the next 10 years."),
    ("+", "\"+\" is not a duration. \(durationForms)"),
    ("in xyz", "\"in xyz\" is not a duration. \(durationForms)"),
]

struct DeadlineParserTests {
    @Test(arguments: fromFridayAfternoon)
    func typedOnFridayAfternoon(text: String, utc: String) throws {
        let deadline = try DeadlineParser.parse(text, now: fridayAfternoon, calendar: .berlin)
        #expect(RFC3339.format(deadline) == utc)
    }

    @Test(arguments: fromNewYearsEve)
    func acrossTheYearBoundary(text: String, utc: String) throws {
        let deadline = try DeadlineParser.parse(text, now: instant("2026-12-31T22:30:00Z"), calendar: .berlin)
        #expect(RFC3339.format(deadline) == utc)
    }

    @Test(arguments: fromLeapFebruary)
    func intoFebruary29(text: String, utc: String) throws {
        let deadline = try DeadlineParser.parse(text, now: instant("2028-02-28T09:00:00Z"), calendar: .berlin)
        #expect(RFC3339.format(deadline) == utc)
    }

    @Test func outOfFebruary29() throws {
        let now = instant("2028-02-29T22:00:00Z")  // Tue 29 Feb 23:00
        #expect(RFC3339.format(try DeadlineParser.parse("midnight", now: now, calendar: .berlin)) == "2028-02-29T23:00:00.000Z")
        #expect(RFC3339.format(try DeadlineParser.parse("tomorrow 9:00", now: now, calendar: .berlin)) == "2028-03-01T08:00:00.000Z")
    }

    @Test(arguments: acrossTransitions)
    func acrossDaylightSavingTransitions(zone: String, now: String, text: String, utc: String) throws {
        let deadline = try DeadlineParser.parse(text, now: instant(now), calendar: calendar(zone))
        #expect(RFC3339.format(deadline) == utc)
    }

    /// Which readings fall in a clock change, and what was done: the same cases as above,
    /// with the change `resolve` reports (nil: none).
    @Test(arguments: [
        ("berlin", "2026-03-28T08:00:00Z", "tomorrow 2:30", "skipped 2026-03-29 02:30 -> 03:30"),
        ("berlin", "2026-03-28T08:00:00Z", "2026-03-29 02:30", "skipped 2026-03-29 02:30 -> 03:30"),
        ("berlin", "2026-03-28T08:00:00Z", "mar 29 2:59:59", "skipped 2026-03-29 02:59:59 -> 03:59:59"),
        ("berlin", "2026-03-29T00:00:00Z", "today 2:30", "skipped 2026-03-29 02:30 -> 03:30"),
        ("berlin", "2026-03-29T00:00:00Z", "3:30", "none"),
        ("berlin", "2026-03-29T00:00:00Z", "1:59", "none"),
        ("berlin", "2026-03-29T01:45:00Z", "2:30", "none"),  // tomorrow's 02:30 exists
        ("berlin", "2026-10-24T10:00:00Z", "2026-10-25 02:30", "repeated 2026-10-25 02:30 first"),
        ("berlin", "2026-10-25T00:15:00Z", "2:30", "repeated 2026-10-25 02:30 first"),
        ("berlin", "2026-10-25T00:45:00Z", "2:30", "repeated 2026-10-25 02:30 second"),
        ("berlin", "2026-10-25T00:45:00Z", "3:00", "none"),
        ("berlin", "2026-10-24T10:00:00Z", "+16h", "none"),
        ("berlin", "2026-10-24T10:00:00Z", "2026-10-25T02:30:00+02:00", "none"),
        ("newYork", "2026-03-07T14:00:00Z", "tomorrow 2:30", "skipped 2026-03-08 02:30 -> 03:30"),
        ("newYork", "2026-10-31T13:00:00Z", "sun 1:30", "repeated 2026-11-01 01:30 first"),
    ])
    func clockChangesAreReported(zone: String, now: String, text: String, change: String) throws {
        let resolution = try DeadlineParser.resolve(text, now: instant(now), calendar: calendar(zone))
        #expect(resolution.instant == (try DeadlineParser.parse(text, now: instant(now), calendar: calendar(zone))))
        func day(_ l: LocalDateTime) -> String { "\(l.date) \(l.timeOfDay)" }
        let described =
            switch resolution.clockChange {
            case nil: "none"
            case .skipped(let asked, let set)?: "skipped \(day(asked)) -> \(set.timeOfDay)"
            case .repeated(let asked, let second)?: "repeated \(day(asked)) \(second ? "second" : "first")"
            }
        #expect(described == change, "\(text)")
    }

    /// `tomorrow 9:00` at 9:00 is a wall-clock day away: 23 or 25 hours across a transition.
    @Test(arguments: [
        ("berlin", "2026-03-28T08:00:00Z", 23), ("berlin", "2026-10-24T07:00:00Z", 25),
        ("berlin", "2026-06-01T07:00:00Z", 24), ("newYork", "2026-03-07T14:00:00Z", 23),
        ("newYork", "2026-10-31T13:00:00Z", 25), ("newYork", "2026-06-01T13:00:00Z", 24),
    ])
    func tomorrowIsOneWallClockDayAway(zone: String, now: String, hours: Int) throws {
        let deadline = try DeadlineParser.parse("tomorrow 9:00", now: instant(now), calendar: calendar(zone))
        #expect(deadline - instant(now) == .seconds(hours * 3600))
    }

    /// `midnight` on the day of a transition ends a 23- or 25-hour day.
    @Test(arguments: [
        ("berlin", "2026-03-29T08:00:00Z", "2026-03-28T23:00:00Z", 23),
        ("berlin", "2026-10-25T09:00:00Z", "2026-10-24T22:00:00Z", 25),
        ("newYork", "2026-03-08T14:00:00Z", "2026-03-08T05:00:00Z", 23),
        ("newYork", "2026-11-01T15:00:00Z", "2026-11-01T04:00:00Z", 25),
    ])
    func midnightEndsAShortOrLongDay(zone: String, now: String, startOfDay: String, hours: Int) throws {
        let calendar = calendar(zone)
        let end = try DeadlineParser.parse("midnight", now: instant(now), calendar: calendar)
        #expect(end - instant(startOfDay) == .seconds(hours * 3600))
        #expect(calendar.local(end).hour == 0 && calendar.local(end).minute == 0)
        #expect(try DeadlineParser.parse("eod", now: instant(now), calendar: calendar) == end)
    }

    @Test func midnightAtMidnightIsADayLater() throws {
        let now = instant("2026-11-26T23:00:00Z")  // Fri 27 Nov 00:00 in Berlin
        #expect(RFC3339.format(try DeadlineParser.parse("midnight", now: now, calendar: .berlin)) == "2026-11-27T23:00:00.000Z")
    }

    /// A time of day equal to now means tomorrow; a second later means today.
    @Test func exactlyNow() throws {
        let now = instant("2026-11-27T16:00:00Z")  // Fri 17:00 in Berlin
        #expect(RFC3339.format(try DeadlineParser.parse("17:00", now: now, calendar: .berlin)) == "2026-11-28T16:00:00.000Z")
        #expect(RFC3339.format(try DeadlineParser.parse("5pm", now: now, calendar: .berlin)) == "2026-11-28T16:00:00.000Z")
        #expect(RFC3339.format(try DeadlineParser.parse("17:00:01", now: now, calendar: .berlin)) == "2026-11-27T16:00:01.000Z")
        let justBefore = now - .nanoseconds(1)
        #expect(RFC3339.format(try DeadlineParser.parse("17:00", now: justBefore, calendar: .berlin)) == "2026-11-27T16:00:00.000Z")
    }

    /// `fri 17:00` on a Friday: today before 17:00, a week later from 17:00 on.
    @Test(arguments: [
        ("2026-11-27T15:59:59Z", "2026-11-27T16:00:00.000Z"),
        ("2026-11-27T16:00:00Z", "2026-12-04T16:00:00.000Z"),
        ("2026-11-27T18:00:00Z", "2026-12-04T16:00:00.000Z"),
        ("2026-11-26T23:00:00Z", "2026-11-27T16:00:00.000Z"),  // Friday 00:00
        ("2026-11-26T22:59:59Z", "2026-11-27T16:00:00.000Z"),  // Thursday 23:59:59
        ("2026-11-27T22:59:59Z", "2026-12-04T16:00:00.000Z"),  // Friday 23:59:59
    ])
    func fridayOnAFriday(now: String, utc: String) throws {
        let deadline = try DeadlineParser.parse("fri 17:00", now: instant(now), calendar: .berlin)
        #expect(RFC3339.format(deadline) == utc)
    }

    @Test(arguments: refusals)
    func refuses(text: String, message: String) {
        #expect(throws: TimeParseError(message)) {
            try DeadlineParser.parse(text, now: fridayAfternoon, calendar: .berlin)
        }
    }

    /// The example from the documentation, verbatim.
    @Test func pastDateMessage() {
        let mondayMorning = instant("2026-11-30T09:00:00Z")
        #expect(throws: TimeParseError(
            "\"2026-11-29 18:00\" (Sun 29 Nov 18:00) is in the past; give a time that is still ahead, such as \"tomorrow 18:00\"."
        )) { try DeadlineParser.parse("2026-11-29 18:00", now: mondayMorning, calendar: .berlin) }
    }

    @Test func furthestIsTenYears() throws {
        #expect(DeadlineParser.furthest == .seconds(3653 * 86_400))
        let limit = fridayAfternoon + DeadlineParser.furthest
        #expect(try DeadlineParser.parse(RFC3339.format(limit), now: fridayAfternoon, calendar: .utc) == limit)
        #expect(throws: TimeParseError.self) {
            try DeadlineParser.parse(RFC3339.format(limit + .seconds(1)), now: fridayAfternoon, calendar: .utc)
        }
    }

    /// Every weekday name, from every day of one week, lands 0 to 6 days ahead on that weekday.
    @Test(arguments: Weekday.allCases)
    func everyWeekdayFromEveryDay(today: Weekday) throws {
        let sunday = instant("2026-11-29T11:00:00Z")  // Sun 12:00 in Berlin
        let now = sunday + .seconds(today.rawValue * 86_400)
        for target in Weekday.allCases {
            for name in [target.abbreviation, target.name] {
                let deadline = try DeadlineParser.parse("\(name) 18:00", now: now, calendar: .berlin)
                let local = LocalCalendar.berlin.local(deadline)
                #expect(local.date.weekday == target)
                #expect(local.hour == 18 && local.minute == 0)
                #expect(deadline > now && deadline - now < .seconds(7 * 86_400))
            }
        }
    }
}
