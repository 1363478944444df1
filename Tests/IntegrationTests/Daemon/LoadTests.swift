import TestSupport
import Foundation
import Protocol
import Testing

/// Many clients at once, and many timers at once: every reply is checked against what the
/// client knows its timers to be, and timers keep firing on time while clients hammer the
/// daemon. Figures are printed, not asserted: timings belong in the benchmarks (`make bench`).
///
/// `TIMERD_LOAD_CLIENTS` and `TIMERD_LOAD_REQUESTS` change the first test's 1,000 clients
/// and 100 requests each; `TIMERD_LOAD_TIMERS` the second's 100,000 live timers, of which it
/// starts as many as fit in `TIMERD_LOAD_SECONDS` (15), so that a slow build stays bounded.
@Suite("Load", .serialized)
struct LoadTests {
    @Test("1,000 concurrent clients doing 100 mixed requests each are all answered correctly")
    func thousandClients() throws {
        let clientCount = Knob.int("TIMERD_LOAD_CLIENTS", default: 1_000)
        let requests = Knob.int("TIMERD_LOAD_REQUESTS", default: 100)
        // One descriptor a client here, and one in the daemon, which inherits this limit.
        try #require(OpenFileLimit.raise(to: clientCount + 256), "needs \(clientCount + 256) open files (ulimit -n)")
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let began = wallSeconds()
        let clients = try (0..<clientCount).map { try LoadClient(index: $0, socket: daemon.socket, requests: requests) }
        let connections = clients.map(\.connection)
        var latencies: [Double] = []
        latencies.reserveCapacity(clientCount * requests)
        for client in clients { client.sendNext() }
        var running = clientCount
        while running > 0 {
            // Generous: a debug build on a loaded machine may take seconds for a batch with a list.
            guard let ready = pollOnce(connections, timeout: 30_000) else {
                let waiting = Dictionary(grouping: clients.filter { !$0.isDone }, by: \.lastMethod).mapValues(\.count)
                // Where the daemon is, if gdb is there to say.
                let stacks = (try? run("/usr/bin/gdb", ["-p", String(daemon.pid), "-batch", "-ex", "thread apply all bt 12"]).stdout) ?? ""
                Issue.record("no reply for 30 s with \(running) clients waiting: \(waiting)\n\(String(daemon.log().suffix(3000)))\n\(stacks)")
                break
            }
            for (index, lines) in ready {
                let client = clients[index]
                for line in lines {
                    latencies.append(client.receive(line))
                    if client.isDone { running -= 1 } else { client.sendNext() }
                }
            }
            for client in clients where client.connection.isClosed && !client.isDone {
                Issue.record("client \(client.index) was disconnected after \(client.answered) replies")
                running -= 1
                client.isDone = true
            }
        }
        let elapsed = wallSeconds() - began
        let failures = clients.flatMap(\.failures)
        #expect(failures.isEmpty, "\(failures.count) wrong replies, the first: \(failures.prefix(5))")
        let served = clients.filter { $0.answered == requests }.count
        #expect(served == clientCount)
        #expect(try daemon.ctl("ping").status == 0)
        print(
            "clients served: \(served), requests: \(latencies.count), "
                + "p99 reply: \(ms(percentile(latencies, 0.99))) ms (p50 \(ms(percentile(latencies, 0.5))) ms, "
                + "max \(ms(latencies.max() ?? 0)) ms; \(Int(Double(latencies.count) / elapsed)) requests/s, "
                + "\(clients.map(\.changes).reduce(0, +)) of them changes, \(clientCount) connected at once)")
    }

