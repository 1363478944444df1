import TestSupport
import Testing

@testable import timerd

@Suite struct OutputBufferTests {
    static func bytes(_ count: Int, _ value: UInt8 = 0x61) -> [UInt8] { [UInt8](repeating: value, count: count) }

    /// What `withUnsentBytes` shows.
    static func unsent(_ output: OutputBuffer) -> [UInt8] { output.withUnsentBytes { Array($0) } }

    @Test func repliesDoNotCountAgainstTheLimitAndEventsDo() {
        var output = OutputBuffer()
        var reply = Self.bytes(1_000)
        output.append(&reply, isReply: true)
        #expect(reply.isEmpty)
        #expect(output.unsentCount == 1_000)
        #expect(output.unsentEventCount == 0)
        var event = Self.bytes(10, 0x65)
        output.append(&event, isReply: false)
        #expect(output.unsentCount == 1_010)
        #expect(output.unsentEventCount == 10)
    }

    @Test func eventsQueuedBeforeAReplyStillCount() {
        var output = OutputBuffer()
        var event = Self.bytes(10, 0x65)
        output.append(&event, isReply: false)
        var reply = Self.bytes(500)
        output.append(&reply, isReply: true)
        var later = Self.bytes(5, 0x66)
        output.append(&later, isReply: false)
        #expect(output.unsentEventCount == 15)
        #expect(Self.unsent(output) == Self.bytes(10, 0x65) + Self.bytes(500) + Self.bytes(5, 0x66))
        // Sending the event and part of the reply: the rest of the reply still does not count.
        output.sent(300)
        #expect(output.unsentCount == 215)
        #expect(output.unsentEventCount == 5)
        output.sent(210)
        #expect(output.unsentEventCount == 5)
        output.sent(5)
        #expect(output.isEmpty)
        #expect(output.unsentEventCount == 0)
    }

    @Test func aReplyAfterEverythingWasSentIsTakenOverNotCopied() {
        var output = OutputBuffer()
        var reply = Self.bytes(200_000)
        let address = reply.withUnsafeBufferPointer { $0.baseAddress }
        output.append(&reply, isReply: true)
        #expect(output.withUnsentBytes { $0.baseAddress.map(UnsafeRawPointer.init) } == address.map(UnsafeRawPointer.init))
        output.sent(200_000)
        #expect(output.isEmpty)
    }

    /// A reader that lags: the sent prefix is dropped now and then, and the accounting of what
    /// is a reply survives it.
    @Test func accountingSurvivesDroppingTheSentPrefix() {
        var output = OutputBuffer()
        var expectedEvents = 0
        var queued: [UInt8] = []
        var rng = SplitMix64(seed: 5)
        for round in 0..<400 {
            let isReply = Bool.random(using: &rng)
            var chunk = Self.bytes(Int.random(in: 1...40_000, using: &rng), isReply ? 0x72 : 0x65)
            queued += chunk
            output.append(&chunk, isReply: isReply)
            let n = Int.random(in: 0...min(output.unsentCount, 50_000), using: &rng)
            output.sent(n)
            queued.removeFirst(n)
            expectedEvents = queued.count { $0 == 0x65 }
            guard output.unsentCount == queued.count, output.unsentEventCount == expectedEvents,
                round % 50 != 0 || Self.unsent(output) == queued
            else {
                Issue.record("round \(round): \(output.unsentCount) unsent, \(output.unsentEventCount) of events; expected \(queued.count), \(expectedEvents)")
                return
            }
        }
        #expect(Self.unsent(output) == queued)
    }
}
