import Glibc

/// Figure 4: 100,000 live timers: memory, listing them, starting up with them, and 10,000
/// of them due in the same second.
func measureScale(_ options: Options, _ report: Report) throws {
    report.begin("4. Scale")
    let directory = makeDirectory("scale")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let count = options.quick ? 2_000 : 100_000

    var client = try daemon.connect()
    let made = try client.exchange(
        Requests.batch((0..<count).map { Requests.countdown("sc-\(zeroPad($0, width: 6))", seconds: 3600 + $0 % 3600) }),
        expected: count)
    guard made.errors == 0 else { throw Spawn.Failure(description: "a start failed: \(made.firstError ?? "")") }
    let rss = daemon.residentMiB
    report.add("resident memory with \(grouped(count)) timers", fixed(rss, 1) + " MiB", target: "≤ 64 MiB", met: rss <= 64)

    var listTimes: [Double] = []
    var replyBytes = 0
    for _ in 0..<3 {
        let listed = try client.exchange(Requests.batch([Requests.line("list")]), expected: 1, keep: true)
        guard listed.errors == 0 else { throw Spawn.Failure(description: "list failed: \(listed.firstError ?? "")") }
        let names = countOccurrences(of: "\"name\":\"sc-", in: listed.replies[0])
        guard names == count else { throw Spawn.Failure(description: "list returned \(names) of \(count) timers") }
        replyBytes = listed.replies[0].count
        listTimes.append(Double(listed.nanoseconds) / 1e6)
    }
    let list = Sample(listTimes).median
    report.add(
        "`list` of all \(grouped(count)), median of 3", ms(list, 0) + " (\(fixed(Double(replyBytes) / 1_048_576, 1)) MiB of JSON)",
        target: "≤ 300 ms", met: list <= 300)
    let rssAfterList = daemon.residentMiB
    report.add(Figure(name: "resident memory after listing them", ours: fixed(rssAfterList, 1) + " MiB"))

    daemon.stop()
    try daemon.start()
    let restartRSS = daemon.residentMiB
    report.add(
        "start-up with \(grouped(count)) timers in the store (spawn to first reply)", ms(daemon.startupMilliseconds, 0),
        target: "≤ 1,000 ms", met: daemon.startupMilliseconds <= 1000)
    report.add(Figure(name: "resident memory after that start-up", ours: fixed(restartRSS, 1) + " MiB"))

    // 10,000 deadlines in one second, on top of the timers already held.
    let burst = options.quick ? 500 : 10_000
    client = try daemon.connect()
    let watcher = try daemon.connect()
    _ = try watcher.call(Requests.line("subscribe"))
    let bus = try BusWatch(directory: directory)
    let second = (Clock.wall() / 1_000_000_000 + 3) * 1_000_000_000
    var due: [String: Int64] = [:]
    let lines = (0..<burst).map { i -> String in
        let name = "due-\(zeroPad(i, width: 5))"
        due[name] = second + Int64(i % 1000) * 1_000_000
        return Requests.deadline(name, wall: due[name]!)
    }
    let set = try client.exchange(Requests.batch(lines), expected: burst)
    guard set.errors == 0 else { throw Spawn.Failure(description: "a deadline was refused: \(set.firstError ?? "")") }
    var fired = 0
    var worst: Int64 = 0
    var early = 0
    // Every "fired" event, until all came or 5 s after the second.
    while fired < burst, Clock.wall() < second + 6_000_000_000 {
        guard let (line, wall) = try watcher.nextLine(timeoutMilliseconds: 500) else { continue }
        let text = String(decoding: line, as: UTF8.self)
        guard text.contains("\"event\":\"fired\""), let name = firstName(in: text), let at = due[name] else { continue }
        fired += 1
        worst = max(worst, wall - at)
        if wall < at { early += 1 }
    }
    Clock.sleep(milliseconds: 1_500)
    bus.stop()
    let notices = bus.calls().filter { $0.text.contains("due-") || $0.text.contains("timers done") }
    report.add(
        "\(grouped(burst)) deadlines in one second: fired, latest (from its due instant to its `fired` event)",
        "\(grouped(fired)) of \(grouped(burst)), latest \(ms(Double(worst) / 1e6, 1)), \(early) early",
        target: "all within 1 s", met: fired == burst && worst <= 1_000_000_000 && early == 0)
    let lastNotice = notices.map(\.wall).max().map { Double($0 - (second + 999_000_000)) / 1e6 }
    report.add(
        Figure(
            name: "their notifications",
            ours: "\(notices.count) `Notify` calls, the last \(lastNotice.map { ms($0, 0) } ?? "n/a") after the last due instant"))
    report.note(
        "The timers are countdowns of one to two hours, started pipelined over one connection. Memory is the daemon's "
            + "VmRSS. The burst is \(grouped(burst)) deadlines spread over one second (ten per millisecond), watched "
            + "through `subscribe`; the flood guard shows five notifications a second and folds the rest into a summary "
            + "one second later, so the desktop gets a handful of notifications, not \(grouped(burst)).")
}

func countOccurrences(of needle: String, in haystack: [UInt8]) -> Int {
    let pattern = Array(needle.utf8)
    var count = 0
    var i = 0
    let n = haystack.count - pattern.count
    while i <= n {
        if haystack[i] == pattern[0] {
            var j = 1
            while j < pattern.count && haystack[i + j] == pattern[j] { j += 1 }
            if j == pattern.count {
                count += 1
                i += j
                continue
            }
        }
        i += 1
    }
    return count
}

/// The value of the first `"name":"…"` in a line.
func firstName(in text: String) -> String? {
    guard let start = text.firstRange(of: "\"name\":\"")?.upperBound else { return nil }
    return String(text[start...].prefix { $0 != "\"" })
}
