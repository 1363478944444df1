import Glibc

/// timerd-bench: measures timerd against what a user would use instead (`sleep && notify-send`,
/// `sleep && paplay`, `at`, `atq`) and writes bench/results.md. `make bench` runs it; `--quick`
/// is the smoke run of the test suite (small counts, no `at`, figures not meant to be read).
struct Options {
    var quick = false
    /// Where timerd and timerctl are.
    var bin = ".build/release"
    /// The report; bench/results.md, or for a quick run a file in /tmp.
    var out: String?
    var withAt = false
    /// This program, for `--tick`.
    var harness = "/proc/self/exe"
    /// The sections to run (by their number or name: 1, load, unread, sound, 2, 3, 4, 5, bar); all when empty.
    var only: Set<String> = []
}

let usage = """
    Usage: timerd-bench [--quick] [--bin DIR] [--out FILE] [--at] [--only SECTION]...
      --bin DIR   where timerd and timerctl are (default .build/release)
      --out FILE  the Markdown report (default bench/results.md; with --quick or --only, a file in /tmp)
      --at        also measure at/atd (atd must be running)
      --quick     a smoke run: small counts, seconds not minutes
      --only S    run only section S (1: firing, load: firing under load, unread: clients that
                  never read, sound: ringing, 2: commands and 5: idle, 3: throughput, 4: scale,
                  bar: the status bar); may be repeated
    Run it inside a desktop session (DISPLAY, a session bus, a notification server, and for
    `sound` a PulseAudio server); `make bench` does.
    """

var options = Options()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--tick": tickForever()
    case "--line-tick": lineTickForever(phaseMilliseconds: arguments.popFirst().flatMap { Int64($0) } ?? 0)
    case "--notify-floor": notifyFloor(Array(arguments))
    case "--quick": options.quick = true
    case "--at": options.withAt = true
    case "--bin": options.bin = arguments.popFirst() ?? options.bin
    case "--out": options.out = arguments.popFirst()
    case "--only": if let section = arguments.popFirst() { options.only.insert(section) }
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        printError("timerd-bench: unknown option \(argument)\n\(usage)\n")
        exit(2)
    }
}
var link = [CChar](repeating: 0, count: 4096)
if readlink("/proc/self/exe", &link, link.count - 1) > 0 { options.harness = string(fromC: link) }
guard access(options.bin + "/timerd", X_OK) == 0, access(options.bin + "/timerctl", X_OK) == 0 else {
    printError("timerd-bench: no timerd and timerctl in \(options.bin); build them first (swift build -c release) or pass --bin DIR\n")
    exit(2)
}
guard getenv("DBUS_SESSION_BUS_ADDRESS") != nil else {
    printError("timerd-bench: no session bus (DBUS_SESSION_BUS_ADDRESS); run it under scripts/with-desktop, as `make bench` does\n")
    exit(2)
}

let report = Report()
let began = Clock.monotonic()
signal(SIGPIPE, SIG_IGN)

@MainActor func section(_ body: () throws -> Void) {
    do { try body() } catch { report.failed("\(error)") }
}

@MainActor func wanted(_ names: String...) -> Bool { options.only.isEmpty || !options.only.isDisjoint(with: names) }

// Latency and idle cost share a daemon holding 10 timers an hour out.
if wanted("2", "5") { section {
    let directory = makeDirectory("desk")
    defer { removeDirectory(directory) }
    let daemon = try Daemon(program: options.bin + "/timerd", directory: directory)
    let client = try daemon.connect()
    _ = try client.exchange(Requests.batch((0..<10).map { Requests.countdown("desk-\($0)", seconds: 3600 + 60 * $0) }), expected: 10)
    section { try measureLatency(options, report, daemon: daemon) }
    section { try measureIdle(options, report, daemon: daemon) }
} }
if wanted("1") { section { try measureAccuracy(options, report) } }
if wanted("load") { section { try measureFiringUnderLoad(options, report) } }
if wanted("unread") { section { try measureUnreadLists(options, report) } }
if wanted("1d", "sound") { section { try measureRinging(options, report) } }
if wanted("3") { section { try measureThroughput(options, report) } }
if wanted("4") { section { try measureScale(options, report) } }
if wanted("7", "bar") { section { try measureBar(options, report) } }

let figures = report.figures.filter { $0.verdict != .info }
let passed = figures.filter { $0.verdict == .pass }.count
let minutes = Double(Clock.monotonic() - began) / 60e9
let summary = "**\(passed) of \(figures.count) targets met** in a run of \(fixed(minutes, 1)) minutes"
    + (options.quick ? " (quick mode: small counts, not a measurement)." : ".")

let versionFile = makeDirectory("version") + "/v"
_ = try? Spawn.run([options.bin + "/timerd", "--version"], log: versionFile)
let version = (Proc.read(versionFile) ?? "unknown").split(separator: "\n").first.map(String.init) ?? "unknown"
let text = report.markdown(machine: machineDescription(timerdVersion: version), summary: summary)
// A partial run never replaces the committed report.
let out = options.out ?? (options.quick ? "/tmp/timerd-bench-quick.md" : options.only.isEmpty ? "bench/results.md" : "/tmp/timerd-bench-partial.md")
let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
guard fd >= 0 else {
    printError("timerd-bench: cannot write \(out): \(String(cString: strerror(errno)))\n")
    exit(1)
}
_ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
close(fd)
print("\n\(summary)\nReport: \(out)")
for error in report.errors { print("harness error: \(error)") }
exit(report.errors.isEmpty ? 0 : 1)
