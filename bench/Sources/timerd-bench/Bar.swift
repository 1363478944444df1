import Glibc

/// Figure 7 (issue 18): what `timerctl bar --follow` costs a status bar that shows one timer,
/// running and then paused, against a bar's shell-script timer (bench/waybar-timer.sh: a shell
/// loop with `sleep 1`, as waybar-timer and polybar-timer did it). The one-shot `timerctl bar`
/// is timed in section 2, beside `timerctl ls` and `atq`.
func measureBar(_ options: Options, _ report: Report) throws {
    report.begin("7. The status bar")
    let seconds = options.quick ? 3 : 60
    let script = "bench/waybar-timer.sh"
    guard access(script, X_OK) == 0 else {
        throw Spawn.Failure(description: "no \(script) here: run the harness from the repository's top directory, as bench/run does")
    }
    let directory = makeDirectory("bar")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let client = try daemon.connect()
    let started = try client.call(Requests.countdown("pasta", seconds: 30 * 60))
    guard !Client.isError(Array(started.utf8)) else { throw Spawn.Failure(description: "start pasta: \(started)") }
    let follow = [options.bin + "/timerctl", "bar", "--format", "waybar", "--follow"]
    print("  timerctl bar --follow over \(seconds) s running, then \(seconds) s paused, beside \(script)")

    // (a) The countdown runs: a line a second. Beside it, the least such a line costs: the
    // harness in `--line-tick` mode, a quarter of a second after each of the bar's ticks. The
    // window opens half a second after a tick of the bar, so that it holds whole ticks of both
    // and both are asleep at its ends.
    let running = try Follower(follow, environment: daemon.environment, log: directory + "/bar-running.log")
    defer { running.stop() }
    let firstLine = try running.line(within: 5_000)
    let startup = Double(firstLine.at - running.spawned) / 1e6
    let tick = try running.line(within: 3_000)
    let tickWall = Clock.wall() - (Clock.monotonic() - tick.at)
    let phase = (tickWall + 250_000_000) % 1_000_000_000 / 1_000_000
    let floor = try Follower(
        [options.harness, "--line-tick", "\(phase)"], environment: Spawn.environment([:]), log: directory + "/line-tick.log")
    defer { floor.stop() }
    _ = try floor.line(within: 2_000)
    Clock.sleep(milliseconds: max(0, (tick.at + 500_000_000 - Clock.monotonic()) / 1_000_000))
    let before = try running.reading()
    let floorBefore = try floor.reading()
    Clock.sleep(milliseconds: Int64(seconds) * 1000)
    let ours = try running.reading().since(before)
    let least = try floor.reading().since(floorBefore)
    floor.stop()

    // (b) Paused: the same process, told by the daemon's event, and one started while paused.
    running.skipPrinted()
    let asked = Clock.monotonic()
    let paused = try client.call(Requests.line("pause", "{\"name\":\"pasta\"}"))
    guard !Client.isError(Array(paused.utf8)) else { throw Spawn.Failure(description: "pause pasta: \(paused)") }
    let pauseLine = try running.line(within: 2_000)
    let pauseShown = Double(pauseLine.at - asked) / 1e6
    let fresh = try Follower(follow, environment: daemon.environment, log: directory + "/bar-paused.log")
    defer { fresh.stop() }
    let freshLine = try fresh.line(within: 5_000)

    // The shell loops run meanwhile: the bars have nothing to do while paused, so nothing
    // competes with the loops for the cores. The loops start half a second apart, so that
    // their ticks do not meet.
    let peerRunning = try Peer(script: script, directory: directory + "/waybar-timer-running", paused: false)
    Clock.sleep(milliseconds: 500)
    let runningBefore = try running.reading()
    let freshBefore = try fresh.reading()
    let peerPaused = try Peer(script: script, directory: directory + "/waybar-timer-paused", paused: true)
    Clock.sleep(milliseconds: Int64(seconds) * 1000 - 500)
    let theirs = try peerRunning.stop()
    Clock.sleep(milliseconds: 500)
    let oursPaused = try running.reading().since(runningBefore)
    let freshPaused = try fresh.reading().since(freshBefore)
    let theirsPaused = try peerPaused.stop()
    let lifetime = running.stop()
    daemon.stop()

    func perTick(_ cost: Peer.Cost) -> String { ms(cost.usage.cpuMilliseconds / Double(max(cost.ticks, 1))) }
    func loop(_ cost: Peer.Cost, _ what: (Peer.Cost) -> String) -> String {
        "the shell loop (whole tree, \(fixed(cost.seconds, 1)) s): \(what(cost))"
    }
    func switches(_ cost: Peer.Cost) -> String {
        "\(grouped(cost.usage.voluntarySwitches)) + \(grouped(cost.usage.contextSwitches - cost.usage.voluntarySwitches)) (\(cost.lines) lines)"
    }
    report.add(
        "`bar --follow`, a countdown running: wake-ups (voluntary + involuntary context switches) in \(seconds) s",
        "\(ours.voluntary) + \(ours.switches - ours.voluntary) (\(ours.lines) lines)", target: "≤ \(seconds) wake-ups",
        met: ours.voluntary <= seconds,
        peers: "a line a second alone: \(least.voluntary) + \(least.switches - least.voluntary); " + loop(theirs, switches))
    report.add(
        "`bar --follow`, a countdown running: CPU time in \(seconds) s", ms(ours.cpuMilliseconds), target: "≤ 5 ms",
        met: ours.cpuMilliseconds <= 5,
        peers: "a line a second alone: \(ms(least.cpuMilliseconds)); " + loop(theirs) { ms($0.usage.cpuMilliseconds, 1) })
    report.add(
        "`bar --follow`, paused: context switches in \(seconds) s", "\(freshPaused.switches) started paused, \(oursPaused.switches) paused while it ran",
        target: "0", met: freshPaused.switches == 0 && oursPaused.switches == 0, peers: loop(theirsPaused, switches))
    report.add(
        Figure(
            name: "`bar --follow`, paused: CPU time in \(seconds) s",
            ours: "\(ms(freshPaused.cpuMilliseconds, 3)) and \(ms(oursPaused.cpuMilliseconds, 3))",
            peers: loop(theirsPaused) { ms($0.usage.cpuMilliseconds, 1) }))
    report.add(Figure(name: "`bar --follow`, spawn to its first line (one start)", ours: ms(startup)))
    report.add(Figure(name: "`pause` request to the running bar's new line (once)", ours: ms(pauseShown)))
    report.note(
        "Its lines: `\(firstLine.text)` running, `\(pauseLine.text)` once paused (`\(freshLine.text)` from the one "
            + "started paused). Over its whole life (start-up, \(seconds) s running, the pause, \(seconds) s paused) the first "
            + "process used \(ms(lifetime.cpuMilliseconds)) of CPU and \(lifetime.voluntarySwitches) + "
            + "\(lifetime.contextSwitches - lifetime.voluntarySwitches) context switches (`wait4`).")
    report.note(
        "A timerd holds one countdown of 30 minutes; `timerctl bar --format waybar --follow` runs against it with its "
            + "output on a pipe the harness reads. Running, the \(seconds) s start half a second after one of its ticks; "
            + "paused, half a second after the pause (or the first line). CPU time is the process's CPU-time clock "
            + "(`clock_getcpuclockid`, to the ns; /proc/PID/stat's utime + stime, in clock ticks of 10 ms, said "
            + "\(ms(ours.statMilliseconds, 0)) running); context switches are counted as in 5–6: the voluntary ones are "
            + "the times it went to sleep, so its wake-ups; the involuntary ones, the times another task took its core. "
            + "\"A line a second alone\" is the least such a line costs here: the harness in `--line-tick` mode, which sleeps "
            + "in `poll` until a set instant of each second, writes a fixed line to its pipe and does nothing else, "
            + "measured the same way in the same \(seconds) s, ticking a quarter of a second after the bar. "
            + "The shell loop is bench/waybar-timer.sh `tail 1`, a reproduction of waybar-timer's shell script (its "
            + "waybar JSON: minutes left, and the expiry time in the tooltip, from `date`) in polybar-timer's loop "
            + "(`sleep 1 &` and `wait`, in one bash); it runs while the bars are paused, one loop running and one paused, "
            + "each \(seconds) s from its start to SIGTERM, and what its whole tree used is its `wait4` rusage (the "
            + "loop reaps every child before it exits). A tick of it starts 13 processes running (the tick's subshells, "
            + "`cat` and `date`, and `sleep`), 5 paused: \(perTick(theirs)) of CPU a tick running, \(perTick(theirsPaused)) paused.")
}

