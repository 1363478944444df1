import Foundation
import Protocol
import Testing

/// The documented protocol, spoken over the real socket of a real daemon.
@Suite("Protocol over the socket")
struct SocketProtocolTests {
    /// Daemons here run without a session bus: these tests are about the socket.
    static let noBus = "unix:path=/nonexistent/bus"

    @Test("Pipelined requests are answered in order, ids echoed as sent")
    func pipelining() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let client = try daemon.connect()
        client.send(
            """
            {"jsonrpc":"2.0","id":"a","method":"start","params":{"name":"pasta","seconds":480}}
            {"jsonrpc":"2.0","id":2,"method":"start","params":{"name":"eggs","seconds":390,"message":"soft"}}
            {"jsonrpc":"2.0","id":3,"method":"list"}
            {"jsonrpc":"2.0","id":null,"method":"get","params":{"name":"eggs"}}
            {"jsonrpc":"2.0","id":5.5,"method":"cancel","params":{"name":"pasta"}}
            """)
        let replies = try (0..<5).map { _ in try #require(try client.readJSON()) }
        #expect(replies.map { $0["id"] } == ["a", 2, 3, .null, 5.5])
        #expect(replies[0]["result"]?["timer"]?["name"] == "pasta")
        #expect(replies[0]["result"]?["timer"]?["state"] == "running")
        #expect(replies[0]["result"]?["timer"]?["duration"] == 480)
        #expect(replies[1]["result"]?["timer"]?["message"] == "soft")
        #expect(replies[2]["result"]?["timers"]?.arrayValue?.count == 2)
        #expect(replies[3]["result"]?["timer"]?["name"] == "eggs")
        #expect(replies[4]["result"]?["timer"]?["name"] == "pasta")
        let after = try client.call("list")
        #expect(after["result"]?["timers"]?.arrayValue?.map { $0["name"] } == ["eggs"])
    }

