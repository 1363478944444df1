import Testing
import Protocol

/// Durations and instants as they go on the wire.
@Suite struct WireTimeTests: ReadsRequests {
    @Test(arguments: [
        (Duration.seconds(480), JSONValue.integer(480)),
        (.zero, .integer(0)),
        (.milliseconds(1500), .number(1.5)),
        (.seconds(-60), .integer(-60)),
        (.milliseconds(-1500), .number(-1.5)),
        (.nanoseconds(1_234_567_890), .number(1.235)),
        (.nanoseconds(999_999_999), .integer(1)),
        (.nanoseconds(400_000), .integer(0)),
        (.nanoseconds(500_000), .number(0.001)),
    ])
    func secondsGoOnTheWireToTheMillisecond(duration: Duration, wire: JSONValue) {
        #expect(WireTime.seconds(duration) == wire)
    }

    @Test func instantsGoOnTheWireAsUTCWithMilliseconds() {
        #expect(WireTime.instant(instant("2026-12-24T18:00:00.123456+01:00")) == "2026-12-24T17:00:00.123Z")
        #expect(WireTime.instant(nil) == .null)
    }
}
