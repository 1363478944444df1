import Glibc
import Protocol
import Testing

@testable import timerd

/// A `list` is written a piece at a time from the records as the call found them.
@Suite struct ListReplyTests {
    static func records(_ count: Int, removingEvery gap: Int = 0) -> TimerRecords {
        var records = TimerRecords()
        for id in 1...UInt64(count) { records[id] = runningRecord(id) }
        if gap > 0 { for id in stride(from: UInt64(gap), through: UInt64(count), by: gap) { records[id] = nil } }
        return records
    }

    /// What `RPC.result` would give for these records, without the newline.
    static func expected(_ records: TimerRecords, id: JSONValue) -> String {
        let timers = records.values.map { $0.info(at: Moment.start).json }
        return String(decoding: RPC.line(RPC.result(id: id, ["timers": .array(timers)])).dropLast(), as: UTF8.self)
    }

    @Test(arguments: [1, 100, 4_096, 1 << 20])
    func piecesMakeTheReplyItsValueWouldBe(size: Int) throws {
        let records = Self.records(1_000, removingEvery: 7)
        var reply = ListReply(id: 9, records: records, at: Moment.start)
        var output: [UInt8] = []
        var pieces = 0
        while !reply.isFinished {
            let before = output.count
            reply.writePiece(into: &output, size: size)
            // A piece stops at the first timer past the size asked for.
            #expect(output.count - before < size + 1_000)
            pieces += 1
        }
        #expect(String(decoding: output, as: UTF8.self) == Self.expected(records, id: 9))
        #expect(size >= 1 << 20 ? pieces == 1 : pieces > 1)
        #expect(reply.remainingEstimate == 0)
    }

    @Test func anEmptyTableIsOnePiece() {
        var reply = ListReply(id: "x", records: TimerRecords(), at: Moment.start)
        var output: [UInt8] = []
        reply.writePiece(into: &output, size: 10)
        #expect(reply.isFinished)
        #expect(String(decoding: output, as: UTF8.self) == #"{"jsonrpc":"2.0","id":"x","result":{"timers":[]}}"#)
    }

    /// The table goes on changing while the list is written: the list shows it as it was.
    @Test func changesAfterTheCallDoNotShow() {
        var records = Self.records(500)
        let reply = ListReply(id: 1, records: records, at: Moment.start)
        let expected = Self.expected(records, id: 1)
        records[3] = nil
        records[501] = runningRecord(501)
        #expect(String(decoding: reply.written(), as: UTF8.self) == expected)
    }

    /// The estimate of what is left, which the budget counts, stays close to what is.
    @Test func theEstimateFollowsWhatIsWritten() {
        var reply = ListReply(id: 1, records: Self.records(2_000), at: Moment.start)
        let whole = reply.written().count
        var output: [UInt8] = []
        #expect(reply.remainingEstimate >= whole)
        while !reply.isFinished {
            reply.writePiece(into: &output, size: 10_000)
            #expect(reply.remainingEstimate >= (whole - output.count) * 9 / 10)
            #expect(reply.remainingEstimate <= 2 * (whole - output.count) + 1_000)
        }
    }
}

/// A connection writes its list as the client reads, and what was queued behind it after it.
@Suite struct ConnectionListTests {
    /// A connection on one end of a socket pair, and the other end, non-blocking both.
    static func pair() throws -> (Connection, Int32) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &fds) == 0)
        return (Connection(id: 1, fd: fds[0]), fds[1])
    }

    /// Writes pieces and flushes until the socket takes no more.
    static func pump(_ connection: Connection) {
        while true {
            if connection.wantsListPiece { connection.writeListPiece() }
            let before = connection.unsentByteCount
            _ = connection.flush()
            if connection.unsentByteCount == before || connection.hasNothingToSend { return }
        }
    }

    static func readAll(_ fd: Int32) -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return all }
            all += buffer[..<n]
        }
    }

    @Test func aClientThatDoesNotReadHoldsAPieceNotTheList() throws {
        let (connection, peer) = try Self.pair()
        defer { close(connection.fd); close(peer) }
        let records = ListReplyTests.records(40_000)
        connection.enqueue(ListReply(id: 1, records: records, at: Moment.start))
        Self.pump(connection)
        // The socket is full; the daemon holds a little text ahead of it, the rest of the
        // list only as the records it shares with the table.
        #expect(!connection.hasNothingToSend)
        #expect(connection.output.unsentCount < Connection.listAhead + 2 * Connection.listPieceSize)
        // What it holds for the budget is still about the list.
        #expect(connection.unsentByteCount > 40_000 * 100)
    }

    @Test func aReaderGetsTheListAndThenWhatCameAfterInOrder() throws {
        let (connection, peer) = try Self.pair()
        defer { close(connection.fd); close(peer) }
        let records = ListReplyTests.records(40_000)
        var before = Array("before\n".utf8), newline = Array("\n".utf8), event = Array("event\n".utf8)
        connection.enqueue(&before, isReply: true)
        connection.enqueue(ListReply(id: 1, records: records, at: Moment.start))
        connection.enqueue(&newline, isReply: true)
        connection.enqueue(&event, isReply: false)
        connection.enqueue(ListReply(id: 2, records: ListReplyTests.records(3), at: Moment.start))
        var last = Array("\nlast\n".utf8)
        connection.enqueue(&last, isReply: true)
        #expect(connection.unsentEventCount == 6)
        var received: [UInt8] = []
        while !connection.hasNothingToSend {
            Self.pump(connection)
            received += Self.readAll(peer)
        }
        let expected =
            "before\n" + ListReplyTests.expected(records, id: 1) + "\nevent\n"
            + ListReplyTests.expected(ListReplyTests.records(3), id: 2) + "\nlast\n"
        #expect(String(decoding: received, as: UTF8.self) == expected)
        #expect(connection.unsentEventCount == 0)
    }
}
