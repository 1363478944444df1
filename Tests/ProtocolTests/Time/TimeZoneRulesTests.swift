import Testing
import Protocol

struct TimeZoneRulesTests {
    @Test(arguments: [0, 3600, -18_000, 20_700, -34_200, 50_400])
    func fixedOffsetNeverChanges(seconds: Int) {
        let zone = FixedOffsetZone(seconds: seconds)
        for instant: Int64 in [-2_208_988_800, -1, 0, 1_774_746_000, 7_289_568_000] {
            #expect(zone.utcOffset(atUnixSeconds: instant) == seconds)
        }
        #expect(FixedOffsetZone.utc.utcOffset(atUnixSeconds: 1_774_746_000) == 0)
    }

    /// The machine's zone is unknown to the test, so only check that its answers
    /// look like offsets. (Setting `TZ` here would race other tests.)
    @Test(arguments: [Int64(0), 1_774_746_000, 1_792_890_000, 1_796_064_120, 2_000_000_000])
    func systemZoneGivesPlausibleOffsets(instant: Int64) {
        let offset = SystemTimeZone().utcOffset(atUnixSeconds: instant)
        #expect(offset % 60 == 0)
        #expect(abs(offset) <= 14 * 3600)
    }

    /// Transitions of Europe/Berlin 2020–2030, from the tz database (via Python's zoneinfo):
    /// the test zone must agree, so that the DST tests elsewhere test real-world behaviour.
    @Test(arguments: [
        "2020-03-29T01:00:00Z", "2020-10-25T01:00:00Z", "2021-03-28T01:00:00Z", "2021-10-31T01:00:00Z",
        "2022-03-27T01:00:00Z", "2022-10-30T01:00:00Z", "2023-03-26T01:00:00Z", "2023-10-29T01:00:00Z",
        "2024-03-31T01:00:00Z", "2024-10-27T01:00:00Z", "2025-03-30T01:00:00Z", "2025-10-26T01:00:00Z",
        "2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z", "2027-03-28T01:00:00Z", "2027-10-31T01:00:00Z",
        "2028-03-26T01:00:00Z", "2028-10-29T01:00:00Z", "2029-03-25T01:00:00Z", "2029-10-28T01:00:00Z",
        "2030-03-31T01:00:00Z", "2030-10-27T01:00:00Z",
    ])
    func berlinTransitions(at text: String) {
        let zone = EURulesZone.berlin
        let at = instant(text).seconds
        let spring = text.contains("-03-")
        #expect(zone.utcOffset(atUnixSeconds: at - 1) == (spring ? 3600 : 7200))
        #expect(zone.utcOffset(atUnixSeconds: at) == (spring ? 7200 : 3600))
    }

    /// Transitions of America/New_York 2020–2030, from the tz database.
    @Test(arguments: [
        "2020-03-08T07:00:00Z", "2020-11-01T06:00:00Z", "2021-03-14T07:00:00Z", "2021-11-07T06:00:00Z",
        "2022-03-13T07:00:00Z", "2022-11-06T06:00:00Z", "2023-03-12T07:00:00Z", "2023-11-05T06:00:00Z",
        "2024-03-10T07:00:00Z", "2024-11-03T06:00:00Z", "2025-03-09T07:00:00Z", "2025-11-02T06:00:00Z",
        "2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z", "2027-03-14T07:00:00Z", "2027-11-07T06:00:00Z",
        "2028-03-12T07:00:00Z", "2028-11-05T06:00:00Z", "2029-03-11T07:00:00Z", "2029-11-04T06:00:00Z",
        "2030-03-10T07:00:00Z", "2030-11-03T06:00:00Z",
    ])
    func newYorkTransitions(at text: String) {
        let zone = USRulesZone.newYork
        let at = instant(text).seconds
        let spring = text.contains("-03-")
        #expect(zone.utcOffset(atUnixSeconds: at - 1) == (spring ? -18_000 : -14_400))
        #expect(zone.utcOffset(atUnixSeconds: at) == (spring ? -14_400 : -18_000))
    }

    @Test func testZonesAreStandardInWinterAndSummerInSummer() {
        #expect(EURulesZone.berlin.utcOffset(atUnixSeconds: instant("2026-01-15T12:00:00Z").seconds) == 3600)
        #expect(EURulesZone.berlin.utcOffset(atUnixSeconds: instant("2026-07-15T12:00:00Z").seconds) == 7200)
        #expect(USRulesZone.newYork.utcOffset(atUnixSeconds: instant("2026-01-15T12:00:00Z").seconds) == -18_000)
        #expect(USRulesZone.newYork.utcOffset(atUnixSeconds: instant("2026-07-15T12:00:00Z").seconds) == -14_400)
    }
}