/// `--line-tick MS`: the least a once-a-second bar line costs. Sleeps in `poll` until MS past
/// the next second of the wall clock, writes a fixed line, and again, until killed.
func lineTickForever(phaseMilliseconds: Int64) -> Never {
    let line = Array(#"{"text":"pasta 29:59","tooltip":"pasta  29:59","class":"running","percentage":0,"alt":"running"}"#.utf8) + [10]
    while true {
        let intoSecond = (Clock.wall() / 1_000_000 - phaseMilliseconds) % 1000
        _ = poll(nil, 0, Int32(1000 - (intoSecond + 1000) % 1000))
        let written = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written < 0 && errno != EINTR { exit(0) }
    }
}

/// A process that prints lines (`timerctl bar --follow`), with its output on a pipe.
final class Follower {
    let pid: pid_t
    let spawned: Int64
    private var output: LineReader
    private var usage: Spawn.Usage?

    private let name: String

    init(_ argv: [String], environment: [String], log: String) throws {
        name = argv.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " ")
        spawned = Clock.monotonic()
        let (pid, fd) = try Spawn.startReading(argv, environment: environment, stderr: log)
        self.pid = pid
        output = LineReader(fd: fd, log: log)
    }

    deinit { stop() }

    /// The next line it prints, and when the harness read it (monotonic clock, ns).
    func line(within milliseconds: Int64) throws -> (text: String, at: Int64) {
        guard let line = try output.next(until: Clock.monotonic() + milliseconds * 1_000_000) else {
            throw Spawn.Failure(description: "\(name) printed nothing in \(milliseconds) ms; see \(output.log)")
        }
        return line
    }

    /// Passes over the lines printed so far: `line` waits for the next one.
    func skipPrinted() {
        output.drain()
        output.skipQueued()
    }

    /// What it has used so far, and how many lines it has printed.
    struct Reading {
        var cpu: Int64
        var statMilliseconds: Double
        var switches: [String: Int]
        var voluntary: [String: Int]
        var lines: Int

        /// The figures between `earlier` and this reading.
        func since(_ earlier: Reading) -> Span {
            Span(
                cpuMilliseconds: Double(cpu - earlier.cpu) / 1e6, statMilliseconds: statMilliseconds - earlier.statMilliseconds,
                switches: Proc.switches(from: earlier.switches, to: switches),
                voluntary: Proc.switches(from: earlier.voluntary, to: voluntary), lines: lines - earlier.lines)
        }
    }

    struct Span {
        var cpuMilliseconds: Double
        var statMilliseconds: Double
        /// Context switches, voluntary and not.
        var switches: Int
        var voluntary: Int
        var lines: Int
    }

    func reading() throws -> Reading {
        guard usage == nil, let cpu = Proc.cpuNanoseconds(pid), let stat = Proc.statCPUMilliseconds(pid) else {
            throw Spawn.Failure(description: "\(name) exited; see \(output.log)")
        }
        let switches = Proc.contextSwitches(pid)
        let voluntary = Proc.contextSwitches(pid, voluntaryOnly: true)
        output.drain()
        return Reading(cpu: cpu, statMilliseconds: stat, switches: switches, voluntary: voluntary, lines: output.count)
    }

    /// Ends it (SIGTERM) and returns what it used in its whole life.
    @discardableResult
    func stop() -> Spawn.Usage {
        if let usage { return usage }
        kill(pid, SIGTERM)
        let usage = Spawn.reap(pid)
        self.usage = usage
        output.close()
        return usage
    }
}

