import Foundation
import Glibc
import Protocol
import Testing

/// `timerctl` commands that send many requests on one connection, against a real daemon,
/// with more replies than the daemon keeps for a client that is not reading them. Each run
/// has a deadline and is killed past it: a client that writes everything before reading
/// anything would otherwise wait for ever, and so would the test.
@Suite("timerctl pipelines")
struct PipelineTests {
    static let noBus = "unix:path=/nonexistent/bus"
    /// Far more than any of these commands needs once it reads while it writes.
    static let deadline: Duration = .seconds(30)

    @Test("pause and cancel of 12,000 names on one connection finish, each applied")
    func manyNames() throws {
        let daemon = try Daemon(bus: Self.noBus)
        // Each reply is a timer object of a few hundred bytes: megabytes of replies, several
        // times the 1 MiB the daemon keeps for a client before it stops reading it.
        let names = (1...12_000).map { "p-\($0)" }
        try Self.start(names, on: daemon)

        let pause = try daemon.ctl(["pause"] + names, within: Self.deadline)
        try #require(!pause.timedOut && pause.result.status == 0, "\(pause)")
        #expect(pause.result.stdout.split(separator: "\n").count == names.count)
        let timers = try Self.timers(daemon)
        #expect(timers.count == names.count)
        #expect(timers.allSatisfy { $0["state"] == "paused" }, "every timer named is paused")

        let cancel = try daemon.ctl(["cancel"] + names, within: Self.deadline)
        try #require(!cancel.timedOut && cancel.result.status == 0, "\(cancel)")
        #expect(cancel.result.stdout.split(separator: "\n").count == names.count)
        #expect(try Self.timers(daemon).isEmpty)
    }

    // MARK: Helpers

    /// Starts hour-long countdowns named `names`, in JSON-RPC batches of 500, reading the
    /// replies while it writes.
    static func start(_ names: [String], on daemon: Daemon) throws {
        var bytes: [UInt8] = []
        var id: Int64 = 0
        for first in stride(from: 0, to: names.count, by: 500) {
            let calls: [JSONValue] = names[first..<min(first + 500, names.count)].map { name in
                id += 1
                return [
                    "jsonrpc": "2.0", "id": .integer(id), "method": "start", "params": ["name": .string(name), "seconds": 3600],
                ]
            }
            bytes += Array(JSONWriter.string(.array(calls)).utf8) + [0x0A]
        }
        bytes += Array(#"{"jsonrpc":"2.0","id":"started","method":"ping"}"#.utf8) + [0x0A]
        let (lines, closed) = try daemon.connect().exchange(bytes, until: "started", timeout: .seconds(120))
        try #require(!closed)
        let replies = lines.flatMap { $0?.arrayValue ?? [] }
        try #require(replies.count == names.count && replies.allSatisfy { $0["result"] != nil }, "every timer started")
    }

    static func timers(_ daemon: Daemon) throws -> [JSONValue] {
        try #require(try daemon.connect().call("list")["result"]?["timers"]?.arrayValue)
    }
}
