import Protocol
import Testing

@testable import timerd

/// Replies are written straight into bytes; they must be exactly what writing the values
/// gave before.
@Suite struct SchedulerRepliesTests {
    /// Timers in every state, with every optional part.
    static func kitchen() async -> Harness {
        let h = Harness()
        _ = await h.start("pasta", seconds: 480)
        _ = await h.send(
            .start(
                name: "tea \"green\"", spec: .countdown(.seconds(180)), message: "not too long\nreally",
                notify: NotifyOptions(reminders: [.seconds(60)], sound: .silent)))
        _ = await h.send(
            .start(
                name: "focus", spec: .countdown(.minutes(25)), message: nil,
                repeats: Repeats(rounds: 4, then: Repeats.Step(name: "break", length: .minutes(5)))))
        _ = await h.send(
            .start(
                name: "report", spec: .deadline(Moment.start.wall + .hours(30)), message: "send it",
                notify: NotifyOptions(reminders: [.hours(1)], sound: .file("/tmp/bell.oga"))))
        _ = await h.send(.todoAdd(name: "report", texts: ["write intro", "proofread"]))
        _ = await h.send(.todoSet(name: "report", id: 1, change: TodoChange(done: true)))
        _ = await h.start("eggs", seconds: 10)
        h.clock.advance(by: .seconds(7.5))
        _ = await h.send(.pause(name: "pasta"))
        h.clock.advance(by: .seconds(3))
        await h.scheduler.wake()
        h.clock.advance(by: .milliseconds(1_234))
        return h
    }

    static func reply(_ h: Harness, _ request: Request, id: JSONValue) async -> [UInt8]? {
        await h.scheduler.handle([
            ClientCalls(client: 1, sink: RecordingSink(), calls: [RPCCall(id: id, request: .success(request))])
        ])[0].replies[0].map { ReplyText($0).written() }
    }

    @Test func aListIsTheTextItsValueWouldBe() async throws {
        let h = await Self.kitchen()
        let timers = await h.scheduler.timers()
        #expect(timers.map(\.state) == [.paused, .running, .running, .running, .done])
        let expected = RPC.line(RPC.result(id: 7, ["timers": .array(timers.map(\.json))])).dropLast()
        let written = try #require(await Self.reply(h, .list, id: 7))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test func anEmptyListToo() async throws {
        let h = Harness()
        let written = try #require(await Self.reply(h, .list, id: "x"))
        #expect(String(decoding: written, as: UTF8.self) == #"{"jsonrpc":"2.0","id":"x","result":{"timers":[]}}"#)
    }

    @Test func aTimerReplyIsTheTextItsValueWouldBe() async throws {
        let h = await Self.kitchen()
        for name in ["pasta", "tea \"green\"", "focus", "report", "eggs"] {
            let timer = try #require(await h.scheduler.timers().first { $0.name == name })
            let expected = RPC.line(RPC.result(id: 3, ["timer": timer.json])).dropLast()
            let written = try #require(await Self.reply(h, .get(name: name), id: 3))
            #expect(written == Array(expected))
        }
    }

    @Test func aNotificationGetsNoReplyAndAListIsNotEvenWritten() async throws {
        let h = await Self.kitchen()
        let replies = await h.scheduler.handle([
            ClientCalls(client: 1, sink: RecordingSink(), calls: [RPCCall(id: nil, request: .success(.list))])
        ])
        #expect(replies == [ClientReplies(replies: [nil], linesAnswered: 1)])
    }

    /// Past its budget a client's lines wait; the first line is always answered.
    @Test func linesPastTheReplyBudgetWait() async throws {
        let h = await Self.kitchen()
        let lines = (1...5).map { [RPCCall(id: .integer(Int64($0)), request: .success(.get(name: "pasta")))] }
        let one = await h.scheduler.handle([ClientCalls(client: 1, sink: RecordingSink(), lines: lines, replyBudget: 1)])
        #expect(one[0].linesAnswered == 1)
        #expect(one[0].replies.count == 1)
        let all = await h.scheduler.handle([ClientCalls(client: 1, sink: RecordingSink(), lines: lines)])
        #expect(all[0].linesAnswered == 5)
        let some = await h.scheduler.handle([
            ClientCalls(client: 1, sink: RecordingSink(), lines: lines, replyBudget: 2 * (all[0].replies[0]?.estimatedBytes ?? 0))
        ])
        #expect(some[0].linesAnswered == 2)
        // Lines not answered are not carried out either.
        let starts = (1...3).map { [RPCCall(id: .integer(Int64($0)), request: .success(.start(name: "s\($0)", spec: .countdown(.seconds(9)), message: nil)))] }
        _ = await h.scheduler.handle([ClientCalls(client: 1, sink: RecordingSink(), lines: starts, replyBudget: 1)])
        #expect(await h.scheduler.timers().map(\.name).filter { $0.hasPrefix("s") } == ["s1"])
    }
}
