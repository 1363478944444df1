import Protocol
import Testing

/// When a recurring deadline comes next: each rule, on the wall clock of real zones' rules,
/// across daylight-saving changes both ways, a 30-minute change and a day that never was.
@Suite struct RecurrenceTests {
    static let nineFiftyFive = TimeOfDay(hour: 9, minute: 55)

    static func rule(_ spec: String, _ time: TimeOfDay = nineFiftyFive) -> Recurrence {
        try! Recurrence.parse(spec, at: time)  // the specs below are valid: a mistake in the test traps
    }

    static func next(_ spec: String, after previous: String, now: String? = nil, _ calendar: LocalCalendar, at time: TimeOfDay = nineFiftyFive)
        -> String
    {
        RFC3339.format(rule(spec, time).next(after: instant(previous), now: instant(now ?? previous), calendar: calendar))
    }

    // MARK: Reading the rules

    @Test(arguments: [
        ("day", Recurrence.Rule.weekdays(Recurrence.everyDay)), ("daily", .weekdays(Recurrence.everyDay)),
        ("weekday", .weekdays(Recurrence.mondayToFriday)), ("Weekdays", .weekdays(Recurrence.mondayToFriday)),
        ("weekend", .weekdays(Recurrence.weekend)), ("mon,wed,fri", .weekdays([.monday, .wednesday, .friday])),
        ("Mon, Wed", .weekdays([.monday, .wednesday])), ("mon-fri", .weekdays(Recurrence.mondayToFriday)),
        ("fri-mon", .weekdays([.friday, .saturday, .sunday, .monday])), ("sat-sun,wed", .weekdays([.saturday, .sunday, .wednesday])),
        ("thursday", .weekdays([.thursday])), ("2h", .interval(.seconds(7200))), ("90m", .interval(.seconds(5400))),
        ("3d", .days(3)), ("1d", .days(1)), ("2s", .interval(.seconds(2))),
    ])
    func everySpecReads(spec: String, rule: Recurrence.Rule) throws {
        let every = try Recurrence.parse(spec, at: Self.nineFiftyFive)
        #expect(every.rule == rule)
        if case .interval = rule { #expect(every.time == nil) } else { #expect(every.time == Self.nineFiftyFive) }
    }

    @Test func aWrongRuleSaysWhatIsTaken() {
        #expect(throws: TimeParseError(
            "\"fortnight\" is not a rule for when it comes again: give day, weekday, weekend, days of the week such as mon,wed,fri or mon-fri, or an interval such as 2h or 3d.")) {
            try Recurrence.parse("fortnight", at: Self.nineFiftyFive)
        }
        #expect(throws: TimeParseError(
            "\"mon-frx\" is not a day of the week: write days as mon, tue, wed, thu, fri, sat, sun, separated by commas (mon,wed,fri) or as a range (mon-fri).")) {
            try Recurrence.parse("mon-frx", at: Self.nineFiftyFive)
        }
        #expect(throws: TimeParseError("An interval goes from 1s to 365 days; \"0.5s\" does not.")) {
            try Recurrence.parse("0.5s", at: Self.nineFiftyFive)
        }
        #expect(throws: TimeParseError.self) { try Recurrence.parse("400d", at: Self.nineFiftyFive) }
        #expect(throws: TimeParseError.self) { try Recurrence.parse("mon,,fri", at: Self.nineFiftyFive) }
    }

    @Test(arguments: [
        ("day", "daily at 09:55"), ("weekday", "weekdays at 09:55"), ("weekend", "weekends at 09:55"),
        ("fri,mon,wed", "mon,wed,fri at 09:55"), ("sun,sat,mon", "mon,sat,sun at 09:55"), ("3d", "every 3 days at 09:55"),
        ("1d", "daily at 09:55"), ("2h", "every 2h"),
    ])
    func aRuleIsShownAsPeopleSayIt(spec: String, summary: String) {
        #expect(Self.rule(spec).summary == summary)
    }

    @Test(arguments: ["day", "mon,thu", "3d", "90m"])
    func theWireObjectRoundTrips(spec: String) throws {
        var every = Self.rule(spec)
        every.freshChecklist = spec == "mon,thu"
        #expect(try Recurrence(json: every.json) == every)
        #expect(try Recurrence(json: JSONParser.parse(JSONWriter.string(every.json))) == every)
    }

    @Test func theWireObjectIsRefusedWithAnExample() {
        for bad: JSONValue in [
            ["weekdays": ["mon"]], ["weekdays": [], "time": "09:55"], ["days": 0, "time": "08:00"], ["seconds": 0],
            ["seconds": 60, "time": "08:00"], ["weekdays": ["mon"], "days": 2, "time": "08:00"], "daily", ["hours": 2],
        ] {
            #expect(throws: TimeParseError.self, "\(JSONWriter.string(bad))") { try Recurrence(json: bad) }
        }
        #expect(JSONWriter.string(Self.rule("mon,wed").json) == #"{"weekdays":["mon","wed"],"time":"09:55"}"#)
    }

    // MARK: Days of the week and days, on the wall clock

    @Test func aWeekdayRuleSkipsTheWeekend() {
        // Friday 4 December 2026, 09:55 in Berlin.
        #expect(Self.next("weekday", after: "2026-12-04T08:55:00Z", .berlin) == "2026-12-07T08:55:00.000Z")
        #expect(Self.next("weekend", after: "2026-12-04T08:55:00Z", .berlin) == "2026-12-05T08:55:00.000Z")
        #expect(Self.next("mon,wed,fri", after: "2026-12-07T08:55:00Z", .berlin) == "2026-12-09T08:55:00.000Z")
    }

    @Test func berlinStaysAt0955OnTheWallClockBothWays() {
        // Clocks go forward on 28 March 2027 and back on 31 October 2027.
        #expect(Self.next("day", after: "2027-03-27T08:55:00Z", .berlin) == "2027-03-28T07:55:00.000Z")
        #expect(Self.next("day", after: "2027-10-30T07:55:00Z", .berlin) == "2027-10-31T08:55:00.000Z")
        #expect(Self.next("3d", after: "2027-03-26T08:55:00Z", .berlin) == "2027-03-29T07:55:00.000Z")
    }

    @Test func newYorkStaysAt0955AcrossItsChanges() {
        // 14 March and 7 November 2027 are Sundays: Friday to Monday across each.
        #expect(Self.next("weekday", after: "2027-03-12T14:55:00Z", .newYork) == "2027-03-15T13:55:00.000Z")
        #expect(Self.next("weekday", after: "2027-11-05T13:55:00Z", .newYork) == "2027-11-08T14:55:00.000Z")
    }

    @Test func aTimeTheChangeSkipsMovesForwardByTheGapAndARepeatedOneComesOnce() {
        let twoThirty = TimeOfDay(hour: 2, minute: 30)
        // Berlin, 28 March 2027: 02:30 does not exist; 03:30 CEST, an hour on.
        #expect(Self.next("day", after: "2027-03-27T01:30:00Z", .berlin, at: twoThirty) == "2027-03-28T01:30:00.000Z")
        // 31 October 2027: 02:30 comes twice; the first (CEST), then the next day's.
        let first = Self.next("day", after: "2027-10-30T00:30:00Z", .berlin, at: twoThirty)
        #expect(first == "2027-10-31T00:30:00.000Z")
        #expect(Self.next("day", after: first, .berlin, at: twoThirty) == "2027-11-01T01:30:00.000Z")
    }

    @Test func lordHoweAndItsThirtyMinuteChange() {
        // 3 October 2027: 02:00 becomes 02:30 (+10:30 to +11:00).
        #expect(Self.next("day", after: "2027-10-01T22:30:00Z", .lordHowe, at: TimeOfDay(hour: 9, minute: 0))
            == "2027-10-02T22:00:00.000Z")
        // 02:15 does not exist that day: 02:45, the gap's 30 minutes on.
        #expect(Self.next("day", after: "2027-10-01T15:45:00Z", .lordHowe, at: TimeOfDay(hour: 2, minute: 15))
            == "2027-10-02T15:45:00.000Z")
        // 4 April 2027: 01:30 to 02:00 comes twice; 01:45 is the first of them (+11:00).
        #expect(Self.next("day", after: "2027-04-02T14:45:00Z", .lordHowe, at: TimeOfDay(hour: 1, minute: 45))
            == "2027-04-03T14:45:00.000Z")
    }

    @Test func samoaHadNo30December2011() {
        let noon = TimeOfDay(hour: 12, minute: 0)
        // 29 December 12:00 (-10): the next noon is 31 December's (+14), 24 hours later.
        let next = Self.next("day", after: "2011-12-29T22:00:00Z", .apia, at: noon)
        #expect(next == "2011-12-30T22:00:00.000Z")
        #expect(LocalCalendar.apia.local(instant(next)).description == "2011-12-31 12:00:00")
        #expect(Self.next("day", after: next, .apia, at: noon) == "2011-12-31T22:00:00.000Z")
        // A Friday rule: the Friday that never was moves forward by the gap, to Saturday noon.
        #expect(Self.next("fri", after: "2011-12-23T22:00:00Z", .apia, at: noon) == "2011-12-30T22:00:00.000Z")
    }

    // MARK: Intervals, missed occurrences, the first and a resumed one

    @Test func anIntervalCountsElapsedTimeAcrossAChange() {
        // 01:30 CET on 28 March 2027, plus two hours: 04:30 CEST.
        #expect(Self.next("2h", after: "2027-03-28T00:30:00Z", .berlin) == "2027-03-28T02:30:00.000Z")
    }

    @Test func missedOccurrencesGiveOneFiringAndTheRuleGoesOnFromNow() {
        // Away from Monday 7 to Monday 14 December 2026, back at noon: Tuesday's 09:55 is next.
        #expect(Self.next("weekday", after: "2026-12-07T08:55:00Z", now: "2026-12-14T11:00:00Z", .berlin) == "2026-12-15T08:55:00.000Z")
        #expect(Self.next("3d", after: "2026-12-07T08:55:00Z", now: "2026-12-14T11:00:00Z", .berlin) == "2026-12-16T08:55:00.000Z")
        #expect(Self.next("2h", after: "2026-12-07T08:00:00Z", now: "2026-12-14T11:00:00Z", .berlin) == "2026-12-14T12:00:00.000Z")
        // A year away costs no more than a week: the rule jumps, it does not walk.
        #expect(Self.next("day", after: "2026-12-07T08:55:00Z", now: "2027-12-07T11:00:00Z", .berlin) == "2027-12-08T08:55:00.000Z")
    }

    @Test func theFirstComesOnOneOfTheRulesDays() {
        let calendar = LocalCalendar.berlin
        // "until standup 9:55 --every weekday" typed on Saturday 5 December 2026: Monday.
        #expect(Self.rule("weekday").first(from: instant("2026-12-06T08:55:00Z"), calendar: calendar) == instant("2026-12-07T08:55:00Z"))
        #expect(Self.rule("day").first(from: instant("2026-12-06T08:55:00Z"), calendar: calendar) == instant("2026-12-06T08:55:00Z"))
    }

    @Test func aResumedRuleStartsAgainFromNow() {
        let calendar = LocalCalendar.berlin
        let saturday = instant("2026-12-05T09:00:00Z")
        #expect(Self.rule("weekday").resumed(at: saturday, calendar: calendar) == instant("2026-12-07T08:55:00Z"))
        #expect(Self.rule("day").resumed(at: instant("2026-12-05T08:00:00Z"), calendar: calendar) == instant("2026-12-05T08:55:00Z"))
        #expect(Self.rule("day").resumed(at: saturday, calendar: calendar) == instant("2026-12-06T08:55:00Z"))
        #expect(Self.rule("2h").resumed(at: saturday, calendar: calendar) == saturday + .seconds(7200))
    }
}
