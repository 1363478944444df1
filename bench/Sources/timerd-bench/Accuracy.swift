import Glibc

/// Figure 1: from each timer's due instant to its `Notify` call on the session bus, for timerd
/// and, over the same minute on the same bus, for `sleep N && notify-send` and for `at`.
func measureAccuracy(_ options: Options, _ report: Report) throws {
    report.begin("1. Firing accuracy")
    let directory = makeDirectory("accuracy")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let bus = try BusWatch(directory: directory)

    // The timers: one event every third of a second (a notification server is not shown
    // more than five a second: timerd's flood guard would fold the rest into a summary), every
    // fifth event a pair of timers 1 ms apart. Deadlines, so each is due at an exact instant.
    let events = options.quick ? 9 : 180
    let spacing: Int64 = 333_000_000
    let start = (Clock.wall() / 1_000_000 + 2_000) * 1_000_000
    let window = Int64(events) * spacing
    var random = SeededRandom(seed: 20261130)
    var ours: [(name: String, due: Int64, paired: Bool)] = []
    for event in 0..<events {
        let due = start + Int64(event) * spacing + Int64.random(in: 0..<50, using: &random) * 1_000_000
        if event % 5 == 2 {
            ours.append(("acc-\(zeroPad(ours.count))", due, true))
            ours.append(("acc-\(zeroPad(ours.count))", due + 1_000_000, true))
        } else {
            ours.append(("acc-\(zeroPad(ours.count))", due, false))
        }
    }
    let client = try daemon.connect()
    // When its `fired` event reaches a subscriber: the daemon sends it once libnotify has
    // returned from showing the notification (or 3 ms have passed), so it follows the bus.
    let watcher = try daemon.connect()
    _ = try watcher.call(Requests.line("subscribe"))
    let set = try client.exchange(Requests.batch(ours.map { Requests.deadline($0.name, wall: $0.due) }), expected: ours.count)
    guard set.errors == 0 else { throw Spawn.Failure(description: "timerd refused a timer: \(set.firstError ?? "")") }

    // The do-it-yourself timer, due between ours: `sleep N && notify-send`, typed at `spawn`.
    var diy: [(name: String, due: Int64)] = []
    let diyCount = options.quick ? 2 : 30
    if Spawn.exists("notify-send") {
        for j in 0..<diyCount {
            let name = "diy-\(zeroPad(j))"
            let target = start + Int64(j) * (window / Int64(diyCount)) + spacing / 2
            let typed = Clock.wall()
            let seconds = Double((target - typed) / 1_000_000) / 1000
            _ = try Spawn.start(["sh", "-c", "sleep \(fixed(seconds, 3)) && notify-send -u critical \(name)"])
            diy.append((name, typed + Int64((seconds * 1000).rounded()) * 1_000_000))
        }
    }

    // The floor: libnotify called on the thread a timerfd wakes, due between ours.
    let floorCount = options.quick ? 3 : 60
    let floorSpacing = window / Int64(floorCount)
    let floorStart = start + spacing * 3 / 4
    let floor = (0..<floorCount).map { (name: NotifyFloor.name($0), due: floorStart + Int64($0) * floorSpacing) }
    let floorProcess = try Spawn.start([options.harness, "--notify-floor", "\(floorStart)", "\(floorSpacing)", "\(floorCount)"])

    // The classic scheduler: `at`, at each whole minute in the window, and once asked for the
    // thirtieth second of a minute (`at -t …hhmm.30`).
    var atJobs: [(name: String, due: Int64, asked: String)] = []
    if options.withAt {
        // Every whole minute and half minute in the window.
        let end = start + window
        var instant = (Clock.wall() / 30_000_000_000 + 1) * 30_000_000_000
        while instant <= end {
            let onMinute = instant % 60_000_000_000 == 0
            if instant > Clock.wall() + 3_000_000_000 {
                let name = "at-\(zeroPad(atJobs.count))"
                let stamp = atStamp(instant, seconds: !onMinute)
                let status = try Spawn.run(["sh", "-c", "echo 'notify-send -u critical \(name) >/dev/null 2>&1' | at -t \(stamp) 2>/dev/null"])
                if status == 0 { atJobs.append((name, instant, onMinute ? "hh:mm" : "hh:mm:30")) }
            }
            instant += 30_000_000_000
        }
    }

    let last = max(ours.last!.due, diy.last?.due ?? 0, atJobs.map(\.due).max() ?? 0)
    print("  \(ours.count) timers, \(diy.count) sleep && notify-send, \(atJobs.count) at jobs; done in \((last - Clock.wall()) / 1_000_000_000 + 3) s")
    var eventAt: [String: Int64] = [:]
    while Clock.wall() < last + 3_000_000_000 {
        guard let (line, wall) = try watcher.nextLine(timeoutMilliseconds: 200) else { continue }
        let text = String(decoding: line, as: UTF8.self)
        if text.contains("\"event\":\"fired\""), let name = firstName(in: text), eventAt[name] == nil { eventAt[name] = wall }
    }
    bus.stop()
    let calls = bus.calls()
    daemon.stop()
    kill(floorProcess, SIGTERM)
    _ = Spawn.wait(floorProcess)

    let seen = BusWatch.firstMention(of: ours.map(\.name) + diy.map(\.name) + atJobs.map(\.name) + floor.map(\.name), in: calls)
    func lateness(_ name: String, _ due: Int64) -> Double? { seen[name].map { Double($0.wall - due) / 1e6 } }
    let all = Sample(ours.compactMap { lateness($0.name, $0.due) })
    let alone = Sample(ours.filter { !$0.paired }.compactMap { lateness($0.name, $0.due) })
    let paired = Sample(ours.filter(\.paired).compactMap { lateness($0.name, $0.due) })
    let sleeps = Sample(diy.compactMap { lateness($0.name, $0.due) })
    let ats = atJobs.map { ($0, lateness($0.name, $0.due)) }
    let floors = Sample(floor.compactMap { lateness($0.name, $0.due) })

    /// The peers' figure for one statistic: the floor, then the do-it-yourself timer.
    func peers(_ statistic: (Sample) -> Double, ratio showRatio: Bool = true) -> String {
        var parts: [String] = []
        if !floors.isEmpty { parts.append("libnotify alone: \(ms(statistic(floors), 3))") }
        if !sleeps.isEmpty {
            parts.append("sleep && notify-send: \(ms(statistic(sleeps)))" + (showRatio ? " (\(ratio(statistic(sleeps), statistic(all))))" : ""))
        }
        return parts.joined(separator: "; ")
    }
    report.add(
        "timers fired", "\(all.count) of \(ours.count)", target: "all", met: all.count == ours.count,
        peers: [
            floors.isEmpty ? nil : "libnotify alone: \(floors.count) of \(floor.count)",
            sleeps.isEmpty ? nil : "sleep && notify-send: \(sleeps.count) of \(diy.count)",
        ].compactMap { $0 }.joined(separator: "; "))
    report.add("lateness p50", ms(all.median, 3), target: "≤ 0.5 ms", met: all.median <= 0.5, peers: peers(\.median))
    report.add(
        "lateness p99", ms(all.percentile(99), 3), target: "≤ 2 ms", met: all.percentile(99) <= 2,
        peers: peers { $0.percentile(99) })
    report.add(
        "earliest (negative = early)", ms(all.min, 3), target: "≥ 0 (none early)", met: all.min >= 0,
        peers: peers(\.min, ratio: false))
    let fromEvents = Sample(ours.compactMap { timer in eventAt[timer.name].map { Double($0 - timer.due) / 1e6 } })
    report.add(
        Figure(
            name: "due to its `fired` event at a subscriber (sent once libnotify has returned, at most 3 ms after the hand-over)",
            ours: "p50 \(ms(fromEvents.median, 3)), p99 \(ms(fromEvents.percentile(99), 3))"))
    report.add(Figure(name: "latest", ours: ms(all.max, 3), peers: peers(\.max, ratio: false)))
    if !ats.isEmpty {
        let text = ats.map { job, late in
            "asked for \(job.asked): " + (late.map { $0 < 0 ? "\(fixed(-$0 / 1000, 3)) s early" : "\(fixed($0 / 1000, 3)) s late" } ?? "never came")
        }.joined(separator: "; ")
        report.add(Figure(name: "at (atd)", ours: "", peers: text))
    }
    report.note(
        "\(alone.count) timers alone: p50 \(ms(alone.median, 3)), p99 \(ms(alone.percentile(99), 3)). "
            + "\(paired.count) timers in pairs 1 ms apart: p50 \(ms(paired.median, 3)), p99 \(ms(paired.percentile(99), 3)); "
            + "a pair is one notification at the later instant (timers due within 5 ms of each other are grouped), "
            + "so the first of each pair is 1 ms later than it would be alone, and never early.")
    report.note(
        "Lateness is the `time=` dbus-monitor stamps on each `Notify` call minus the instant the timer was due, both "
            + "on the wall clock. The do-it-yourself timer's due instant is when `sleep N && notify-send` was typed plus N: "
            + "its lateness is the shell, `sleep` and `notify-send` starting up. "
            + "\"libnotify alone\" is the least a libnotify program can do (`timerd-bench --notify-floor`): "
            + "\(floor.count) notifications, each shown by the very thread a timerfd wakes at its due instant, "
            + "with nothing else to do; timerd does its bookkeeping and hands the notification to its GLib thread. "
            + (options.withAt
                ? "`at` keeps only whole minutes: a job asked for :30 runs as soon as its minute has begun, up to half a minute early."
                : "`at` was not measured (quick mode, or at/atd missing)."))
}

func zeroPad(_ n: Int, width: Int = 4) -> String {
    let digits = String(n)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// "12.3× ours"
func ratio(_ theirs: Double, _ ours: Double) -> String {
    guard ours > 0, theirs.isFinite else { return "" }
    return fixed(theirs / ours, 1) + "× ours"
}

/// `at -t` takes local time as [[CC]YY]MMDDhhmm[.ss].
func atStamp(_ wall: Int64, seconds: Bool) -> String {
    var t = time_t(wall / 1_000_000_000)
    var local = tm()
    localtime_r(&t, &local)
    var buffer = [CChar](repeating: 0, count: 32)
    strftime(&buffer, buffer.count, seconds ? "%Y%m%d%H%M.%S" : "%Y%m%d%H%M", &local)
    return string(fromC: buffer)
}
