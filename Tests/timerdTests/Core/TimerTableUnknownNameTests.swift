import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Every command on a name no timer has.
@Suite struct TimerTableUnknownNameTests {
    static let onNope: [String: @Sendable (inout TimerTable) throws -> Outcome] = [
        "pause": { try $0.pause(name: "nope", at: t0) }, "resume": { try $0.resume(name: "nope", at: t0) },
        "reset": { try $0.reset(name: "nope", at: t0) }, "cancel": { try $0.cancel(name: "nope", at: t0) },
        "extend": { try $0.extend(name: "nope", by: .minutes(1), at: t0) },
    ]

    @Test(arguments: ["pause", "resume", "reset", "cancel", "extend"])
    func commandsOnAnUnknownNameAreNotFound(_ command: String) throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        let error = table.refusal(try #require(Self.onNope[command]))
        #expect(error == .notFound(name: "nope"))
        #expect(error?.message.contains("method `list` lists the timers") == true)
        #expect(throws: TableError.notFound(name: "nope")) { try table.get("nope", at: t0) }
    }
}
