import TestSupport
import Foundation
import Protocol
import Testing

/// Hostile input over the real socket of a real daemon: every category of docs/security.md
/// ("Hostile input"), one after the other against one daemon holding timers of every kind.
/// After each category the daemon must be running, answer `ping`, and hold every timer it held
/// as it was. The figures (inputs, bytes, replies checked, ping round trips, memory) are
/// printed; `make fuzz` runs the same for minutes (see `FuzzSettings`).
@Suite("Hostile input over the socket", .serialized)
struct HostileInputTests {
    static let noBus = "unix:path=/nonexistent/bus"
    static let settings = FuzzSettings.fromEnvironment()
    /// Inputs written before reading their replies.
    static let inputsPerRound = 25
    static let pingsPerCheck = 20

    @Test("Nothing a client sends stops the daemon or changes a timer it holds; after each kind, ping is answered")
    func hostileInput() throws {
        let s = Self.settings
        print("hostile input: seed \(s.seedText) (TIMERD_FUZZ_SEED=\(s.seedText) repeats this run), "
            + (s.seconds.map { "for \(Int($0)) s" } ?? "at least \(s.iterations) inputs per category"))
        let daemon = try Daemon(bus: Self.noBus)
        let held = try Self.holdTimers(daemon)
        let memoryAtStart = residentMemory(of: daemon.pid)
        var generator = HostileInput(seed: s.seed)
        var rng = SplitMix64(seed: s.seed ^ 0x5EED)
        let parts = HostileInput.Category.allCases.count + ConnectionFlow.allCases.count
        var figures: [FuzzFigures] = []

        for category in HostileInput.Category.allCases {
            var f = try Self.run(category, with: &generator, on: daemon, budget: s.share(of: parts))
            f.pings = try Self.checkHealth(daemon, held, after: category.rawValue)
            figures.append(f)
        }
        for flow in ConnectionFlow.allCases {
            let start = ContinuousClock.now
            var f = try flow.run(on: daemon, held: held, settings: s, rng: &rng, budget: s.share(of: parts))
            f.elapsed = Self.seconds(since: start)
            f.pings += try Self.checkHealth(daemon, held, after: flow.rawValue)
            figures.append(f)
        }

        let memory = residentMemory(of: daemon.pid)
        print("hostile input against timerd (pid \(daemon.pid)), seed \(s.seedText):\n" + FuzzFigures.table(figures)
            + "\n(replies: each checked against what the protocol says it must be; ping: \(Self.pingsPerCheck) round trips "
            + "on a new connection after each category, in ms, debug build)")
        print("timerd memory: \(memoryAtStart.now / 1024) MiB resident at start, \(memory.now / 1024) MiB at the end, "
            + "\(memory.peak / 1024) MiB at the most; timers held and intact: \(held.timers.count) of \(held.timers.count)")
        #expect(daemon.stop() == 0, "it still shuts down cleanly")
    }

    @Test("Out of file descriptors, the daemon turns clients away with -32004 and does not spin")
    func outOfDescriptors() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock"
        // A hard limit the daemon cannot raise: a few dozen descriptors for connections.
        let daemon = try Child(
            "/bin/sh", ["-c", #"ulimit -n 48 && exec "$0" --socket "$1""#, Programs.timerd, socket],
            environment: testEnvironment(in: dir), stderr: dir + "/timerd.log")
        defer {
            daemon.signal(SIGTERM)
            daemon.wait()
        }
        try #require(eventually { RPCClient.answersPing(socket) })
        let clients = try (0..<60).map { _ in try RPCClient(path: socket) }
        // The last one is accepted or refused once the daemon has got to every one before it.
        _ = eventually { readable(clients.last!) }
        var refused = 0
        for client in clients where readable(client) {
            let reply = try #require(try client.readJSON(timeout: .seconds(1)))
            #expect(reply["error"]?["code"] == .integer(-32004), "\(reply)")
            // Refused at the connection cap the open file limit sets (it keeps descriptors for the
            // daemon's own use), or, if descriptors run out anyway, with the spare one.
            let message = reply["error"]?["message"]?.stringValue ?? ""
            #expect(message.contains("already serves") || message.contains("run out of file descriptors"), "\(reply)")
            refused += 1
        }
        #expect(refused > 0 && refused < clients.count, "\(refused) of \(clients.count) refused")
        // Nobody is left waiting in the backlog, so the loop has nothing to wake up for.
        let cpu = cpuSeconds(of: daemon.pid)
        usleep(1_000_000)
        let spent = cpuSeconds(of: daemon.pid) - cpu
        #expect(spent < 0.2, "timerd used \(spent) s of CPU in a second with nothing to do")
        #expect(try clients[0].call("ping")["result"] != nil, "the clients it took are served")
        print("out of descriptors: \(clients.count - refused) of \(clients.count) connections served, \(refused) refused with -32004; "
            + String(format: "%.3f", spent) + " s of CPU in the idle second after")
    }

