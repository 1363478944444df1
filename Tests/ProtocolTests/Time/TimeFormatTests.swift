import Testing
import Protocol

struct TimeFormatTests {
    /// Countdowns round up: they show 0:00 only when the time is really up.
    @Test(arguments: [
        (Int64(0), "0:00"), (-5_000, "0:00"), (1, "0:01"), (200, "0:01"), (1000, "0:01"), (1001, "0:02"),
        (5000, "0:05"), (479_000, "7:59"), (479_200, "8:00"), (480_000, "8:00"), (3_599_000, "59:59"),
        (3_599_001, "1:00:00"), (3_600_000, "1:00:00"), (3_723_000, "1:02:03"), (86_399_000, "23:59:59"),
        (86_400_000, "1 day 00:00:00"), (93_784_000, "1 day 02:03:04"), (183_845_000, "2 days 03:04:05"),
        (31_536_000_000, "365 days 00:00:00"),
    ])
    func remaining(milliseconds: Int64, text: String) {
        #expect(TimeFormat.remaining(.milliseconds(milliseconds)) == text)
    }

    @Test func remainingRoundsUpFromOneNanosecond() {
        #expect(TimeFormat.remaining(.nanoseconds(1)) == "0:01")
        #expect(TimeFormat.remaining(.nanoseconds(-1)) == "0:00")
        #expect(TimeFormat.remaining(.seconds(60) + .nanoseconds(1)) == "1:01")
    }

    @Test(arguments: [
        (Int64(0), "0s"), (1, "1s"), (200, "1s"), (1400, "1s"), (1500, "2s"), (59_499, "59s"), (59_500, "1m"),
        (480_000, "8m"), (90_000, "1m30s"), (390_000, "6m30s"), (5_400_000, "1h30m"), (3_600_000, "1h"),
        (3_601_000, "1h1s"), (172_800_000, "2d"), (93_600_000, "1d2h"), (86_405_000, "1d5s"),
        (93_784_000, "1d2h3m4s"), (604_800_000, "7d"), (31_536_000_000, "365d"),
        (-300_000, "-5m"), (-1, "-1s"), (-93_784_000, "-1d2h3m4s"),
    ])
    func compact(milliseconds: Int64, text: String) {
        #expect(TimeFormat.compact(.milliseconds(milliseconds)) == text)
    }

    @Test func compactHandlesTheExtremes() {
        #expect(TimeFormat.compact(.nanoseconds(Int64.min)) == "-106751d23h47m17s")
        #expect(TimeFormat.compact(.nanoseconds(Int64.max)) == "106751d23h47m17s")
    }

    /// Whatever `compact` writes, `DurationParser` reads back as the same length.
    @Test func compactReadsBack() throws {
        let samples = Array(1...7200) + Array(stride(from: 7200, through: 365 * 86_400, by: 3607))
        for seconds in samples {
            let text = TimeFormat.compact(.seconds(seconds))
            #expect(try DurationParser.parse(text) == .seconds(seconds), "\(seconds) s → \(text)")
        }
    }

    @Test(arguments: [
        (Int64(-5_000), "just now"), (0, "just now"), (999, "just now"), (1000, "1 s ago"), (5000, "5 s ago"),
        (59_999, "59 s ago"), (60_000, "1 min ago"), (180_000, "3 min ago"), (3_599_999, "59 min ago"),
        (3_600_000, "1 h ago"), (4_800_000, "1 h 20 min ago"), (7_200_000, "2 h ago"), (7_259_000, "2 h ago"),
        (86_399_000, "23 h 59 min ago"), (86_400_000, "1 day ago"), (172_799_000, "1 day ago"),
        (259_200_000, "3 days ago"), (31_536_000_000, "365 days ago"),
    ])
    func ago(milliseconds: Int64, text: String) {
        #expect(TimeFormat.ago(.milliseconds(milliseconds)) == text)
    }

