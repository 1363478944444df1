import Glibc
import Protocol
import Testing

@testable import timerd

/// The budget for unread output that all connections share, with limits small enough to
/// reach: 1,500 timers make a `list` of about 400 KiB, of which the socket holds a part and
/// the server the rest, more than the 32 KiB budget.
@Suite(.serialized) struct ServerBudgetTests {
    static let timers = 1_500

    static func limits(grace: Duration = .seconds(300), highWater: Int = 1_024, budget: Int = 32 << 10)
        -> Server.ConnectionLimits
    {
        Server.ConnectionLimits(
            maxConnections: 16, maxPendingLines: 64, outputHighWater: highWater, outputLimit: 1 << 20,
            unreadBudget: budget, allowancePastBudget: 8 << 10,
            unreadGrace: OutputBudget.Grace(beforeFirstRead: grace, betweenReads: grace))
    }

    static let list = #"{"jsonrpc":"2.0","id":"all","method":"list"}"# + "\n"
    static let ping = #"{"jsonrpc":"2.0","id":"ping","method":"ping"}"# + "\n"

    /// A server holding `timers` timers, started by a client that has read every reply.
    static func serverWithTimers(_ count: Int = timers, limits: Server.ConnectionLimits = limits()) async throws
        -> LiveServer
    {
        let live = try LiveServer(limits: limits)
        let starter = try LineClient(live.path)
        starter.sendInBackground((0..<count).map { ServerTests.start("timer-\($0)", id: $0) }.joined())
        for i in 0..<count {
            guard try await starter.readJSON()?["result"] != nil else {
                Issue.record("start \(i) was not answered")
                break
            }
        }
        return live
    }

