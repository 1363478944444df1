import Glibc

/// Figure 2: `timerctl ls`, `timerctl start` and the one-shot `timerctl bar` as whole processes, spawn to exit, against
/// `atq` and `notify-send`, interleaved so that every command sees the same machine.
func measureLatency(_ options: Options, _ report: Report, daemon: Daemon) throws {
    report.begin("2. Command latency")
    let runs = options.quick ? 5 : 300
    let timerctl = options.bin + "/timerctl"
    let client = try daemon.connect()
    var commands: [(label: String, argv: (Int) -> [String], ours: Bool)] = [
        ("timerctl ls", { _ in [timerctl, "ls"] }, true),
        ("timerctl start", { i in [timerctl, "start", "lat-\(zeroPad(i))", "1h"] }, true),
        ("timerctl bar", { _ in [timerctl, "bar", "--format", "waybar"] }, true),
        ("true", { _ in ["/bin/true"] }, false),
    ]
    if Spawn.exists("atq") { commands.append(("atq", { _ in ["atq"] }, false)) }
    if Spawn.exists("notify-send") {
        commands.append(("notify-send", { i in ["notify-send", "-u", "low", "-t", "1", "latency \(i)"] }, false))
    }
    var times: [String: [Double]] = [:]
    for i in 0..<runs {
        for command in commands {
            let (status, elapsed) = try Spawn.timed(command.argv(i), environment: daemon.environment)
            if command.ours && status != 0 {
                throw Spawn.Failure(description: "\(command.label) exited with \(status)")
            }
            times[command.label, default: []].append(elapsed)
            if command.label == "timerctl start" {
                _ = try client.call(Requests.line("cancel", "{\"name\":\"lat-\(zeroPad(i))\"}"))
            }
        }
    }
    let median = times.mapValues { Sample($0).median }
    let atq = median["atq"] ?? .nan
    let notifySend = median["notify-send"] ?? .nan
    var peerText = "atq \(ms(atq)), notify-send \(ms(notifySend)), /bin/true \(ms(median["true"] ?? .nan))"
    if atq.isNaN { peerText = "atq not installed; notify-send \(ms(notifySend))" }
    for label in ["timerctl ls", "timerctl start", "timerctl bar"] {
        let ours = median[label]!
        let met = (atq.isNaN || ours <= 2 * atq) && (notifySend.isNaN || ours < notifySend)
        report.add(
            "\(label), median of \(runs)", ms(ours) + " (p90 \(ms(Sample(times[label]!).percentile(90))))",
            target: "≤ 2× atq (\(ms(2 * atq))) and < notify-send", met: met, peers: peerText)
    }
    report.note(
        "Each command is started with `posix_spawn` and timed to its exit, \(runs) times, the commands taking turns. "
            + "The daemon holds 10 timers. `notify-send` sends a real notification to the same server; `atq` lists "
            + "at's queue. timerctl is a static executable (Swift standard library and C library linked in): "
            + "a dynamically linked Swift program spends most of its start-up on the dynamic loader.")
}