    /// The largest two units, rounded down, with no zero unit after the first.
    @Test(arguments: [
        (Int64(-5_000), "0 seconds", "0 s"), (0, "0 seconds", "0 s"), (999, "0 seconds", "0 s"),
        (1000, "1 second", "1 s"), (45_000, "45 seconds", "45 s"), (59_999, "59 seconds", "59 s"),
        (60_000, "1 minute", "1 min"), (61_000, "1 minute 1 second", "1 min 1 s"),
        (600_000, "10 minutes", "10 min"), (630_500, "10 minutes 30 seconds", "10 min 30 s"),
        (3_600_000, "1 hour", "1 h"), (3_630_000, "1 hour", "1 h"), (3_661_000, "1 hour 1 minute", "1 h 1 min"),
        (5_400_000, "1 hour 30 minutes", "1 h 30 min"), (7_200_000, "2 hours", "2 h"),
        (86_399_000, "23 hours 59 minutes", "23 h 59 min"), (86_400_000, "1 day", "1 day"),
        (86_460_000, "1 day", "1 day"), (90_000_000, "1 day 1 hour", "1 day 1 h"),
        (183_600_000, "2 days 3 hours", "2 days 3 h"), (172_800_000, "2 days", "2 days"),
        (31_536_000_000, "365 days", "365 days"),
    ])
    func words(milliseconds: Int64, long: String, short: String) {
        #expect(TimeFormat.words(.milliseconds(milliseconds)) == long)
        #expect(TimeFormat.words(.milliseconds(milliseconds), short: true) == short)
    }

    /// In Berlin, with now Monday 30 November 2026 10:00 (09:00 UTC).
    @Test(arguments: [
        ("2026-11-30T17:42:00Z", "18:42"),
        ("2026-11-30T09:00:00Z", "10:00"),
        ("2026-11-29T23:00:00Z", "00:00"),
        ("2026-11-30T22:59:59Z", "23:59"),
        ("2026-11-30T23:30:00Z", "Tue 00:30"),
        ("2026-12-01T08:00:00Z", "Tue 09:00"),
        ("2026-12-06T08:00:00Z", "Sun 09:00"),
        ("2026-12-07T08:00:00Z", "Dec 7 09:00"),
        ("2026-12-24T17:00:00Z", "Dec 24 18:00"),
        ("2027-07-01T16:42:00Z", "Jul 1 18:42"),
        ("2027-11-29T08:00:00Z", "Nov 29 09:00"),
        ("2027-11-30T08:00:00Z", "2027-11-30 09:00"),
        ("2027-12-24T17:00:00Z", "2027-12-24 18:00"),
        // The past, in the same style.
        ("2026-11-29T16:00:00Z", "Sun 17:00"),
        ("2026-11-29T22:59:00Z", "Sun 23:59"),
        ("2026-11-24T08:00:00Z", "Tue 09:00"),
        ("2026-11-23T08:00:00Z", "Nov 23 09:00"),
        ("2025-12-01T08:00:00Z", "Dec 1 09:00"),
        ("2025-11-30T08:00:00Z", "2025-11-30 09:00"),
    ])
    func clock(at utc: String, text: String) {
        let now = instant("2026-11-30T09:00:00Z")
        #expect(TimeFormat.clock(instant(utc), now: now, calendar: .berlin) == text)
    }

    @Test func clockFollowsTheLocalDayNotUTC() {
        // 23:30 in New York on Monday is already Tuesday in UTC.
        let now = instant("2026-11-30T15:00:00Z")
        #expect(TimeFormat.clock(instant("2026-12-01T04:30:00Z"), now: now, calendar: .newYork) == "23:30")
        #expect(TimeFormat.clock(instant("2026-12-01T04:30:00Z"), now: now, calendar: .utc) == "Tue 04:30")
    }

    @Test(arguments: [
        ("2026-11-29T17:00:00Z", false, "Sun 29 Nov 18:00"),
        ("2026-11-29T17:00:30Z", false, "Sun 29 Nov 18:00:30"),
        ("2026-11-29T17:00:00Z", true, "Sun 29 Nov 2026 18:00"),
        ("2026-12-31T23:00:00Z", false, "Fri 1 Jan 00:00"),
        ("2026-07-04T10:05:00Z", false, "Sat 4 Jul 12:05"),
        ("2028-02-29T11:00:00Z", true, "Tue 29 Feb 2028 12:00"),
    ])
    func date(at utc: String, showingYear: Bool, text: String) {
        #expect(TimeFormat.date(instant(utc), calendar: .berlin, showingYear: showingYear) == text)
    }
}