    /// Whether the daemon has sent something (a refusal) on this connection.
    private func readable(_ client: RPCClient) -> Bool {
        var poller = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    // MARK: Line categories

    /// Sends `category`'s inputs in rounds, each round ended by a ping, and checks every
    /// reply against `ReplyOracle`. Stops at the first wrong reply, recording the inputs of
    /// that round.
    static func run(_ category: HostileInput.Category, with generator: inout HostileInput, on daemon: Daemon, budget: Double?)
        throws -> FuzzFigures
    {
        var f = FuzzFigures(category: category.rawValue)
        let start = ContinuousClock.now
        let minimum = category == .wrongTypes ? max(settings.iterations, HostileInput.wrongTypeCases.count) : settings.iterations
        var client = try daemon.connect()
        var round = 0
        while f.inputs < minimum || budget.map({ seconds(since: start) < $0 }) == true {
            round += 1
            var inputs: [[UInt8]] = []
            var owed: [ReplyOracle.Expected] = []
            var bytes: [UInt8] = []
            for _ in 0..<inputsPerRound {
                let input = generator.next(category)
                guard let expected = ReplyOracle.expected(for: input) else {
                    Issue.record("\(category.rawValue): a generated input is over the line limit: \(ReplyOracle.show(input, limit: 200))")
                    return f
                }
                owed += expected
                inputs.append(input)
                bytes += input + [UInt8(ascii: "\n")]
            }
            let sentinel = JSONValue.string("end of round \(round)")
            bytes += Array(JSONWriter.string(["jsonrpc": "2.0", "id": sentinel, "method": "ping"]).utf8) + [UInt8(ascii: "\n")]
            let (lines, closed) = try client.exchange(bytes, until: sentinel)
            let replies = lines.filter { $0?["method"] != "event" }
            let shown = { inputs.map { ReplyOracle.show($0) }.joined(separator: "\n") }
            guard !closed else {
                Issue.record("\(category.rawValue): the daemon closed the connection in round \(round); its inputs:\n\(shown())")
                return f
            }
            guard replies.count == owed.count else {
                Issue.record("\(category.rawValue): \(replies.count) replies for \(owed.count) owed in round \(round); its inputs:\n\(shown())")
                return f
            }
            for (reply, expected) in zip(replies, owed) {
                let problem = reply.map { ReplyOracle.problem(with: $0, expected) } ?? "a reply that is not JSON"
                if let problem {
                    let text = reply.map(JSONWriter.string) ?? "?"
                    Issue.record("\(category.rawValue): \(problem) in \(text.prefix(500)); the round's inputs:\n\(shown())")
                    return f
                }
            }
            f.inputs += inputs.count
            f.bytes += bytes.count
            f.repliesChecked += replies.count
            // A fresh connection now and then, as clients come and go.
            if round % 10 == 0 { client = try daemon.connect() }
        }
        f.elapsed = seconds(since: start)
        return f
    }

    // MARK: The daemon after each category

    /// The timers every category must leave as they are: a running countdown with a message
    /// and reminders, a paused one, a deadline with a checklist, a repeating one, a silent one
    /// with a name in another script, and one that has fired.
    static func holdTimers(_ daemon: Daemon) throws -> TimerSnapshot {
        let client = try daemon.connect()
        let inTwoDays = RFC3339.format(Timestamp(nanoseconds: Int64(wallSeconds() * 1e9)) + .seconds(2 * 86_400))
        let requests: [(String, JSONValue)] = [
            ("start", ["name": "held-pasta", "seconds": 3_600, "message": "salt the water", "remind": [600, 60]]),
            ("start", ["name": "held-tea", "seconds": 600]), ("pause", ["name": "held-tea"]),
            ("start", ["name": "held-report", "at": .string(inTwoDays)]),
            ("todo.add", ["name": "held-report", "items": ["write intro", "proofread"]]),
            ("todo.set", ["name": "held-report", "id": 1, "done": true]),
            ("start", ["name": "held-focus", "seconds": 1_500, "rounds": 4, "then": ["name": "held-break", "seconds": 300]]),
            ("start", ["name": "held-パスタ", "seconds": 7_200, "silent": true]),
            ("start", ["name": "held-egg", "seconds": 0.1]),
        ]
        for (method, params) in requests {
            let reply = try client.call(method, params)
            try #require(reply["result"] != nil, "\(method): \(reply)")
        }
        #expect(eventually { (try? client.call("get", ["name": "held-egg"])["result"]?["timer"]?["state"]) == "done" })
        return TimerSnapshot(try #require(try client.call("list")["result"]?["timers"]?.arrayValue))
    }

    /// The daemon is running, answers ping (round trips returned, in ms) and holds `held` as it was.
    static func checkHealth(_ daemon: Daemon, _ held: TimerSnapshot, after what: String) throws -> [Double] {
        try #require(daemon.process.isRunning, "timerd is not running after \(what):\n\(daemon.log().suffix(3_000))")
        let client = try daemon.connect()
        var roundTrips: [Double] = []
        for _ in 0..<pingsPerCheck {
            let start = ContinuousClock.now
            let reply = try client.call("ping")
            roundTrips.append(seconds(since: start) * 1_000)
            try #require(reply["result"]?["protocol"] == .integer(Int64(protocolVersion)), "ping after \(what): \(reply)")
        }
        let timers = try #require(try client.call("list")["result"]?["timers"]?.arrayValue)
        let change = held.difference(from: TimerSnapshot(timers))
        #expect(change == nil, "after \(what): \(change ?? "")")
        return roundTrips
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