    @Test("With 100,000 live timers and clients hammering the daemon, 200 timers due soon all fire, none early")
    func manyTimersFireOnTime() throws {
        try Desktop.require()
        let wanted = Knob.int("TIMERD_LOAD_TIMERS", default: 100_000)
        let budget = Double(Knob.int("TIMERD_LOAD_SECONDS", default: 15))
        let monitor = try BusMonitor()
        let daemon = try Daemon()

        // The far timers: pipelined starts, a window of them in flight, for at most `budget`
        // seconds (a debug build on a small machine may not start 100,000 in that time).
        let loading = wallSeconds()
        let loader = try PolledConnection(path: daemon.socket)
        var sent = 0, answered = 0, refused = 0
        while answered < sent || (sent < wanted && wallSeconds() < loading + budget) {
            while sent < wanted && sent - answered < 1_000 && wallSeconds() < loading + budget {
                loader.enqueue(#"{"jsonrpc":"2.0","id":\#(sent),"method":"start","params":{"name":"far-\#(sent)","seconds":\#(86_400 + sent % 1_000)}}"#)
                sent += 1
            }
            loader.flush()
            let ready = try #require(pollOnce([loader], timeout: 30_000), "no reply for 30 s after \(answered) starts")
            for line in ready.flatMap(\.1) {
                // Cheaply (100,000 of them): a result, not an error, which comes right after the id.
                if !String(decoding: line.prefix(40), as: UTF8.self).contains(#""result""#) { refused += 1 }
                answered += 1
            }
        }
        let loaded = wallSeconds() - loading
        let liveCount = answered - refused
        #expect(refused == 0, "\(refused) starts refused")

        // The soon timers: deadlines at exact milliseconds, 8 together every 250 ms (under the
        // flood guard's 5 notifications a second, so every group has its own notification).
        let groups = 25, perGroup = 8
        let first = (wallSeconds() * 1000).rounded(.up) / 1000 + 2
        var due: [String: Int64] = [:]  // nanoseconds
        let setter = try daemon.connect()
        for group in 0..<groups {
            let at = first + 0.25 * Double(group)
            for member in 0..<perGroup {
                let name = "soon-\(group)-\(member)"
                let instant = Timestamp(nanoseconds: Int64((at * 1000).rounded()) * 1_000_000)
                due[name] = instant.nanoseconds
                setter.send(JSONWriter.string([
                    "jsonrpc": "2.0", "id": 1, "method": "start",
                    "params": ["name": .string(name), "at": .string(RFC3339.format(instant))],
                ]))
            }
        }
        for _ in 0..<(groups * perGroup) {
            let reply = try #require(try setter.readJSON(timeout: .seconds(10)))
            try #require(reply["result"] != nil, "\(reply)")
        }
        try #require(wallSeconds() < first - 0.2, "setting the soon timers took too long to measure their firing")

        // Hammer until the last group is due and a second more.
        let hammer = try Hammer(socket: daemon.socket, clients: 50, farTimers: liveCount)
        hammer.run(until: first + 0.25 * Double(groups - 1) + 1)
        #expect(hammer.failures.isEmpty, "\(hammer.failures.prefix(5))")

        // Every soon timer was told on the bus, none early: in its group's notification, or
        // (when the daemon ran late) in one for several groups or the flood guard's summary.
        let shown = { monitor.calls().filter { $0.notificationID != nil } }
        func told(_ call: NotifyCall) -> [String] {
            (call.summary + ", " + call.body).split(whereSeparator: { ", \n:".contains($0) }).map(String.init).filter { due[$0] != nil }
        }
        func hidden(_ call: NotifyCall) -> Int {
            // "… and 12 more" ends a body of more names than it shows.
            guard let last = call.body.split(separator: "\n").last, last.hasPrefix("… and ") else { return 0 }
            return Int(last.dropFirst("… and ".count).prefix { $0.isNumber }) ?? 0
        }
        _ = eventually(timeout: .seconds(15)) {
            let calls = shown()
            return Set(calls.flatMap(told)).count + calls.map(hidden).reduce(0, +) >= due.count
        }
        var lateness: [Double] = []
        var toldNames: Set<String> = []
        var hiddenCount = 0
        for call in shown() {
            let names = told(call)
            guard let earliest = names.compactMap({ due[$0] }).min().map({ Double($0) / 1e9 }) else { continue }
            #expect(call.time >= earliest, "\(names) notified \(call.time - earliest) s before they were due")
            lateness.append(call.time - earliest)
            toldNames.formUnion(names)
            hiddenCount += hidden(call)
        }
        #expect(
            toldNames.count + hiddenCount >= due.count,
            "not notified: \(Set(due.keys).subtracting(toldNames).sorted().prefix(10)) (\(hiddenCount) folded out of sight)")
        let check = try daemon.connect()
        var early = 0, notDone = 0
        for (name, at) in due {
            let timer = try TimerInfo(json: try #require(try check.call("get", ["name": .string(name)])["result"]?["timer"]))
            if timer.state != .done { notDone += 1 }
            if let fired = timer.firedAt, fired.nanoseconds < at { early += 1 }
        }
        #expect(notDone == 0 && early == 0, "\(notDone) not fired, \(early) early")
        print(
            "live timers: \(liveCount)\(liveCount < wanted ? " of \(wanted) wanted (the rest did not fit in \(Int(budget)) s)" : "") "
                + "(started in \(String(format: "%.1f", loaded)) s); "
                + "\(groups * perGroup) due soon all fired, none early; lateness on the bus p50 \(ms(percentile(lateness, 0.5))) ms, "
                + "p99 \(ms(percentile(lateness, 0.99))) ms, max \(ms(lateness.max() ?? 0)) ms, while \(hammer.clientCount) clients made "
                + "\(hammer.answered) requests (p99 reply \(ms(percentile(hammer.latencies, 0.99))) ms)")
    }

    private func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}

/// One of the thousand clients: a seeded sequence of mixed requests on timers of its own, one
/// at a time, each reply checked against what the client knows of its timers.
final class LoadClient {
    let index: Int
    let connection: PolledConnection
    private let requests: Int
    private var random: SplitMix64
    /// Its timers: paused or not, and their length in milliseconds.
    private var timers: [String: (paused: Bool, milliseconds: Int64)] = [:]
    private var serial = 0
    private var expectation: Expectation?
    private var sentAt = 0.0
    private(set) var lastMethod = ""
    private(set) var answered = 0
    private(set) var changes = 0
    private(set) var failures: [String] = []
    var isDone = false

    enum Expectation {
        case timer(name: String, paused: Bool, milliseconds: Int64)
        case error(Int)
        case pong
        case list([String: Bool])
    }

    init(index: Int, socket: String, requests: Int) throws {
        self.index = index
        self.requests = requests
        random = SplitMix64(seed: 0x10AD_0000 + UInt64(index))
        connection = try PolledConnection(path: socket)
    }

    private func request(_ method: String, _ params: JSONValue?, expecting expected: Expectation) {
        var object: JSONObject = ["jsonrpc": "2.0", "id": .integer(Int64(answered)), "method": .string(method)]
        if let params { object["params"] = params }
        expectation = expected
        lastMethod = method
        sentAt = wallSeconds()
        connection.enqueue(JSONWriter.string(.object(object)))
        connection.flush()
    }

    private func someTimer() -> String? { timers.keys.randomElement(using: &random) }

    func sendNext() {
        let roll = Int.random(in: 0..<100, using: &random)
        let name = someTimer()
        // A list costs the daemon (and this test) all 3,000-odd timers: ten clients list once
        // each, at different moments, so that no batch of the daemon holds two.
        if index % 100 == 0 && answered == (requests / 10) * (index / 100) + requests / 20 {
            request("list", nil, expecting: .list(timers.mapValues(\.paused)))
        } else if name == nil || (roll < 20 && timers.count < 4) {
            serial += 1
            let fresh = "c\(index)-\(serial)"
            let seconds = Int64.random(in: 600...3_600, using: &random)
            timers[fresh] = (false, seconds * 1000)
            changes += 1
            request("start", ["name": .string(fresh), "seconds": .integer(seconds)], expecting: .timer(name: fresh, paused: false, milliseconds: seconds * 1000))
        } else if let name, roll < 35 {
            if roll < 22 {
                request("get", ["name": .string(name + "-gone")], expecting: .error(RPCError.notFoundCode))
            } else {
                let timer = timers[name]!
                request("get", ["name": .string(name)], expecting: .timer(name: name, paused: timer.paused, milliseconds: timer.milliseconds))
            }
        } else if let name, roll < 50 {
            let timer = timers[name]!
            if timer.paused {
                request("pause", ["name": .string(name)], expecting: .error(RPCError.wrongStateCode))
            } else {
                timers[name]!.paused = true
                changes += 1
                request("pause", ["name": .string(name)], expecting: .timer(name: name, paused: true, milliseconds: timer.milliseconds))
            }
        } else if let name, roll < 62 {
            let timer = timers[name]!
            if !timer.paused {
                request("resume", ["name": .string(name)], expecting: .error(RPCError.wrongStateCode))
            } else {
                timers[name]!.paused = false
                changes += 1
                request("resume", ["name": .string(name)], expecting: .timer(name: name, paused: false, milliseconds: timer.milliseconds))
            }
        } else if let name, roll < 74 {
            timers[name]!.milliseconds += 30_000
            let timer = timers[name]!
            changes += 1
            request("extend", ["name": .string(name), "seconds": 30], expecting: .timer(name: name, paused: timer.paused, milliseconds: timer.milliseconds))
        } else if let name, roll < 86 {
            let timer = timers.removeValue(forKey: name)!
            changes += 1
            request("cancel", ["name": .string(name)], expecting: .timer(name: name, paused: timer.paused, milliseconds: timer.milliseconds))
        } else {
            request("ping", nil, expecting: .pong)
        }
    }

    /// Checks a reply; returns how long it took, in seconds.
    func receive(_ line: [UInt8]) -> Double {
        let latency = wallSeconds() - sentAt
        answered += 1
        if answered == requests { isDone = true }
        guard let reply = try? JSONParser.parse(line), let expected = expectation else {
            failures.append("client \(index): an unreadable or unexpected line: \(String(decoding: line.prefix(200), as: UTF8.self))")
            return latency
        }
        expectation = nil
        guard reply["id"] == .integer(Int64(answered - 1)) else {
            failures.append("client \(index): reply to another request: \(reply)")
            return latency
        }
        switch expected {
        case .error(let code):
            if reply["error"]?["code"] != .integer(Int64(code)) { failures.append("client \(index): wanted error \(code): \(reply)") }
        case .pong:
            if reply["result"]?["protocol"] != .integer(Int64(protocolVersion)) { failures.append("client \(index): ping: \(reply)") }
        case .timer(let name, let paused, let milliseconds):
            guard let json = reply["result"]?["timer"], let timer = try? TimerInfo(json: json),
                timer.name == name, timer.state == (paused ? .paused : .running),
                Int64((timer.duration.seconds * 1000).rounded()) == milliseconds,
                timer.remaining > .zero, timer.remaining <= timer.duration
            else {
                failures.append("client \(index): wanted \(name) \(paused ? "paused" : "running") \(milliseconds) ms: \(reply)")
                return latency
            }
        case .list(let expected):
            let mine = (reply["result"]?["timers"]?.arrayValue ?? []).compactMap { try? TimerInfo(json: $0) }
                .filter { $0.name.hasPrefix("c\(index)-") }
            let listed = Dictionary(uniqueKeysWithValues: mine.map { ($0.name, $0.state == .paused) })
            if listed != expected { failures.append("client \(index): list shows \(listed), wanted \(expected)") }
        }
        return latency
    }
}

/// Clients that keep the daemon busy, four requests in flight each, every reply checked to be
/// a result.
final class Hammer {
    let clientCount: Int
    private let connections: [PolledConnection]
    private let farTimers: Int
    private var random = SplitMix64(seed: 0x4A33_3E12)
    private var inFlight: [[Double]]
    private var steps: [Int]
    private(set) var answered = 0
    private(set) var latencies: [Double] = []
    private(set) var failures: [String] = []

    init(socket: String, clients: Int, farTimers: Int) throws {
        clientCount = clients
        self.farTimers = farTimers
        connections = try (0..<clients).map { _ in try PolledConnection(path: socket) }
        inFlight = Array(repeating: [], count: clients)
        steps = Array(repeating: 0, count: clients)
    }

    /// Each client in turn starts a timer of its own, gets a far timer, cancels its timer and
    /// pings: every request has a result.
    private func send(_ client: Int) {
        let step = steps[client]
        steps[client] += 1
        let own = "h\(client)-\(step / 4)"
        let line: String
        switch step % 4 {
        case 0: line = #"{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"\#(own)","seconds":3600}}"#
        case 1: line = #"{"jsonrpc":"2.0","id":1,"method":"get","params":{"name":"far-\#(Int.random(in: 0..<farTimers, using: &random))"}}"#
        case 2: line = #"{"jsonrpc":"2.0","id":1,"method":"cancel","params":{"name":"\#(own)"}}"#
        default: line = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        }
        inFlight[client].append(wallSeconds())
        connections[client].enqueue(line)
    }

    func run(until end: Double) {
        while wallSeconds() < end {
            for client in connections.indices where inFlight[client].count < 4 {
                while inFlight[client].count < 4 { send(client) }
                connections[client].flush()
            }
            for (client, lines) in pollOnce(connections, timeout: 50) ?? [] {
                for line in lines {
                    let sent = inFlight[client].removeFirst()
                    latencies.append(wallSeconds() - sent)
                    answered += 1
                    if (try? JSONParser.parse(line))?["result"] == nil {
                        failures.append("\(String(decoding: line.prefix(300), as: UTF8.self))")
                    }
                }
            }
        }
    }
}

/// The open-file limit of this process (which the daemons it starts inherit).
enum OpenFileLimit {
    /// Raises the soft limit to at least `wanted`, as far as the hard limit allows.
    static func raise(to wanted: Int) -> Bool {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
        if limit.rlim_cur >= rlim_t(wanted) { return true }
        guard limit.rlim_max >= rlim_t(wanted) else { return false }
        limit.rlim_cur = rlim_t(wanted)
        return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
    }
}
