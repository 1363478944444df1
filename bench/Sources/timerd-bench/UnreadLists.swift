import Glibc

/// Clients that never read (issue 15): with 100,000 timers held, 150 clients each ask for the
/// list (27 MB) and never read it, while another pings. What the daemon holds for them is
/// bounded by its budget for unread output, and the ping is answered meanwhile.
func measureUnreadLists(_ options: Options, _ report: Report) throws {
    report.begin("1c. Clients that never read")
    let directory = makeDirectory("unread")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let client = try daemon.connect()

    let timers = options.quick ? 2_000 : 100_000
    let held = try client.exchange(
        Requests.batch((0..<timers).map { Requests.countdown("far-\(zeroPad($0, width: 6))", seconds: 86_400 + $0 % 3600) }),
        expected: timers)
    guard held.errors == 0 else { throw Spawn.Failure(description: "a start failed: \(held.firstError ?? "")") }
    let listLine = Array((Requests.line("list") + "\n").utf8)
    let alone = try client.exchange(listLine, expected: 1, keep: true)
    let listBytes = alone.replies[0].count
    let before = daemon.residentMiB

    let deafCount = options.quick ? 10 : 150
    let deaf = try (0..<deafCount).map { _ in try daemon.connect() }
    for connection in deaf {
        _ = listLine.withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
    let pinger = try daemon.connect()
    let window: Int64 = options.quick ? 2_000_000_000 : 20_000_000_000
    let began = Clock.monotonic()
    var pings: [Double] = []
    var resident = before
    while Clock.monotonic() - began < window {
        let sent = Clock.monotonic()
        _ = try pinger.call(Requests.line("ping"))
        pings.append(Double(Clock.monotonic() - sent) / 1e6)
        resident = max(resident, daemon.residentMiB)
        Clock.sleep(milliseconds: 10)
    }
    let peak = Double(Proc.status(daemon.pid, "VmHWM") ?? 0) / 1024
    // A client that reads, while the others still wait for their turn or have it.
    let reader = try daemon.connect()
    let read = try reader.exchange(listLine, expected: 1, timeoutSeconds: 600)
    let dropped = deaf.filter { connection in
        var poller = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0 && poller.revents & Int16(POLLHUP) != 0
    }.count
    daemon.stop()

    let budget = 64.0
    let bound = budget + Double(listBytes) / 1_048_576 + 32
    let sample = Sample(pings)
    report.add(
        "memory held for them (resident, above the daemon's own)", "\(fixed(peak - before, 0)) MiB at the peak",
        target: "≤ \(fixed(bound, 0)) MiB (budget 64, one list, 32)", met: peak - before <= bound)
    report.add(
        "ping meanwhile, p99", "\(ms(sample.percentile(99), 2)) (p50 \(ms(sample.median, 2)), \(pings.count) pings)",
        target: "≤ 50 ms", met: sample.percentile(99) <= 50)
    report.add(Figure(name: "ping meanwhile, worst", ours: ms(sample.max, 1)))
    report.add(Figure(name: "pings over 50 ms", ours: "\(pings.filter { $0 > 50 }.count) of \(pings.count)"))
    report.add(Figure(name: "one list of \(grouped(timers)) timers (\(listBytes / 1024) KiB), written and read alone", ours: ms(Double(alone.nanoseconds) / 1e6, 1)))
    report.add(Figure(name: "a list for a client that reads, after \(window / 1_000_000_000) s of them", ours: ms(Double(read.nanoseconds) / 1e6, 0)))
    report.add(Figure(name: "of them dropped by then (they read nothing)", ours: "\(dropped) of \(deafCount)"))
    report.note(
        "The daemon holds \(grouped(timers)) countdowns; \(deafCount) connections each send `list` and never read, while "
            + "another pings every 10 ms for \(window / 1_000_000_000) s. The daemon keeps at most 64 MiB of replies and events "
            + "unread by all clients together (and one list past it): a `list` waits for room, one is written at a time, in a "
            + "batch of its own, and a client that has read none of what it was given for a second is dropped when others "
            + "need the room. A ping waits only for the one list being written, if any.")
}
