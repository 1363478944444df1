import Glibc
import Protocol
import Testing

@testable import timerd

/// The server's rules for output, with limits small enough to reach: a reply is delivered
/// however long, a subscriber that does not read its events is dropped, and a client that
/// sends requests without reading the replies is answered only as it reads.
@Suite(.serialized) struct ServerTests {
    static let limits = Server.ConnectionLimits(maxConnections: 8, maxPendingLines: 64, outputHighWater: 1_024, outputLimit: 4_096)

    static func start(_ name: String, seconds: Int = 600, id: Int) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"start","params":{"name":"\#(name)","seconds":\#(seconds)}}"# + "\n"
    }

    @Test func aReplyLongerThanTheOutputLimitIsDelivered() async throws {
        let live = try LiveServer(limits: Self.limits)
        defer { live.stop() }
        let client = try LineClient(live.path)
        // More than the socket holds, so most of the reply waits in the server.
        let count = 1_500
        client.sendInBackground((0..<count).map { Self.start("timer-\($0)", id: $0) }.joined())
        for _ in 0..<count { #expect(try await client.readJSON()?["result"]?["timer"] != nil) }
        client.send(#"{"jsonrpc":"2.0","id":"all","method":"list"}"# + "\n")
        #expect(await live.wait { ($0.unsentByteCounts.values.max() ?? 0) > 10 * Self.limits.outputLimit })
        let line = try #require(try await client.readLine())
        let reply = try JSONParser.parse(line)
        #expect(reply["id"] == "all")
        #expect(reply["result"]?["timers"]?.arrayValue?.count == count)
        // And the connection carries on.
        client.send(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"# + "\n")
        #expect(try await client.readJSON()?["id"] == 2)
    }

    @Test func aSubscriberThatDoesNotReadItsEventsIsDropped() async throws {
        let live = try LiveServer(limits: Self.limits)
        defer { live.stop() }
        let silent = try LineClient(live.path)
        silent.send(#"{"jsonrpc":"2.0","id":1,"method":"subscribe"}"# + "\n")
        #expect(try await silent.readJSON()?["result"]?["subscribed"] == true)
        #expect(await live.wait { $0.connectionCount == 1 })
        // Far more events than the socket buffers hold; the starter reads its replies.
        let starter = try LineClient(live.path)
        starter.sendInBackground((0..<1_500).map { Self.start("timer-\($0)", id: $0) }.joined())
        for i in 0..<1_500 {
            guard try await starter.readJSON()?["result"] != nil else {
                Issue.record("start \(i) was not answered")
                return
            }
        }
        #expect(await live.wait { $0.connectionCount == 1 }, "the silent subscriber is dropped, the starter stays")
        #expect(await silent.readsToTheEnd(), "the subscriber's connection was closed")
    }

    @Test func aSubscriberThatClosesItsWritingSideKeepsItsEventsUntilItHangsUp() async throws {
        let live = try LiveServer(limits: Self.limits)
        defer { live.stop() }
        // What `echo subscribe | socat - UNIX-CONNECT:…` does: one line, then the end of input.
        let watcher = try LineClient(live.path)
        watcher.send(#"{"jsonrpc":"2.0","id":1,"method":"subscribe"}"# + "\n")
        shutdown(watcher.fd, Int32(SHUT_WR))
        #expect(try await watcher.readJSON()?["result"]?["subscribed"] == true)
        let starter = try LineClient(live.path)
        starter.send(Self.start("pasta", id: 1))
        #expect(try await starter.readJSON()?["result"] != nil)
        let event = try #require(try await watcher.readJSON())
        #expect(event["params"]?["event"] == "started")
        #expect(event["params"]?["timer"]?["name"] == "pasta")
        #expect(await live.wait { $0.connectionCount == 2 })

        // A client that is not subscribed is done once answered.
        let asker = try LineClient(live.path)
        asker.send(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"# + "\n")
        shutdown(asker.fd, Int32(SHUT_WR))
        #expect(try await asker.readJSON()?["id"] == 1)
        #expect(await asker.readsToTheEnd(), "closed once answered")

        // Hanging up ends the subscription.
        shutdown(watcher.fd, Int32(SHUT_RDWR))
        #expect(await live.wait { $0.connectionCount == 1 }, "the subscriber's connection is closed")
    }

    @Test func aClientThatDoesNotReadIsAnsweredOnlyAsItReads() async throws {
        let live = try LiveServer(limits: Self.limits)
        defer { live.stop() }
        let greedy = try LineClient(live.path)
        let count = 3_000
        greedy.sendInBackground((1...count).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# + "\n" }.joined())
        // Replies fill the socket, then the server's buffer up to about the high-water mark
        // and a batch's budget, and there it stays.
        #expect(await live.wait { ($0.unsentByteCounts.values.first ?? 0) >= Self.limits.outputHighWater })
        try await Task.sleep(for: .milliseconds(200))
        let held = await live.onLoop { live.server.unsentByteCounts.values.first ?? 0 }
        #expect(held < 2 * Self.limits.outputHighWater + 1_024)
        #expect(await live.onLoop { live.server.connectionCount } == 1, "it is not dropped")
        // Reading, it gets every reply, in order.
        for id in 1...count {
            let reply = try #require(try await greedy.readJSON(), "reply \(id)")
            guard reply["id"] == .integer(Int64(id)), reply["result"]?["version"] != nil else {
                Issue.record("reply \(id) is \(reply)")
                return
            }
        }
    }

    @Test func eventsBehindALongReplyDoNotDropAReader() async throws {
        let live = try LiveServer(limits: Self.limits)
        defer { live.stop() }
        let watcher = try LineClient(live.path)
        watcher.send(#"{"jsonrpc":"2.0","id":1,"method":"subscribe"}"# + "\n")
        #expect(try await watcher.readJSON()?["result"] != nil)
        let starter = try LineClient(live.path)
        // Enough timers that the list is more than the socket holds: the rest waits in the
        // server, far over the output limit.
        let count = 1_500
        for i in 0..<count {
            starter.send(Self.start("timer-\(i)", id: i))
            _ = try await starter.readJSON()
            _ = try await watcher.readLine()
        }
        // The watcher asks for the list, and events come while it is still being read.
        watcher.send(#"{"jsonrpc":"2.0","id":2,"method":"list"}"# + "\n")
        #expect(await live.wait { ($0.unsentByteCounts.values.max() ?? 0) > Self.limits.outputLimit })
        for i in count..<count + 5 {
            starter.send(Self.start("timer-\(i)", id: i))
            _ = try await starter.readJSON()
        }
        var sawList = false, events = 0
        while events < 5, let line = try await watcher.readLine() {
            let value = try JSONParser.parse(line)
            if value["id"] == 2 { sawList = value["result"]?["timers"]?.arrayValue?.count == count }
            if value["method"] == "event" { events += 1 }
        }
        #expect(sawList)
        #expect(events == 5)
    }
}