    /// Whether `client` has bytes to read (or its connection closed), without reading them.
    static func hasInput(_ client: LineClient) -> Bool {
        var poller = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// Whether the server has closed `client`'s connection (whatever is left to read).
    static func isHungUp(_ client: LineClient) -> Bool {
        var poller = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0 && poller.revents & Int16(POLLHUP) != 0
    }

    /// Reads one reply that is a list, and returns how many timers it holds.
    static func listCount(_ client: LineClient) async throws -> Int? {
        let reply = try #require(try await client.readJSON(), "no list")
        return reply["result"]?["timers"]?.arrayValue?.count
    }

    /// A client that has asked for a list and read none of it yet, once the server holds more of
    /// the reply than the budget.
    static func unreadList(_ live: LiveServer) async throws -> LineClient {
        let client = try askingForList(live)
        #expect(await live.wait { $0.unsentTotal >= Self.limits().unreadBudget })
        return client
    }

    /// A new client that has asked for a list.
    static func askingForList(_ live: LiveServer) throws -> LineClient {
        let client = try LineClient(live.path)
        client.send(Self.list)
        return client
    }

    @Test func pastTheBudgetAListWaitsForRoomWhileAPingIsAnswered() async throws {
        let live = try await Self.serverWithTimers()
        defer { live.stop() }
        let deaf = try await Self.unreadList(live)

        let waiter = try Self.askingForList(live)
        #expect(await live.wait { $0.waitingForRoomCount == 1 }, "the second list waits: the first is not read")
        let pinger = try LineClient(live.path)
        pinger.send(Self.ping)
        #expect(try await pinger.readJSON()?["id"] == "ping", "a ping is answered past the budget")
        #expect(await live.onLoop { live.server.waitingForRoomCount } == 1)
        #expect(!Self.hasInput(waiter))
        #expect(await live.onLoop { live.server.unsentByteCounts.values.filter { $0 > 0 }.count } == 1)

        // Once the first is read, the room is there, and the second list is written.
        #expect(try await Self.listCount(deaf) == Self.timers)
        #expect(try await Self.listCount(waiter) == Self.timers)
        #expect(await live.onLoop { live.server.connectionCount } == 3, "nobody was dropped")
    }

    @Test func aSecondListWaitsUntilTheClientHasReadTheFirstBelowTheHighWaterMark() async throws {
        // Room in the budget for both: what holds the second back is the client's own
        // unread reply, more than the 64 KiB high-water mark.
        let live = try await Self.serverWithTimers(limits: Self.limits(highWater: 64 << 10, budget: 4 << 20))
        defer { live.stop() }
        let client = try LineClient(live.path)
        client.send(Self.list + Self.list + Self.ping)
        #expect(await live.wait { $0.unsentTotal > 0 })
        #expect(await live.wait { $0.waitingForRoomCount == 0 })
        try await Task.sleep(for: .milliseconds(200))
        let held = await live.onLoop { live.server.unsentTotal }
        #expect(held < 500_000, "one list is held, not two (\(held) bytes)")
        #expect(try await Self.listCount(client) == Self.timers)
        #expect(try await Self.listCount(client) == Self.timers)
        #expect(try await client.readJSON()?["id"] == "ping")
    }

    @Test func pastTheBudgetAClientThatReadsNothingIsDroppedAndTheNextListIsWritten() async throws {
        let live = try await Self.serverWithTimers(limits: Self.limits(grace: .milliseconds(300)))
        defer { live.stop() }
        let deaf = try await Self.unreadList(live)
        let waiter = try Self.askingForList(live)
        #expect(await live.wait { $0.waitingForRoomCount == 1 }, "the second list waits for room")
        #expect(try await Self.listCount(waiter) == Self.timers, "and is written once the first client is dropped")
        #expect(Self.isHungUp(deaf), "the client that does not read was dropped")
        #expect(await live.onLoop { live.server.connectionCount } == 1, "the waiter stays")
    }

    @Test func pastTheBudgetAClientThatReadsSlowlyGetsItsWholeList() async throws {
        // A list of about 850 KB, read at about 300 KB/s: more than twice the grace. The
        // server sees the reading each time the socket's buffer has drained by about 160 KB
        // (half a second).
        let count = 3_000
        let live = try await Self.serverWithTimers(count, limits: Self.limits(grace: .milliseconds(1_200)))
        defer { live.stop() }
        let slow = try await Self.unreadList(live)
        // Another asks meanwhile, so the room is wanted.
        let waiter = try Self.askingForList(live)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8_192)
        while received.last != UInt8(ascii: "\n") {
            try await Task.sleep(for: .milliseconds(20))
            let n = chunk.withUnsafeMutableBytes { recv(slow.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 { break }
            if n > 0 { received += chunk[..<n] }
        }
        let reply = try JSONParser.parse(Array(received.dropLast()))
        #expect(reply["result"]?["timers"]?.arrayValue?.count == count, "the slow reader got all of it")
        #expect(try await Self.listCount(waiter) == count)
    }

    @Test func pastTheBudgetASubscriberIsDroppedAtTheAllowanceAndAReaderIsNot() async throws {
        let live = try await Self.serverWithTimers()
        defer { live.stop() }
        let silent = try LineClient(live.path)
        let watcher = try LineClient(live.path)
        for client in [silent, watcher] {
            client.send(#"{"jsonrpc":"2.0","id":1,"method":"subscribe"}"# + "\n")
            #expect(try await client.readJSON()?["result"]?["subscribed"] == true)
        }
        let deaf = try await Self.unreadList(live)
        // It stays connected, its list unread, to the end.
        defer { withExtendedLifetime(deaf) {} }
        let connected = await live.onLoop { live.server.connectionCount }

        // Events, far more than the allowance and the socket hold, far less than the
        // output limit; the watcher reads its own as they come.
        let starter = try LineClient(live.path)
        starter.sendInBackground((0..<1_500).map { ServerTests.start("more-\($0)", id: $0) }.joined())
        for _ in 0..<1_500 {
            #expect(try await starter.readJSON()?["result"] != nil)
            #expect(try await watcher.readJSON()?["params"]?["event"] == "started")
        }
        #expect(await live.wait { $0.connectionCount == connected }, "the silent subscriber is dropped, the others stay")
        #expect(await silent.readsToTheEnd(), "its connection was closed")
        watcher.send(Self.ping)
        #expect(try await watcher.readJSON()?["id"] == "ping")
    }

    @Test func aBatchCarriesOutOneListOnly() {
        let line = Array(#"[{"jsonrpc":"2.0","id":1,"method":"list"},{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"list"},{"jsonrpc":"2.0","id":4,"method":"history"}]"#.utf8)
        let pending = Server.pendingLine(line)
        #expect(pending.asksForMuch)
        #expect(pending.size == line.count)
        guard case .batch(let calls) = pending.incoming else {
            Issue.record("not a batch: \(pending.incoming)")
            return
        }
        #expect(calls.map(\.id) == [1, 2, 3, 4])
        #expect(calls[0].request == .success(.list))
        #expect(calls[1].request == .success(.ping))
        #expect(calls[2].request == .failure(Server.oneLongCallPerBatch))
        #expect(calls[3].request == .failure(Server.oneLongCallPerBatch))
        #expect(!Server.pendingLine(Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8)).asksForMuch)
        #expect(Server.pendingLine(Array(#"{"jsonrpc":"2.0","id":1,"method":"history"}"#.utf8)).asksForMuch)
    }

    @Test func aBatchWithTwoListsIsAnsweredWithOneListAndAnError() async throws {
        let live = try LiveServer(limits: Self.limits())
        defer { live.stop() }
        let client = try LineClient(live.path)
        client.send(ServerTests.start("pasta", id: 0))
        #expect(try await client.readJSON()?["result"] != nil)
        client.send(#"[{"jsonrpc":"2.0","id":1,"method":"list"},{"jsonrpc":"2.0","id":2,"method":"list"}]"# + "\n")
        let replies = try #require(try await client.readJSON()?.arrayValue)
        #expect(replies.count == 2)
        #expect(replies.first?["result"]?["timers"]?.arrayValue?.count == 1)
        #expect(replies.last?["error"]?["code"] == .integer(Int64(RPCError.invalidRequestCode)))
        #expect(replies.last?["error"]?["message"] == .string(Server.oneLongCallPerBatch.message))
    }
}
