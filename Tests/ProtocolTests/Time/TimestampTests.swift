import Testing
import Protocol

struct TimestampTests {
    @Test(arguments: [
        (Int64(0), Int64(0)), (1, 0), (999_999_999, 0), (1_000_000_000, 1),
        (-1, -1), (-999_999_999, -1), (-1_000_000_000, -1), (-1_000_000_001, -2),
    ])
    func secondsRoundTowardThePast(nanoseconds: Int64, seconds: Int64) {
        #expect(Timestamp(nanoseconds: nanoseconds).seconds == seconds)
    }

    @Test func arithmetic() {
        let t = instant("2026-11-30T18:42:00Z")
        #expect(t + .seconds(90) == instant("2026-11-30T18:43:30Z"))
        #expect(t - .milliseconds(500) == instant("2026-11-30T18:41:59.5Z"))
        #expect(instant("2026-12-01T00:00:00Z") - t == .seconds(5 * 3600 + 18 * 60))
        #expect(t < t + .nanoseconds(1))
    }

    @Test func descriptionIsRFC3339() {
        #expect(Timestamp(seconds: 1_796_064_120).description == "2026-11-30T18:42:00.000Z")
    }

    @Test(arguments: [
        (Duration.seconds(90), Int64(90_000_000_000)),
        (.milliseconds(-1500), -1_500_000_000),
        (.nanoseconds(-1), -1),
    ])
    func durationNanoseconds(duration: Duration, nanoseconds: Int64) {
        #expect(duration.nanoseconds == nanoseconds)
    }
}