/// bench/waybar-timer.sh's loop (`tail 1`) over a timer of its own, 30 minutes long.
final class Peer {
    struct Cost {
        var usage: Spawn.Usage
        var lines: Int
        var seconds: Double
        /// Lines are ticks: one a second.
        var ticks: Int { lines }
    }

    private let pid: pid_t
    private let began: Int64
    private var output: LineReader

    init(script: String, directory: String, paused: Bool) throws {
        let environment = Spawn.environment(["WAYBAR_TIMER_DIR": directory, "LC_ALL": "C"])
        guard try Spawn.run([script, "new", "30"], environment: environment) == 0,
            try !paused || Spawn.run([script, "togglepause"], environment: environment) == 0
        else { throw Spawn.Failure(description: "\(script) could not set up its timer in \(directory)") }
        began = Clock.monotonic()
        let log = directory + ".log"
        let (pid, fd) = try Spawn.startReading([script, "tail", "1"], environment: environment, stderr: log)
        self.pid = pid
        output = LineReader(fd: fd, log: log)
    }

    deinit { _ = try? stop() }

    private var cost: Cost?

    /// Ends the loop (SIGTERM; it reaps its children, then exits) and returns what its tree used.
    func stop() throws -> Cost {
        if let cost { return cost }
        kill(pid, SIGTERM)
        let usage = Spawn.reap(pid)
        let seconds = Double(Clock.monotonic() - began) / 1e9
        output.drain()
        output.close()
        let cost = Cost(usage: usage, lines: output.count, seconds: seconds)
        self.cost = cost
        guard usage.status == 0 else { throw Spawn.Failure(description: "the shell loop exited with \(usage.status)") }
        return cost
    }
}

/// Lines from a non-blocking pipe: counted, and the next one waited for.
struct LineReader {
    private var fd: Int32
    let log: String
    private var inbox: [UInt8] = []
    private(set) var count = 0
    private var queued: [(text: String, at: Int64)] = []

    init(fd: Int32, log: String) {
        self.fd = fd
        self.log = log
    }

    /// The next line, or nil if none comes before `deadline` (monotonic clock, ns).
    mutating func next(until deadline: Int64) throws(Spawn.Failure) -> (text: String, at: Int64)? {
        while queued.isEmpty {
            let left = (deadline - Clock.monotonic()) / 1_000_000
            guard left > 0 else { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(left))
            if ready < 0 && errno != EINTR { throw Spawn.Failure(description: "poll failed") }
            if ready > 0 && !drain() && queued.isEmpty { return nil }
        }
        return queued.removeFirst()
    }

    /// Takes what is in the pipe; false at its end.
    @discardableResult
    mutating func drain() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while fd >= 0 {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return true }
            if n == 0 { return false }
            inbox += chunk[0..<n]
            let now = Clock.monotonic()
            while let newline = inbox.firstIndex(of: UInt8(ascii: "\n")) {
                queued.append((String(decoding: inbox[..<newline], as: UTF8.self), now))
                inbox.removeSubrange(...newline)
                count += 1
            }
        }
        return false
    }

    mutating func skipQueued() { queued.removeAll() }

    mutating func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
