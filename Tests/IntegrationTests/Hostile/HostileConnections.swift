import TestSupport
import Foundation
import Protocol
import Testing

/// The hostile-input categories that are about connections rather than lines: many clients
/// writing half-lines in turn, lines over the limit (up to 100 MiB streamed), clients that
/// connect and never write, write a byte at a time or never read, and more connections than
/// the daemon serves. Run by `HostileInputTests` against its daemon, in this order.
enum ConnectionFlow: String, CaseIterable {
    case interleaved = "interleaved half-lines"
    case hugeLines = "lines over the limit"
    case silent = "clients that never write"
    case slow = "one byte at a time"
    case deaf = "clients that never read"
    case flood = "connections to the limit"

    func run(on daemon: Daemon, held: TimerSnapshot, settings: FuzzSettings, rng: inout SplitMix64, budget: Double?)
        throws -> FuzzFigures
    {
        var f = FuzzFigures(category: rawValue)
        let start = ContinuousClock.now
        func more() -> Bool { f.inputs < settings.iterations || budget.map { HostileInputTests.seconds(since: start) < $0 } == true }
        switch self {
        case .interleaved:
            repeat { try Self.interleave(on: daemon, rng: &rng, into: &f) } while more()
        case .hugeLines:
            repeat { try Self.overTheLimit(on: daemon, into: &f) } while budget.map { HostileInputTests.seconds(since: start) < $0 } == true
        case .silent:
            try Self.silent(on: daemon, held: held, holding: budget ?? 0, into: &f)
        case .slow:
            try Self.slow(on: daemon, settings: settings, into: &f)
        case .deaf:
            try Self.deaf(on: daemon, held: held, writing: max(1, budget ?? 1), into: &f)
        case .flood:
            try Self.flood(on: daemon, into: &f)
        }
        return f
    }

    static let newline = UInt8(ascii: "\n")

    // MARK: Interleaved half-lines

