import Glibc
import Protocol

/// Figure 1d (issue 17): from a timer's due instant to its ring's stream appearing on the sound
/// server, against the do-it-yourself ring, `sleep N && paplay`, taking turns; then what the
/// daemon costs once the ring is over.
func measureRinging(_ options: Options, _ report: Report) throws {
    report.begin("1d. Ringing")
    let alarm = "/usr/share/sounds/freedesktop/stereo/alarm-clock-elapsed.oga"
    guard getenv("TIMERD_TEST_SOUND") != nil, Spawn.exists("pactl"), Spawn.exists("paplay") else {
        throw Spawn.Failure(
            description: "no sound server to ring on (TIMERD_TEST_SOUND unset, or pactl or paplay missing); "
                + "run it under scripts/with-desktop, as `make bench` does")
    }
    guard access(alarm, R_OK) == 0 else {
        throw Spawn.Failure(description: "no \(alarm): install sound-theme-freedesktop (scripts/deps bench)")
    }
    let directory = makeDirectory("ringing")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let client = try daemon.connect()
    let watch = try SoundWatch(directory: directory)
    defer { watch.stop() }

    let rounds = options.quick ? 5 : 50
    // Lengths between half a second and 0.9 s, to the microsecond, so that due instants fall
    // anywhere in a second and in the sound server's periods.
    var random = SeededRandom(seed: 20261217)
    func length() -> Int64 { 500_000_000 + Int64.random(in: 0..<400_000, using: &random) * 1000 }
    /// A monotonic deadline five seconds after a wall-clock instant.
    func fiveSeconds(after wall: Int64) -> Int64 { Clock.monotonic() + (wall - Clock.wall()) + 5_000_000_000 }

    var ours: [Double] = []
    var sinceFiring: [Double] = []
    var firing: [Double] = []
    var theirs: [Double] = []
    var whileRinging: [String] = []
    var firstRing: Double?
    /// The sound server's clients that timerd's rings came on (a sample played from the
    /// server's cache has none).
    var connections: Set<String> = []
    /// Rings whose stream `dismiss` left playing.
    var unstopped = 0
    print("  \(rounds) rings of timerd and \(rounds) of sleep && paplay, taking turns; about \(rounds * 3 / 2) s")
    for round in 0..<rounds {
        // timerd: a countdown (the protocol takes fractions of a second), answered once its
        // sound plays.
        let name = "ring-\(zeroPad(round))"
        let started = try client.call(Requests.line("start", "{\"name\":\"\(name)\",\"seconds\":\(fixed(Double(length()) / 1e9, 6))}"))
        guard let due = wallInstant("endsAt", in: started) else { throw Spawn.Failure(description: "start \(name): \(started)") }
        let heard = try watch.sinkInput("new", until: fiveSeconds(after: due)) { event in
            guard let owner = watch.owner(ofSinkInput: event.index), owner.process == daemon.pid else { return false }
            if owner.client != "-" { connections.insert(owner.client) }
            return true
        }
        if heard != nil && whileRinging.isEmpty { whileRinging = Proc.threadNames(daemon.pid) }
        let dismissed = try client.call(Requests.line("dismiss", "{\"name\":\"\(name)\"}"))
        guard !Client.isError(Array(dismissed.utf8)) else { throw Spawn.Failure(description: "dismiss \(name): \(dismissed)") }
        if let heard {
            ours.append(Double(heard.wall - due) / 1e6)
            if round == 0 { firstRing = ours[0] }
            if let fired = wallInstant("firedAt", in: dismissed) {
                firing.append(Double(fired - due) / 1e6)
                sinceFiring.append(Double(heard.wall - fired) / 1e6)
            }
            if try !watch.removed(heard) {
                // Nothing plays it again once answered: wait for the sound to end by itself.
                unstopped += 1
                guard try watch.removed(heard, within: 60) else {
                    throw Spawn.Failure(description: "timerd's stream (sink input #\(heard.index)) still played a minute after `dismiss`")
                }
            }
        }
        _ = try client.call(Requests.line("cancel", "{\"name\":\"\(name)\"}"))

        // The do-it-yourself ring, typed at a shell: due when typed plus the sleep.
        let typed = Clock.wall()
        let sleep = length() / 1_000_000
        let shellDue = typed + sleep * 1_000_000
        let shell = try Spawn.start(["sh", "-c", "sleep \(fixed(Double(sleep) / 1000, 3)) && paplay \(alarm)"], group: true)
        let played = try watch.sinkInput("new", until: fiveSeconds(after: shellDue)) { event in
            guard let owner = watch.owner(ofSinkInput: event.index)?.process else { return false }
            return owner == shell || Proc.parent(owner) == shell
        }
        kill(-shell, SIGTERM)
        Spawn.wait(shell)
        if let played {
            theirs.append(Double(played.wall - shellDue) / 1e6)
            guard try watch.removed(played) else { throw Spawn.Failure(description: "paplay's stream outlived paplay") }
        }
    }

    // Once the last ring is over, the player lets go of the sound server: libcanberra's
    // thread ends and nothing wakes.
    Clock.sleep(milliseconds: 500)
    let seconds = 3
    let before = Proc.contextSwitches(daemon.pid)
    Clock.sleep(milliseconds: Int64(seconds) * 1000)
    let after = Proc.contextSwitches(daemon.pid)
    let switches = Proc.switches(from: before, to: after)
    let threads = Proc.threadNames(daemon.pid)
    let woke = after.filter { $0.value > (before[$0.key] ?? 0) }.map { task, count in
        "\((Proc.read("/proc/\(daemon.pid)/task/\(task)/comm") ?? "?").trimmingCharacters(in: "\n")) +\(count - (before[task] ?? 0))"
    }
    daemon.stop()

    let rings = Sample(ours)
    let shells = Sample(theirs)
    let fromFiring = Sample(sinceFiring)
    func peer(_ statistic: (Sample) -> Double, ratio showRatio: Bool = true) -> String {
        "sleep && paplay: \(ms(statistic(shells)))" + (showRatio ? " (\(ratio(statistic(shells), statistic(rings))))" : "")
    }
    report.add(
        "rings that reached the sound server", "\(rings.count) of \(rounds)", target: "all", met: rings.count == rounds,
        peers: "sleep && paplay: \(shells.count) of \(rounds)")
    report.add(
        Figure(
            name: "due to the ring's stream on the sound server, p50", ours: ms(rings.median) + " (p90 \(ms(rings.percentile(90))))",
            peers: peer(\.median)))
    report.add(
        "due to the ring's stream on the sound server, p99", ms(rings.percentile(99)), target: "≤ 30 ms",
        met: rings.percentile(99) <= 30, peers: peer { $0.percentile(99) })
    report.add(
        "ring p99 against the do-it-yourself ring", ms(rings.percentile(99)), target: "< sleep && paplay",
        met: rings.percentile(99) < shells.percentile(99), peers: peer({ $0.percentile(99) }, ratio: false))
    report.add(
        "rings stopped by `dismiss` (their stream gone within 5 s)", "\(rings.count - unstopped) of \(rings.count)", target: "all",
        met: unstopped == 0)
    report.add(Figure(name: "the first ring after start-up", ours: firstRing.map { ms($0) } ?? "not heard"))
    report.add(
        Figure(
            name: "its firing (`firedAt`, to the ms) to the ring's stream",
            ours: "p50 \(ms(fromFiring.median)), p99 \(ms(fromFiring.percentile(99))); due to `firedAt`: at most \(ms(Sample(firing).max, 0))"))
    let canberra = threads.filter { $0 == "threaded-ml" }
    report.add(
        "context switches in \(seconds) s after the last ring, all \(threads.count) threads", "\(switches)",
        target: "≤ 1, no libcanberra thread", met: switches <= 1 && canberra.isEmpty)
    report.note(
        "Threads of timerd after the last ring: \(threads.joined(separator: ", ")); while a ring played: "
            + "\(whileRinging.isEmpty ? "(none heard)" : whileRinging.joined(separator: ", "))."
            + (woke.isEmpty ? "" : " Threads that woke in those \(seconds) s: \(woke.sorted().joined(separator: ", ")).")
    )
    report.note(
        "Each round starts a countdown of 0.5–0.9 s (`start` with fractional seconds), waits for its sound's sink input "
            + "to appear on the sound server, answers it with `dismiss`, waits for the sink input to go, and cancels the "
            + "timer; then the same for `sh -c 'sleep N && paplay alarm-clock-elapsed.oga'`, whose due instant is when it "
            + "was started plus N, killed once its stream appears. \(rounds) rounds each, taking turns (with fewer than "
            + "101 rings, the p99 is the latest). The stream's "
            + "instant is when the harness read `pactl subscribe`'s line \"Event 'new' on sink-input #N\" (wall clock), "
            + "the due instant the timer's `endsAt` from the `start` reply (to the millisecond, cut toward the past: a "
            + "figure may be up to 1 ms over). Between rings timerd holds no connection to the sound server, so every "
            + "ring connects afresh, as an alarm after a quiet while does (this run's \(rings.count) rings came on "
            + "\(connections.count) different connections). The sound server is PulseAudio with a null "
            + "sink (`scripts/with-desktop`); idle, the daemon's context switches are counted as in 5–6.")
}

extension SoundWatch {
    /// Whether the sound server drops `stream` within `seconds` (it was answered, or its
    /// player killed), so that the next round starts with nothing playing.
    func removed(_ stream: Event, within seconds: Int64 = 5) throws(Spawn.Failure) -> Bool {
        try sinkInput("remove", until: Clock.monotonic() + seconds * 1_000_000_000) { $0.index == stream.index } != nil
    }
}

/// The instant of `"key":"2026-…Z"` in a reply, as wall-clock nanoseconds; nil if it is null
/// or missing.
func wallInstant(_ key: String, in reply: String) -> Int64? {
    guard let start = reply.firstRange(of: "\"\(key)\":\"")?.upperBound else { return nil }
    return RFC3339.parse(reply[start...].prefix { $0 != "\"" })?.nanoseconds
}
