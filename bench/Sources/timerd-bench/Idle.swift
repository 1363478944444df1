import Glibc

/// Figures 5 and 6: what an idle daemon costs, against a process that ticks once a second
/// (how a phone app's countdown screen keeps time).
func measureIdle(_ options: Options, _ report: Report, daemon: Daemon) throws {
    report.begin("5–6. Idle cost")
    let seconds = options.quick ? 2 : 30
    let tick = try Spawn.start([options.harness, "--tick"])
    defer {
        kill(tick, SIGTERM)
        Spawn.wait(tick)
    }
    // Long enough for what the last command left behind to settle (the Swift runtime's idle
    // worker threads end a few seconds after their last job).
    Clock.sleep(milliseconds: options.quick ? 1_000 : 10_000)
    let oursBefore = Proc.contextSwitches(daemon.pid)
    let tickBefore = Proc.contextSwitches(tick)
    Clock.sleep(milliseconds: Int64(seconds) * 1000)
    let oursAfter = Proc.contextSwitches(daemon.pid)
    let ours = Proc.switches(from: oursBefore, to: oursAfter)
    let ticks = Proc.switches(from: tickBefore, to: Proc.contextSwitches(tick))
    let threads = Proc.threads(daemon.pid).count
    // Which threads woke, by name: what to look at when the figure is not zero.
    let woke = oursAfter.filter { $0.value > (oursBefore[$0.key] ?? 0) }.map { task, count in
        "\((Proc.read("/proc/\(daemon.pid)/task/\(task)/comm") ?? "?").trimmingCharacters(in: "\n")) +\(count - (oursBefore[task] ?? 0))"
    }
    report.add(
        "context switches in \(seconds) s, all \(threads) threads, 10 timers an hour out", "\(ours)", target: "≤ 2",
        met: ours <= 2, peers: "a 1 Hz tick: \(ticks)")
    if !woke.isEmpty { report.note("Threads of timerd that woke in those \(seconds) s: \(woke.sorted().joined(separator: ", ")).") }
    let rss = daemon.residentMiB
    report.add("resident memory, idle with 10 timers", fixed(rss, 1) + " MiB", target: "≤ 16 MiB", met: rss <= 16)
    report.note(
        "Counted from `voluntary_ctxt_switches` and `nonvoluntary_ctxt_switches` in /proc/PID/task/*/status, "
            + "over the threads alive at the end, plus one for each thread that ended meanwhile. timerd "
            + "sleeps in `epoll_wait` without a timeout; a timerfd wakes it when the next timer is due. The 1 Hz tick "
            + "is the harness itself in `--tick` mode: a loop that sleeps a second and redraws nothing.")
}

/// `--tick`: wake once a second, as a countdown screen does, until killed.
func tickForever() -> Never {
    var remaining = 3600
    while true {
        Clock.sleep(milliseconds: 1000)
        remaining -= 1
        if remaining < 0 { remaining = 3600 }
    }
}