    /// Sixteen clients, each with hostile lines of every category, written in pieces of 1 to
    /// 64 bytes, the clients taking turns at random; each must get exactly its own replies.
    static func interleave(on daemon: Daemon, rng: inout SplitMix64, into f: inout FuzzFigures) throws {
        var generator = HostileInput(seed: rng.next())
        var scripts: [(bytes: [UInt8], owed: [ReplyOracle.Expected], inputs: [[UInt8]])] = []
        for c in 0..<16 {
            var bytes: [UInt8] = [], owed: [ReplyOracle.Expected] = [], inputs: [[UInt8]] = []
            for _ in 0..<10 {
                let category = HostileInput.Category.allCases[Int.random(in: 0...HostileInput.Category.allCases.count - 1, using: &rng)]
                let input = generator.next(category)
                guard let expected = ReplyOracle.expected(for: input) else {
                    Issue.record("\(category.rawValue): a generated input is over the line limit: \(ReplyOracle.show(input, limit: 200))")
                    return
                }
                owed += expected
                inputs.append(input)
                bytes += input + [newline]
            }
            bytes += Array(JSONWriter.string(["jsonrpc": "2.0", "id": .string("end \(c)"), "method": "ping"]).utf8) + [newline]
            scripts.append((bytes, owed, inputs))
        }
        let clients = try scripts.map { _ in try daemon.connect() }
        var sent = Array(repeating: 0, count: clients.count)
        // Turns at random, without blocking: a client whose socket is full waits for the end.
        var open = Set(clients.indices)
        while let c = open.randomElement(using: &rng) {
            let bytes = scripts[c].bytes
            let size = min(Int.random(in: 1...64, using: &rng), bytes.count - sent[c])
            let n = bytes.withUnsafeBytes { send(clients[c].fd, $0.baseAddress! + sent[c], size, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 { sent[c] += n }
            if n <= 0 || sent[c] == bytes.count { open.remove(c) }
        }
        for (c, client) in clients.enumerated() {
            let (lines, closed) = try client.exchange(Array(scripts[c].bytes[sent[c]...]), until: .string("end \(c)"))
            let replies = lines.filter { $0?["method"] != "event" }
            let shown = scripts[c].inputs.map { ReplyOracle.show($0) }.joined(separator: "\n")
            try #require(!closed && replies.count == scripts[c].owed.count, "client \(c): \(replies.count) replies for \(scripts[c].owed.count) owed; inputs:\n\(shown)")
            for (reply, owed) in zip(replies, scripts[c].owed) {
                let problem = reply.map { ReplyOracle.problem(with: $0, owed) } ?? "a reply that is not JSON"
                try #require(problem == nil, "client \(c): \(problem ?? ""); inputs:\n\(shown)")
            }
            f.inputs += scripts[c].inputs.count
            f.bytes += scripts[c].bytes.count
            f.repliesChecked += replies.count
        }
    }

    // MARK: Lines over the limit

    /// A line of exactly the limit is read; one byte more, a megabyte, 10^5 levels of
    /// nesting, and 100 MiB streamed without a newline each get -32600 and the connection
    /// closed, and the stream is cut off without being buffered.
    static func overTheLimit(on daemon: Daemon, into f: inout FuzzFigures) throws {
        let limit = Limits.maxRequestBytes
        // Exactly the limit: read (a string, not a request) and the connection stays.
        let client = try daemon.connect()
        let atLimit = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "x"), count: limit - 2) + [UInt8(ascii: "\"")]
        let (lines, closed) = try client.exchange(atLimit + [newline] + Array(#"{"jsonrpc":"2.0","id":"after","method":"ping"}"#.utf8) + [newline], until: "after")
        try #require(!closed && lines.count == 1 && lines[0]?["error"]?["code"] == .integer(-32600), "a line of \(limit) bytes: \(lines)")
        f.inputs += 1
        f.bytes += atLimit.count
        f.repliesChecked += 1

        let nested = Array(repeating: UInt8(ascii: "["), count: 100_000) + Array(repeating: UInt8(ascii: "]"), count: 100_000)
        let hugeName = Array(#"{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":""#.utf8) + Array(repeating: UInt8(ascii: "n"), count: 1 << 20) + Array(#"","seconds":60}}"#.utf8)
        for line in [Array(repeating: UInt8(ascii: "x"), count: limit + 1), hugeName, nested] {
            let client = try daemon.connect()
            let (lines, closed) = try client.exchange(line + [newline], until: .null)
            try #require(!closed && lines.isEmpty, "a line of \(line.count) bytes gets its error first: \(lines)")
            try #require(try client.readLine() == nil, "the connection is closed after a line of \(line.count) bytes")
            f.inputs += 1
            f.bytes += line.count
            f.repliesChecked += 1
        }

        // 100 MiB without a newline: the daemon must stop reading long before the end.
        let before = residentMemory(of: daemon.pid).now
        let stream = try daemon.connect()
        let chunk = [UInt8](repeating: UInt8(ascii: "y"), count: 65_536)
        let total = 100 << 20
        var accepted = 0
        var reply: [UInt8] = []
        var framer = LineFramer(maxLineLength: 1 << 20)
        streaming: while accepted < total {
            var poller = pollfd(fd: stream.fd, events: Int16(POLLOUT | POLLIN), revents: 0)
            guard poll(&poller, 1, 5_000) > 0 else { Issue.record("the daemon neither reads nor closes a 100 MiB stream"); break }
            if poller.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var buffer = [UInt8](repeating: 0, count: 4_096)
                let n = buffer.withUnsafeMutableBytes { recv(stream.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n <= 0 { break streaming }
                framer.append(contentsOf: buffer[..<n])
                if let line = try framer.nextLine() { reply = line }
            }
            if poller.revents & Int16(POLLOUT) != 0 {
                let n = chunk.withUnsafeBytes { send(stream.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if n < 0 && errno != EAGAIN && errno != EINTR { break streaming }
                if n > 0 { accepted += n }
            }
        }
        if reply.isEmpty, let line = try stream.readLine() { reply = line }
        let answer = try JSONParser.parse(reply)
        try #require(answer["error"]?["code"] == .integer(-32600), "the 100 MiB stream: \(String(decoding: reply, as: UTF8.self))")
        try #require(answer["error"]?["message"]?.stringValue?.contains("longer than 64 KiB") == true)
        try #require(accepted < total / 10, "the daemon took \(accepted) bytes of a line it refused at 64 KiB")
        let grew = residentMemory(of: daemon.pid).now - before
        #expect(grew < 32 * 1024 || underAddressSanitizer, "timerd grew by \(grew) KiB while refusing a 100 MiB line")
        f.inputs += 1
        f.bytes += accepted
        f.repliesChecked += 1
        f.note = "100 MiB stream cut off after \(accepted / 1024) KiB, memory +\(max(0, grew) / 1024) MiB"
    }

    // MARK: Silent, slow and deaf clients

    /// A hundred clients connect and stay: half never write, half stop mid-line. The daemon
    /// serves others meanwhile (the pings taken while they are connected).
    static func silent(on daemon: Daemon, held: TimerSnapshot, holding seconds: Double, into f: inout FuzzFigures) throws {
        var clients: [RPCClient] = []
        for i in 0..<100 {
            let client = try daemon.connect()
            if i % 2 == 1 { client.send(raw: Array(#"{"jsonrpc":"2.0","id":1,"meth"#.utf8)) }
            clients.append(client)
        }
        let until = ContinuousClock.now + .seconds(seconds)
        repeat {
            f.duringPings += try HostileInputTests.checkHealth(daemon, held, after: "\(clients.count) clients that never write")
        } while ContinuousClock.now < until
        f.inputs += clients.count
        f.bytes += 50 * 30
        // The ones mid-line are still served once they finish it.
        let last = clients[1]
        let (lines, closed) = try last.exchange(Array(#"od":"ping"}"#.utf8) + [newline], until: 1)
        try #require(!closed && lines.isEmpty)
        f.repliesChecked += 1
    }

    /// One client writes a request a byte at a time (a second apart in a long run); every
    /// byte, another client's ping is timed.
    static func slow(on daemon: Daemon, settings: FuzzSettings, into f: inout FuzzFigures) throws {
        let slow = try daemon.connect()
        let other = try daemon.connect()
        let request = Array(#"{"jsonrpc":"2.0","id":"slow","method":"ping"}"#.utf8) + [newline]
        for byte in request {
            slow.send(raw: [byte])
            let start = ContinuousClock.now
            try #require(try other.call("ping")["result"] != nil)
            f.duringPings.append(HostileInputTests.seconds(since: start) * 1_000)
            let left = settings.slowByteInterval - (ContinuousClock.now - start)
            if left > .zero { usleep(UInt32(left.components.seconds * 1_000_000 + left.components.attoseconds / 1_000_000_000_000)) }
        }
        let reply = try #require(try slow.readJSON())
        try #require(reply["id"] == "slow" && reply["result"] != nil, "\(reply)")
        f.inputs += 1
        f.bytes += request.count
        f.repliesChecked += 1 + request.count
        f.note = "\(request.count) bytes, \(settings.slowByteInterval) apart"
    }

    /// Eight clients pipeline requests as fast as the daemon takes them and never read a
    /// reply. The daemon stops reading them once their unsent replies pass its high-water mark,
    /// serves everyone else meanwhile, and its memory stays bounded.
    static func deaf(on daemon: Daemon, held: TimerSnapshot, writing seconds: Double, into f: inout FuzzFigures) throws {
        let before = residentMemory(of: daemon.pid).now
        var lines: [UInt8] = []
        for i in 0..<2_000 {
            let request: JSONValue =
                i % 2 == 0
                ? ["jsonrpc": "2.0", "id": .integer(Int64(i)), "method": "ping"]
                : ["jsonrpc": "2.0", "id": .integer(Int64(i)), "method": "get", "params": ["name": "held-pasta"]]
            lines += Array(JSONWriter.string(request).utf8) + [newline]
        }
        let clients = try (0..<8).map { _ in try daemon.connect() }
        var written = Array(repeating: 0, count: clients.count)
        let until = ContinuousClock.now + .seconds(seconds)
        repeat {
            for (c, client) in clients.enumerated() {
                // As much as the socket takes now, then on to the next client.
                while true {
                    let offset = written[c] % lines.count
                    let n = lines.withUnsafeBytes {
                        send(client.fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                    }
                    guard n > 0 else { break }
                    written[c] += n
                }
            }
            f.duringPings += try HostileInputTests.checkHealth(daemon, held, after: "clients that never read")
        } while ContinuousClock.now < until
        let grew = residentMemory(of: daemon.pid).now - before
        // Back-pressure: once a client's unread replies pass the high-water mark (1 MiB) the
        // daemon stops reading it, so what each could write stops growing: its lines waiting
        // (256 KiB), a batch, and what the sockets buffer, whether it writes for 1 s or 20.
        let most = written.max() ?? 0
        #expect(most < 4 << 20, "a client that never reads got \(most) bytes into the daemon")
        #expect(grew < 96 * 1024 || underAddressSanitizer, "timerd grew by \(grew) KiB for 8 clients that never read")
        let stillConnected = clients.filter { client in
            var poller = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            return poll(&poller, 1, 0) >= 0 && poller.revents & Int16(POLLHUP) == 0
        }.count
        f.inputs += written.reduce(0, +) / (lines.count / 2_000)
        f.bytes += written.reduce(0, +)
        f.note = "\(written.reduce(0, +) / 1024) KiB written unread; \(stillConnected) of 8 still connected, memory +\(max(0, grew) / 1024) MiB"
    }

    // MARK: More connections than served

    /// Connections up to the limit are served; the ones beyond it are told -32004 and closed.
    static func flood(on daemon: Daemon, into f: inout FuzzFigures) throws {
        let limit = 1_024
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        if files.rlim_cur < rlim_t(limit + 256) {
            files.rlim_cur = min(files.rlim_max, rlim_t(limit + 256))
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        }
        guard files.rlim_cur >= rlim_t(limit + 256) else {
            f.note = "skipped: this test may open only \(files.rlim_cur) files"
            return
        }
        var clients: [RPCClient] = []
        for _ in 0..<(limit + 16) { clients.append(try daemon.connect()) }
        // At least 16 must be refused; the refusals come as the daemon accepts, so look until
        // they are all there (and a little longer, for any connection of before not yet gone).
        var refused = Set<Int>()
        let deadline = ContinuousClock.now + .seconds(10)
        var settled: ContinuousClock.Instant?
        while ContinuousClock.now < deadline && (settled.map { ContinuousClock.now < $0 } ?? true) {
            for (i, client) in clients.enumerated() where !refused.contains(i) {
                var poller = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 0) > 0 else { continue }
                let reply = try #require(try client.readJSON(timeout: .seconds(1)))
                try #require(reply["error"]?["code"] == .integer(-32004), "\(reply)")
                try #require(reply["error"]?["message"]?.stringValue == "timerd already serves \(limit) connections; close some and try again.")
                try #require(try client.readLine() == nil, "and closed")
                refused.insert(i)
            }
            if settled == nil && refused.count >= 16 { settled = ContinuousClock.now + .milliseconds(200) }
            usleep(10_000)
        }
        let refusedCount = refused.count
        try #require(refusedCount >= 16, "\(clients.count) connections and \(refusedCount) refused")
        f.inputs += clients.count
        f.repliesChecked += refusedCount
        f.note = "\(clients.count - refusedCount) served, \(refusedCount) refused with -32004"
    }
}
