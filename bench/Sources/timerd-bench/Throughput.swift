import Glibc

/// Figure 3: pipelined `start`s and `get`s over one connection, and `ping` round trips with
/// many clients at once.
func measureThroughput(_ options: Options, _ report: Report) throws {
    report.begin("3. Throughput")
    let directory = makeDirectory("throughput")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let client = try daemon.connect()

    let starts = options.quick ? 2_000 : 20_000
    let names = (0..<starts).map { "tp-\(zeroPad($0, width: 6))" }
    let started = try client.exchange(Requests.batch(names.map { Requests.countdown($0, seconds: 3600) }), expected: starts)
    guard started.errors == 0 else { throw Spawn.Failure(description: "a start failed: \(started.firstError ?? "")") }
    let startRate = Double(starts) / (Double(started.nanoseconds) / 1e9)
    report.add(
        "\(grouped(starts)) pipelined starts, each saved before its reply",
        "\(grouped(Int(startRate))) /s (\(ms(Double(started.nanoseconds) / 1e6, 0)))", target: "≥ 20,000 /s", met: startRate >= 20_000)

    let gets = options.quick ? 5_000 : 50_000
    let got = try client.exchange(
        Requests.batch((0..<gets).map { Requests.line("get", "{\"name\":\"\(names[$0 % starts])\"}") }), expected: gets)
    guard got.errors == 0 else { throw Spawn.Failure(description: "a get failed: \(got.firstError ?? "")") }
    let getRate = Double(gets) / (Double(got.nanoseconds) / 1e9)
    report.add(
        "\(grouped(gets)) pipelined gets", "\(grouped(Int(getRate))) /s (\(ms(Double(got.nanoseconds) / 1e6, 0)))",
        target: "≥ 50,000 /s", met: getRate >= 50_000)

    // Many clients, each waiting for its reply before it sends the next ping.
    let clients = options.quick ? 10 : 100
    let rounds = options.quick ? 20 : 200
    let pings = try pingRoundTrips(socket: daemon.socket, clients: clients, rounds: rounds)
    report.add(
        "ping round trip, \(clients) clients at once, p99", ms(pings.percentile(99), 3) + " (p50 \(ms(pings.median, 3)), max \(ms(pings.max)))",
        target: "≤ 5 ms", met: pings.percentile(99) <= 5)
    report.note(
        "One connection, requests written without waiting while replies are read (pipelining). A reply to `start` "
            + "means the timer is in SQLite with `synchronous=FULL`: requests that arrive together are saved in one "
            + "transaction. The ping figure is \(grouped(clients * rounds)) round trips from \(clients) connections "
            + "driven by one thread of the harness.")
}

/// Round-trip times of `ping` (ms) from `clients` connections, each sending its next ping
/// when the last is answered.
func pingRoundTrips(socket: String, clients: Int, rounds: Int) throws -> Sample {
    let connections = try (0..<clients).map { _ in try Client(socket: socket) }
    let ping = Array((Requests.line("ping") + "\n").utf8)
    var sentAt = [Int64](repeating: 0, count: clients)
    var left = [Int](repeating: rounds, count: clients)
    var times: [Double] = []
    times.reserveCapacity(clients * rounds)
    for (i, connection) in connections.enumerated() {
        sentAt[i] = Clock.monotonic()
        _ = ping.withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
    var pollfds = connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
    while left.contains(where: { $0 > 0 }) {
        guard poll(&pollfds, nfds_t(pollfds.count), 10_000) > 0 else { throw Spawn.Failure(description: "pings went unanswered for 10 s") }
        for i in pollfds.indices where pollfds[i].revents != 0 {
            pollfds[i].revents = 0
            while let (_, _) = try connections[i].nextLine(timeoutMilliseconds: 0) {
                times.append(Double(Clock.monotonic() - sentAt[i]) / 1e6)
                left[i] -= 1
                if left[i] > 0 {
                    sentAt[i] = Clock.monotonic()
                    _ = ping.withUnsafeBytes { send(connections[i].fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                } else {
                    pollfds[i].events = 0
                }
            }
        }
    }
    return Sample(times)
}
