import Protocol
import Testing

@testable import timerctl

/// Time left as a bar shows it, and when it next reads otherwise.
@Suite struct BarTimeTests {
    static let texts: [(Double, String)] = [
        (0, "0:00"), (0.2, "0:01"), (1, "0:01"), (59.5, "1:00"), (462, "7:42"), (3599, "59:59"), (3599.2, "1h00m"),
        (3600, "1h00m"), (3900, "1h05m"), (3901, "1h06m"), (86_340, "23h59m"), (86_340.5, "1d 0h"), (86_400, "1d 0h"),
        (2 * 86_400 + 21 * 3600 + 10, "2d 22h"),
    ]

    @Test(arguments: texts)
    func text(seconds: Double, shown: String) {
        #expect(BarTime.text(.milliseconds(Int64(seconds * 1000))) == shown)
    }

    /// The wait ends exactly where the text changes: just before, it reads as now; at it, otherwise.
    static let lefts: [Double] = [0.2, 1, 1.5, 462, 3599, 3599.5, 3600, 3600.5, 3661, 86_340, 86_340.5, 86_399.5, 90_000, 200_000.25]

    @Test(arguments: lefts)
    func changesWhenTheTextDoes(seconds: Double) throws {
        let left = Duration.milliseconds(Int64(seconds * 1000))
        let wait = try #require(BarTime.untilChange(left))
        #expect(wait > .zero)
        #expect(BarTime.text(left - wait + .milliseconds(1)) == BarTime.text(left))
        #expect(BarTime.text(left - wait) != BarTime.text(left))
    }

    @Test func secondsTickEverySecondMinutesEveryMinuteHoursEveryHour() {
        #expect(BarTime.untilChange(.seconds(462)) == .seconds(1))
        #expect(BarTime.untilChange(.seconds(2 * 3600)) == .seconds(60))
        #expect(BarTime.untilChange(.seconds(3 * 86_400)) == .seconds(3600))
        // Into the last hour the text goes to seconds: the change comes at 59:59, not at 59m.
        #expect(BarTime.untilChange(.seconds(3600)) == .seconds(1))
        #expect(BarTime.untilChange(.zero) == nil)
    }
}
