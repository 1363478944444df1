import Testing
@testable import Protocol

struct LocalCalendarTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", "1970-01-01 00:00:00"),
        ("2026-11-30T18:42:00.123Z", "2026-11-30 18:42:00.123000000"),
        ("1969-12-31T23:59:59.999999999Z", "1969-12-31 23:59:59.999999999"),
        ("1900-01-01T00:00:00Z", "1900-01-01 00:00:00"),
        ("2200-12-31T23:59:59Z", "2200-12-31 23:59:59"),
    ])
    func utcLocalTime(utc: String, local: String) {
        let calendar = LocalCalendar.utc
        #expect(calendar.local(instant(utc)).description == local)
        #expect(calendar.timestamp(calendar.local(instant(utc))) == instant(utc))
    }

    @Test func oneNanosecondBeforeTheEpoch() {
        let local = LocalCalendar.utc.local(Timestamp(nanoseconds: -1))
        #expect(local.description == "1969-12-31 23:59:59.999999999")
    }

    @Test(arguments: [
        // Berlin: standard +1, summer +2.
        ("berlin", "2026-01-15T11:00:00Z", "2026-01-15 12:00:00"),
        ("berlin", "2026-07-15T10:00:00Z", "2026-07-15 12:00:00"),
        ("berlin", "2026-03-29T00:59:59Z", "2026-03-29 01:59:59"),
        ("berlin", "2026-03-29T01:00:00Z", "2026-03-29 03:00:00"),
        ("berlin", "2026-10-25T00:59:59Z", "2026-10-25 02:59:59"),
        ("berlin", "2026-10-25T01:00:00Z", "2026-10-25 02:00:00"),
        ("berlin", "2026-12-31T23:30:00Z", "2027-01-01 00:30:00"),
        // New York: standard -5, daylight -4.
        ("newYork", "2026-03-08T06:59:59Z", "2026-03-08 01:59:59"),
        ("newYork", "2026-03-08T07:00:00Z", "2026-03-08 03:00:00"),
        ("newYork", "2026-11-01T05:59:59Z", "2026-11-01 01:59:59"),
        ("newYork", "2026-11-01T06:00:00Z", "2026-11-01 01:00:00"),
        ("newYork", "2027-01-01T04:59:59Z", "2026-12-31 23:59:59"),
    ])
    func localTimeAcrossTransitions(zone: String, utc: String, local: String) {
        #expect(calendar(zone).local(instant(utc)).description == local)
    }

    /// Every quarter hour of 2026 converts to local time and back: to the same
    /// instant, or in an overlap's second pass to the first pass an hour earlier.
    @Test(arguments: ["berlin", "newYork"])
    func everyQuarterHourOf2026RoundTrips(zone: String) {
        let calendar = calendar(zone)
        var t = instant("2026-01-01T00:00:00Z")
        let end = instant("2027-01-01T00:00:00Z")
        var secondPasses = 0
        var failures = 0
        while t < end {
            let local = calendar.local(t)
            let back = calendar.timestamp(local)
            if back == t - .seconds(3600) && calendar.local(back) == local {
                secondPasses += 1
            } else if back != t {
                failures += 1
                if failures < 5 { Issue.record("\(t) → \(local) → \(back)") }
            }
            t = t + .seconds(900)
        }
        #expect(failures == 0)
        #expect(secondPasses == 4)  // 02:00, 02:15, 02:30, 02:45 (Berlin) or 01:xx (New York)
    }

    /// Readings in the spring-forward gap move forward by the gap's size.
    @Test(arguments: [
        ("berlin", "2026-03-29 02:00:00", "2026-03-29T01:00:00.000Z"),  // shows 03:00 CEST
        ("berlin", "2026-03-29 02:30:00", "2026-03-29T01:30:00.000Z"),  // shows 03:30 CEST
        ("berlin", "2026-03-29 02:59:59", "2026-03-29T01:59:59.000Z"),
        ("berlin", "2026-03-29 01:59:59", "2026-03-29T00:59:59.000Z"),  // before the gap
        ("berlin", "2026-03-29 03:00:00", "2026-03-29T01:00:00.000Z"),  // after the gap
        ("newYork", "2026-03-08 02:30:00", "2026-03-08T07:30:00.000Z"),  // shows 03:30 EDT
        ("newYork", "2026-03-08 02:00:00", "2026-03-08T07:00:00.000Z"),
        ("newYork", "2026-03-08 03:00:00", "2026-03-08T07:00:00.000Z"),
    ])
    func gap(zone: String, local: String, utc: String) {
        let calendar = calendar(zone)
        let t = calendar.timestamp(localDateTime(local))
        #expect(RFC3339.format(t) == utc)
        #expect(calendar.occurrences(localDateTime(local)).count == 1)
    }

    @Test func gapReadingShowsTheClockMovedForward() {
        let t = LocalCalendar.berlin.timestamp(localDateTime("2026-03-29 02:30:00"))
        #expect(LocalCalendar.berlin.local(t).description == "2026-03-29 03:30:00")
    }

    /// Readings in the fall-back overlap give the earlier instant.
    @Test(arguments: [
        ("berlin", "2026-10-25 02:00:00", "2026-10-25T00:00:00.000Z", "2026-10-25T01:00:00.000Z"),
        ("berlin", "2026-10-25 02:30:00", "2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"),
        ("berlin", "2026-10-25 02:59:59", "2026-10-25T00:59:59.000Z", "2026-10-25T01:59:59.000Z"),
        ("newYork", "2026-11-01 01:00:00", "2026-11-01T05:00:00.000Z", "2026-11-01T06:00:00.000Z"),
        ("newYork", "2026-11-01 01:30:00", "2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"),
    ])
    func overlap(zone: String, local: String, first: String, second: String) {
        let calendar = calendar(zone)
        #expect(RFC3339.format(calendar.timestamp(localDateTime(local))) == first)
        #expect(calendar.occurrences(localDateTime(local)).map(RFC3339.format) == [first, second])
        #expect(calendar.firstOccurrence(of: localDateTime(local), after: instant(first)).map(RFC3339.format) == second)
        #expect(calendar.firstOccurrence(of: localDateTime(local), after: instant(second)) == nil)
    }

    @Test(arguments: [
        ("berlin", "2026-10-25 01:59:59", "2026-10-24T23:59:59.000Z"),
        ("berlin", "2026-10-25 03:00:00", "2026-10-25T02:00:00.000Z"),
        ("newYork", "2026-11-01 00:59:59", "2026-11-01T04:59:59.000Z"),
        ("newYork", "2026-11-01 02:00:00", "2026-11-01T07:00:00.000Z"),
    ])
    func aroundTheOverlap(zone: String, local: String, utc: String) {
        #expect(RFC3339.format(calendar(zone).timestamp(localDateTime(local))) == utc)
    }

    @Test func nanosecondsSurviveConversion() {
        var local = localDateTime("2026-07-01 12:00:00")
        local.nanosecond = 123_456_789
        let t = LocalCalendar.berlin.timestamp(local)
        #expect(t.nanoseconds % 1_000_000_000 == 123_456_789)
        #expect(LocalCalendar.berlin.local(t) == local)
    }

    /// Samoa skipped 30 December 2011, moving from UTC-10 to UTC+14 at local
    /// midnight: a whole day is a gap, and readings in it move forward a day.
    @Test func samoaSkippedADay() {
        let calendar = LocalCalendar(
            zone: OneTransitionZone(instant: instant("2011-12-30T10:00:00Z").seconds, before: -36_000, after: 50_400))
        #expect(calendar.local(instant("2011-12-30T09:59:59Z")).description == "2011-12-29 23:59:59")
        #expect(calendar.local(instant("2011-12-30T10:00:00Z")).description == "2011-12-31 00:00:00")
        let noonOnTheLostDay = calendar.timestamp(localDateTime("2011-12-30 12:00:00"))
        #expect(calendar.local(noonOnTheLostDay).description == "2011-12-31 12:00:00")
        #expect(RFC3339.format(calendar.timestamp(localDateTime("2011-12-31 12:00:00"))) == "2011-12-30T22:00:00.000Z")
    }

    /// A zone whose clocks jump from 00:00 to 01:00 has no midnight that day.
    @Test func gapAtMidnight() {
        let calendar = LocalCalendar(
            zone: OneTransitionZone(instant: instant("2026-10-18T03:00:00Z").seconds, before: -10_800, after: -7200))
        let t = calendar.timestamp(localDateTime("2026-10-18 00:00:00"))
        #expect(calendar.local(t).description == "2026-10-18 01:00:00")
    }

    @Test(arguments: [20_700, -34_200, 50_400, -43_200])
    func oddFixedOffsetsRoundTrip(offset: Int) {
        let calendar = LocalCalendar(zone: FixedOffsetZone(seconds: offset))
        let t = instant("2026-11-30T18:42:00.5Z")
        #expect(calendar.timestamp(calendar.local(t)) == t)
        #expect(calendar.local(t).date.daysSinceEpoch * 86_400 + calendar.local(t).secondOfDay
            == Int(t.seconds) + offset)
    }
}