    @Test("A malformed line gets a parse error and the connection stays usable")
    func malformedLine() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let client = try daemon.connect()
        client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":")
        let error = try #require(try client.readJSON())
        #expect(error["id"] == .null)
        #expect(error["error"]?["code"] == .integer(-32700))
        #expect(error["error"]?["message"]?.stringValue?.contains("one JSON-RPC request object per line") == true)
        client.send("not json at all")
        #expect(try client.readJSON()?["error"]?["code"] == .integer(-32700))
        #expect(try client.call("ping")["result"]?["protocol"] == .integer(2))
    }

    @Test("Errors carry the documented codes and say what to do")
    func errorCodes() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let client = try daemon.connect()
        func code(_ method: String, _ params: JSONValue?) throws -> (Int64?, String) {
            let reply = try client.call(method, params)
            return (reply["error"]?["code"]?.int64Value, reply["error"]?["message"]?.stringValue ?? "")
        }
        #expect(try code("frobnicate", nil).0 == -32601)
        #expect(try code("START", ["name": "x", "seconds": 1]).1.contains("did you mean \"start\""))
        #expect(try code("start", ["name": "x"]).0 == -32602)
        #expect(try code("start", ["name": "x", "seconds": "8m"]).0 == -32602)
        #expect(try code("start", ["name": "x", "seconds": 0]).0 == -32602)
        #expect(try code("start", ["name": "x", "seconds": 1e308]).0 == -32602)
        #expect(try code("start", ["name": "x", "secs": 5]).1.contains("secs"))
        #expect(try code("start", ["name": "x", "at": "2001-01-01T00:00:00Z"]).1.contains("in the past"))
        let notFound = try code("get", ["name": "nope"])
        #expect(notFound.0 == -32001)
        #expect(notFound.1 == "There is no timer named \"nope\"; method `list` lists the timers.")
        #expect(try client.call("start", ["name": "x", "seconds": 60])["result"] != nil)
        #expect(try code("start", ["name": "x", "seconds": 60]).0 == -32002)
        #expect(try code("resume", ["name": "x"]).0 == -32003)
        client.send(#"{"jsonrpc":"1.0","id":9,"method":"ping"}"#)
        #expect(try client.readJSON()?["error"]?["code"] == .integer(-32600))
    }

    @Test("Notifications (no id) are carried out without a reply; batches get an array")
    func notificationsAndBatches() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let client = try daemon.connect()
        client.send(#"{"jsonrpc":"2.0","method":"start","params":{"name":"quiet","seconds":60}}"#)
        client.send(
            #"[{"jsonrpc":"2.0","id":1,"method":"get","params":{"name":"quiet"}},{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]"#
        )
        let batch = try #require(try client.readJSON()?.arrayValue)
        #expect(batch.count == 2)
        #expect(batch[0]["result"]?["timer"]?["name"] == "quiet")
        #expect(batch[1]["id"] == 2)
    }

    @Test("A line over 64 KiB is refused and the connection closed; the daemon goes on")
    func overlongLine() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let client = try daemon.connect()
        client.send(raw: Array(repeating: UInt8(ascii: "x"), count: 70_000))
        let error = try #require(try client.readJSON())
        #expect(error["error"]?["code"] == .integer(-32600))
        #expect(error["error"]?["message"]?.stringValue?.contains("64 KiB") == true)
        #expect(try client.readLine() == nil, "connection closed")
        #expect(try daemon.connect().call("ping")["result"] != nil)
    }

    @Test("Subscribers get an event for every change, including firing")
    func events() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let watcher = try daemon.connect()
        #expect(try watcher.call("subscribe")["result"]?["subscribed"] == true)
        let client = try daemon.connect()
        for (method, params) in [
            ("start", ["name": "tea", "seconds": 60] as JSONValue), ("pause", ["name": "tea"]), ("resume", ["name": "tea"]),
            ("extend", ["name": "tea", "seconds": -59.7]), ("reset", ["name": "tea"]), ("cancel", ["name": "tea"]),
            ("start", ["name": "quick", "seconds": 0.2]),
        ] {
            #expect(try client.call(method, params)["result"] != nil, "\(method)")
        }
        var seen: [String] = []
        while seen.count < 7, let event = try watcher.readJSON() {
            #expect(event["method"] == "event")
            seen.append(event["params"]?["event"]?.stringValue ?? "?")
        }
        #expect(seen == ["started", "paused", "resumed", "extended", "reset", "cancelled", "started"])
        let fired = try #require(try watcher.readJSON(timeout: .seconds(3)))
        #expect(fired["params"]?["event"] == "fired")
        #expect(fired["params"]?["timer"]?["name"] == "quick")
        #expect(fired["params"]?["timer"]?["state"] == "done")
    }

    @Test("A stalled client stalls nobody: others are served and timers fire on time")
    func stalledClient() throws {
        let daemon = try Daemon(bus: Self.noBus)
        // Half a line, never finished; and a client that never reads its replies.
        let stalled = try daemon.connect()
        stalled.send(raw: Array(#"{"jsonrpc":"2.0","id":1,"meth"#.utf8))
        let deaf = try daemon.connect()
        for _ in 0..<2_000 { deaf.send(#"{"jsonrpc":"2.0","id":1,"method":"list"}"#) }
        let watcher = try daemon.connect()
        _ = try watcher.call("subscribe")
        let client = try daemon.connect()
        let start = wallSeconds()
        _ = try client.call("start", ["name": "on-time", "seconds": 0.3])
        var fired: JSONValue = .null
        while fired["params"]?["event"] != "fired" { fired = try #require(try watcher.readJSON(timeout: .seconds(3))) }
        let late = wallSeconds() - start - 0.3
        #expect(fired["params"]?["event"] == "fired")
        #expect(late >= 0 && late < 0.2, "fired \(late) s after its end")
        #expect(try client.call("ping")["result"] != nil)
        _ = (stalled, deaf)
    }

    @Test("Many clients at once are all answered")
    func manyClients() async throws {
        let daemon = try Daemon(bus: Self.noBus)
        let socket = daemon.socket
        try await withThrowingTaskGroup(of: Int.self) { group in
            for c in 0..<50 {
                group.addTask {
                    let client = try RPCClient(path: socket)
                    var ok = 0
                    for i in 0..<20 {
                        let reply = try client.call("start", ["name": .string("c\(c)-\(i)"), "seconds": 3600])
                        if reply["result"] != nil { ok += 1 }
                    }
                    return ok
                }
            }
            var total = 0
            for try await ok in group { total += ok }
            #expect(total == 1_000)
        }
        let list = try daemon.connect().call("list")
        #expect(list["result"]?["timers"]?.arrayValue?.count == 1_000)
    }

    @Test("Driven by hand with socat, as docs/protocol.md shows")
    func socat() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let result = try run(
            "/usr/bin/socat", ["-t", "2", "-", "UNIX-CONNECT:\(daemon.socket)"],
            stdin: #"{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"pasta","seconds":480}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":2,"method":"list"}"# + "\n")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let list = try JSONParser.parse(String(lines[1]))
        #expect(list["result"]?["timers"]?.arrayValue?.first?["name"] == "pasta")
    }
}
