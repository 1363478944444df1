import Glibc

/// Firing under load (the hardening issue's figure): with 100,000 timers held and 50 clients
/// hammering the daemon, from each deadline's due instant to its `Notify` call on the bus.
func measureFiringUnderLoad(_ options: Options, _ report: Report) throws {
    report.begin("1b. Firing under load")
    let directory = makeDirectory("load")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let client = try daemon.connect()

    let far = options.quick ? 2_000 : 100_000
    let held = try client.exchange(
        Requests.batch((0..<far).map { Requests.countdown("far-\(zeroPad($0, width: 6))", seconds: 86_400 + $0 % 3600) }),
        expected: far)
    guard held.errors == 0 else { throw Spawn.Failure(description: "a start failed: \(held.firstError ?? "")") }

    // One deadline every quarter of a second (under the flood guard's five notifications a
    // second), at a random millisecond of its quarter.
    let count = options.quick ? 4 : 100
    let spacing: Int64 = 250_000_000
    let start = (Clock.wall() / 1_000_000 + 2_000) * 1_000_000
    var random = SeededRandom(seed: 20261209)
    let soon = (0..<count).map { index in
        (name: "soon-\(zeroPad(index))", due: start + Int64(index) * spacing + Int64.random(in: 0..<50, using: &random) * 1_000_000)
    }
    let set = try client.exchange(Requests.batch(soon.map { Requests.deadline($0.name, wall: $0.due) }), expected: count)
    guard set.errors == 0 else { throw Spawn.Failure(description: "timerd refused a timer: \(set.firstError ?? "")") }

    let bus = try BusWatch(directory: directory)
    let clients = options.quick ? 5 : 50
    print("  \(grouped(far)) timers held, \(count) due while \(clients) clients hammer; done in \((soon.last!.due - Clock.wall()) / 1_000_000_000 + 3) s")
    let hammer = try Hammer(socket: daemon.socket, clients: clients, farTimers: far)
    try hammer.run(until: soon.last!.due + 1_000_000_000)
    usleep(1_000_000)
    bus.stop()
    daemon.stop()

    let seen = BusWatch.firstMention(of: soon.map(\.name), in: bus.calls())
    let late = Sample(soon.compactMap { timer in seen[timer.name].map { Double($0.wall - timer.due) / 1e6 } })
    report.add("timers fired, under load", "\(late.count) of \(count)", target: "all", met: late.count == count)
    report.add(Figure(name: "lateness p50, under load", ours: ms(late.median, 3)))
    report.add("lateness p99, under load", ms(late.percentile(99), 3), target: "≤ 2 ms", met: late.percentile(99) <= 2)
    report.add("earliest, under load (negative = early)", ms(late.min, 3), target: "≥ 0 (none early)", met: late.min >= 0)
    let replies = Sample(hammer.latencies)
    report.add(
        Figure(
            name: "requests answered meanwhile",
            ours: "\(grouped(hammer.latencies.count)) (\(grouped(Int(Double(hammer.latencies.count) / hammer.seconds)))/s), "
                + "\(hammer.errors) errors, reply p50 \(ms(replies.median, 3)), p99 \(ms(replies.percentile(99), 3))"))
    report.note(
        "The daemon holds \(grouped(far)) countdowns a day out, and \(count) deadlines come due a quarter of a second apart, "
            + "each at a random millisecond of its quarter, while \(clients) connections keep four requests in flight each "
            + "(`start` of a timer of their own, `get` of a held one, `cancel`, `ping`), driven by one thread of the harness. "
            + "Lateness is as in 1: the `time=` dbus-monitor stamps on the `Notify` call minus the due instant. After a firing, "
            + "the daemon waits up to 3 ms for libnotify to return before it answers requests again, so that the "
            + "notification's way to the bus (its GLib thread, libnotify's D-Bus thread, the bus daemon) has a core.")
}

/// Clients that keep the daemon busy: each keeps four requests in flight, a cycle of `start`,
/// `get`, `cancel` and `ping`.
final class Hammer {
    private let connections: [Client]
    private let farTimers: Int
    private var random = SeededRandom(seed: 0x4A33)
    private var sentAt: [[Int64]]
    private var steps: [Int]
    private(set) var latencies: [Double] = []
    private(set) var errors = 0
    private(set) var seconds = 0.0

    init(socket: String, clients: Int, farTimers: Int) throws {
        connections = try (0..<clients).map { _ in try Client(socket: socket) }
        self.farTimers = farTimers
        sentAt = Array(repeating: [], count: clients)
        steps = Array(repeating: 0, count: clients)
    }

    private func send(_ client: Int) {
        let step = steps[client]
        steps[client] += 1
        let own = "h\(client)-\(step / 4)"
        let line: String
        switch step % 4 {
        case 0: line = Requests.countdown(own, seconds: 3600)
        case 1: line = Requests.line("get", "{\"name\":\"far-\(zeroPad(Int.random(in: 0..<farTimers, using: &random), width: 6))\"}")
        case 2: line = Requests.line("cancel", "{\"name\":\"\(own)\"}")
        default: line = Requests.line("ping")
        }
        let bytes = Array((line + "\n").utf8)
        sentAt[client].append(Clock.monotonic())
        _ = bytes.withUnsafeBytes { Glibc.send(connections[client].fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Hammers until the wall clock reaches `end` (nanoseconds since 1970).
    func run(until end: Int64) throws {
        let began = Clock.monotonic()
        for client in connections.indices {
            for _ in 0..<4 { send(client) }
        }
        var pollfds = connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        while Clock.wall() < end {
            guard poll(&pollfds, nfds_t(pollfds.count), 50) >= 0 || errno == EINTR else {
                throw Spawn.Failure(description: "poll failed")
            }
            for client in pollfds.indices where pollfds[client].revents != 0 {
                pollfds[client].revents = 0
                while let (line, _) = try connections[client].nextLine(timeoutMilliseconds: 0) {
                    latencies.append(Double(Clock.monotonic() - sentAt[client].removeFirst()) / 1e6)
                    if Client.isError(line) { errors += 1 }
                    send(client)
                }
            }
        }
        seconds = Double(Clock.monotonic() - began) / 1e9
    }
}
