import Protocol
import Testing
@testable import timerctl

@Suite struct RequestBuilderTests {
    static let builder = RequestBuilder(now: RenderTests.now, calendar: LocalCalendar(zone: FixedOffsetZone.utc))

    /// The usage error `make` is refused with.
    static func refusal(_ make: () throws(CtlFailure) -> Request) throws -> String {
        let failure = try #require(throws: CtlFailure.self) { try make() }
        #expect(failure.exitCode == 2)
        return failure.message
    }

    // MARK: snooze

    @Test(arguments: [
        (String?.none, Duration?.none), ("10m", .seconds(600)), ("+90s", .seconds(90)), ("1h 30m", .seconds(5400)),
        ("1:30", .seconds(90)), ("2.5", .milliseconds(2500)),
    ])
    func snooze(duration: String?, by: Duration?) throws {
        #expect(try Self.builder.snooze(name: "pasta", duration: duration) == .snooze(name: "pasta", by: by))
    }

    @Test(arguments: [
        ("0", "A timer needs a duration longer than zero."),
        ("-5m", "\"-5m\" is negative; a timer needs a duration longer than zero, such as 5m."),
        ("5x", "\"5x\" is not a duration. Use forms like 90s, 8m, 1h30m, 2d, 1:30 (m:ss) or 01:02:03 (h:mm:ss); a bare number is seconds."),
        ("400d", "\"400d\" is longer than a year; timers can run for at most 365 days."),
    ])
    func snoozeForABadDurationIsAUsageError(duration: String, message: String) throws {
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.builder.snooze(name: "pasta", duration: duration) } == message)
    }

    @Test func snoozeOfSeveralNamesSaysItTakesOne() throws {
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.builder.snooze(name: "pasta", duration: "tea") } == """
            "tea" is not a duration: snooze takes one name, then optionally how long, e.g. `timerctl snooze pasta 10m`.
            """)
        #expect(try Self.refusal { () throws(CtlFailure) in try Self.builder.snooze(name: "tea break", duration: "pasta eggs") } == """
            "pasta eggs" is not a duration: snooze takes one name, then optionally how long, e.g. `timerctl snooze 'tea break' 10m`.
            """)
    }
}
