import Protocol
import Testing

@testable import timerd

/// The typed replies the scheduler hands over, and what the server writes of them.
@Suite struct RepliesTests {
    static let now = Moment.start

    static func timer(message: String? = nil, todos: [TodoItem] = []) -> TimerInfo {
        TimerInfo(
            name: "pasta", kind: .countdown, state: .running, duration: .minutes(8), remaining: .minutes(3),
            endsAt: now.wall + .minutes(3), createdAt: now.wall - .minutes(5), message: message, reminders: [.minutes(1)],
            todos: todos)
    }

    // Computed, not a stored static: a stored one keeps the JSON values for the life of the
    // process behind enum payload pointers LeakSanitizer cannot follow, and it reports them.
    static var replies: [Reply] { [
        Reply(id: 1, result: .success(.timer(timer()))),
        Reply(id: 2, result: .success(.timer(timer(
            message: String(repeating: "Drain it. ", count: 30),
            todos: (1...5).map { TodoItem(id: $0, text: "step \($0) of the recipe") })))),
        Reply(id: "a", result: .success(.value(["cancelled": 3]))),
        Reply(id: 3, result: .success(.value([
            "entries": .array((1...20).map { _ in
                ["name": "pasta", "kind": "countdown", "dueAt": "2026-11-27T18:34:00Z", "seconds": 480]
            })
        ]))),
        Reply(id: 4, result: .failure(RPCError(code: RPCError.notFoundCode, message: "There is no timer \"x\".", data: ["name": "x"]))),
    ] }

    @Test(arguments: replies)
    func theEstimateIsCloseToWhatIsWritten(reply: Reply) {
        let written = ReplyText(reply).written().count
        #expect(abs(reply.estimatedBytes - written) <= max(30, written / 5), "estimated \(reply.estimatedBytes), wrote \(written)")
    }

    @Test func aReplyIsWrittenAsTheProtocolsResultOrError() throws {
        let timer = Self.timer()
        let written = ReplyText(Reply(id: 7, result: .success(.timer(timer)))).written()
        #expect(written == Array(RPC.line(RPC.result(id: 7, ["timer": timer.json])).dropLast()))
        let error = RPCError(code: RPCError.notFoundCode, message: "There is no timer \"x\".")
        #expect(ReplyText(Reply(id: 8, result: .failure(error))).written() == Array(RPC.line(RPC.error(id: 8, error)).dropLast()))
    }

    @Test func aListIsLeftForTheServerToWriteInPieces() {
        var table = TimerTable()
        _ = try? table.startCountdown("pasta", .minutes(8), at: Self.now)
        let text = ReplyText(Reply(id: 9, result: .success(.list(table.records, at: Self.now))))
        guard case .list(let list) = text else { return #expect(Bool(false), "written at once") }
        #expect(list == ListReply(id: 9, records: table.records, at: Self.now))
    }
}
