import Foundation
import Glibc
import Protocol
import Testing
@testable import timerd  // for PthreadLock, the lock ThreadSanitizer can follow

/// `timerctl` commands that send many requests on one connection, against a real daemon,
/// with more replies than the daemon keeps for a client that is not reading them. Each run
/// has a deadline and is killed past it: a client that writes everything before reading
/// anything would otherwise wait for ever, and so would the test.
@Suite("timerctl pipelines: cancel --all, many names")
struct PipelineTests {
    static let noBus = "unix:path=/nonexistent/bus"
    /// Far more than any of these commands needs once it reads while it writes.
    static let deadline: Duration = .seconds(30)

    @Test("cancel --all removes tens of thousands of timers at once; subscribers hear of each")
    func cancelAllOfTensOfThousands() throws {
        let count = 30_000
        let daemon = try Daemon(bus: Self.noBus)
        let names = (1...count).map { "t-\($0)" }
        try Self.start(names, on: daemon)
        let watcher = try daemon.connect()
        _ = try watcher.call("subscribe")

        let cancel = try daemon.ctl(["cancel", "--all"], within: Self.deadline)
        try #require(!cancel.timedOut && cancel.result.status == 0, "\(cancel)")
        #expect(cancel.result.stdout == "Cancelled \(count) timers.\n", "\(cancel)")
        #expect(try Self.timers(daemon).isEmpty, "every timer is gone")

        // Each timer's `cancelled` event, as cancelling them one by one would send.
        var cancelled = Set<String>()
        while cancelled.count < count {
            let line = try #require(try watcher.readJSON(timeout: .seconds(10)), "the subscriber was disconnected")
            guard line["method"] == "event" else { continue }
            #expect(line["params"]?["event"] == "cancelled")
            if let name = line["params"]?["timer"]?["name"]?.stringValue { cancelled.insert(name) }
        }
        #expect(cancelled == Set(names))

        // Saved, not only done in memory.
        daemon.stop()
        try daemon.restart()
        #expect(try Self.timers(daemon).isEmpty, "no timer comes back after a restart")
        #expect(try daemon.ctl("cancel", "--all").stdout == "No timers to cancel.\n")
    }

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

    @Test("Against a daemon from before cancel took \"all\", cancel --all cancels them one by one")
    func cancelAllAgainstAnOlderDaemon() throws {
        let names = (1...3_000).map { "old-\($0)" }
        let old = try OldDaemon(names: names)
        defer { old.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "TIMERD_SOCKET")
        let cancel = try run(
            Programs.timerctl, ["cancel", "--all", "--socket", old.socket, "--no-spawn"], environment: environment,
            within: Self.deadline)
        try #require(!cancel.timedOut && cancel.result.status == 0, "\(cancel)")
        #expect(cancel.result.stdout == "Cancelled 3000 timers.\n", "\(cancel)")
        #expect(old.remaining.isEmpty, "every timer was cancelled")
        #expect(old.refusedAll, "timerctl asked for all of them at once first")
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

/// A daemon of the version before `cancel` took `"all"`: it refuses the parameter as that
/// version's params check did, and serves `list` and `cancel` of a name. It answers each line
/// as soon as it reads it and reads no more while an answer waits to be written, so a client
/// that sends everything before reading anything waits for ever.
private final class OldDaemon: Sendable {
    let socket: String
    private let directory: String
    private let listenFD: Int32
    private let state: PthreadLock<(names: [String], refusedAll: Bool)>

    init(names: [String]) throws {
        directory = makeTemporaryDirectory()
        socket = directory + "/timerd.sock"
        state = PthreadLock((names, false))
        listenFD = socket_fd()
        let bound = UnixSocket.withAddress(socket) { bind(listenFD, $0, $1) }
        try #require(bound == 0 && listen(listenFD, 4) == 0, "cannot listen at \(socket)")
        Foundation.Thread.detachNewThread { [self] in serve() }
    }

    /// Stops listening; the serving thread ends and lets go of this object.
    func stop() {
        shutdown(listenFD, Int32(SHUT_RDWR))
    }

    deinit {
        close(listenFD)
        removeDirectory(directory)
    }

    var remaining: [String] { state.withLock { $0.names } }
    var refusedAll: Bool { state.withLock { $0.refusedAll } }

    private func serve() {
        while true {
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { return }
            answer(fd)
            close(fd)
        }
    }

    private func answer(_ fd: Int32) {
        var framer = LineFramer(maxLineLength: 1 << 20)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            while let line = try? framer.nextLine() {
                guard let request = try? JSONParser.parse(line), let id = request["id"] else { return }
                let line: [UInt8]
                if let error = refusal(of: request) {
                    line = RPC.line(RPC.error(id: id, error))
                } else {
                    line = RPC.line(RPC.result(id: id, reply(to: request)))
                }
                var offset = 0
                while offset < line.count {
                    let n = line.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                    guard n > 0 else { return }
                    offset += n
                }
            }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            framer.append(contentsOf: chunk[..<n])
        }
    }

    /// The error the old daemon sent, if it refused the request.
    private func refusal(of request: JSONValue) -> RPCError? {
        guard request["method"] == "cancel" else { return nil }
        if request["params"]?["all"] != nil {
            state.withLock { $0.refusedAll = true }
            return .invalidParams("cancel has no parameter \"all\"; it takes name.")
        }
        let name = request["params"]?["name"]?.stringValue ?? ""
        guard state.withLock({ $0.names.contains(name) }) else {
            return RPCError(code: RPCError.notFoundCode, message: "There is no timer named \"\(name)\".")
        }
        return nil
    }

    /// The result of a request `refusal(of:)` let through.
    private func reply(to request: JSONValue) -> JSONValue {
        switch request["method"]?.stringValue {
        case "list":
            return ["timers": .array(remaining.map { Self.timer($0).json })]
        case "cancel":
            let name = request["params"]?["name"]?.stringValue ?? ""
            state.withLock { state in state.names.removeAll { $0 == name } }
            return ["timer": Self.timer(name).json]
        default:
            return ["pong": true]
        }
    }

    private static func timer(_ name: String) -> TimerInfo {
        TimerInfo(
            name: name, kind: .countdown, state: .running, duration: .seconds(3600), remaining: .seconds(3600),
            endsAt: Timestamp(nanoseconds: 2_000_000_000_000_000_000), createdAt: Timestamp(nanoseconds: 1_000_000_000_000_000_000))
    }
}

private func socket_fd() -> Int32 {
    socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
}
