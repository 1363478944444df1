import Foundation
import Protocol

/// How long the hostile-input tests run. `make test` runs them bounded (a few thousand inputs,
/// seconds); `make fuzz` sets `TIMERD_FUZZ_SECONDS` for a run of minutes.
///
/// - `TIMERD_FUZZ_ITERATIONS`: inputs per category at least (default 300);
/// - `TIMERD_FUZZ_SECONDS`: keep generating until this much time has gone, spread over the
///   categories; it also makes the slow client really write one byte a second;
/// - `TIMERD_FUZZ_SEED`: the seed (decimal or 0x hex); by default a fixed one for the bounded
///   run, so that it is the same every time, and a new one for a long run. Printed either way.
struct FuzzSettings: Sendable {
    var seed: UInt64
    var iterations: Int
    var seconds: Double?

    static let defaultSeed: UInt64 = 0x7469_6D65_7264_2131

    static func fromEnvironment() -> FuzzSettings {
        let env = ProcessInfo.processInfo.environment
        let seconds = env["TIMERD_FUZZ_SECONDS"].flatMap(Double.init)
        let iterations = env["TIMERD_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 300
        let seed =
            env["TIMERD_FUZZ_SEED"].flatMap { text in
                text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
            } ?? (seconds == nil ? defaultSeed : UInt64.random(in: 0...UInt64.max))
        return FuzzSettings(seed: seed, iterations: max(1, iterations), seconds: seconds)
    }

    var isLong: Bool { seconds != nil }

    /// Time for each of `parts` parts of the run, or nil for a bounded run.
    func share(of parts: Int) -> Double? { seconds.map { $0 / Double(parts) } }

    /// Between two bytes of the slow client.
    var slowByteInterval: Duration { isLong ? .seconds(1) : .milliseconds(5) }

    var seedText: String { "0x" + String(seed, radix: 16) }
}

/// What one category of the run did, for the figures the suite prints.
struct FuzzFigures {
    var category: String
    var inputs = 0
    var bytes = 0
    var repliesChecked = 0
    var elapsed: Double = 0
    /// Ping round trips after the category, in milliseconds.
    var pings: [Double] = []
    /// Ping round trips while the category's clients were still connected (slow, silent, deaf).
    var duringPings: [Double] = []
    var note = ""

    /// The note, with the pings taken meanwhile.
    var notes: String {
        guard !duringPings.isEmpty else { return note }
        let during = String(format: "ping meanwhile p50 %.2f ms, p99 %.2f ms", Self.percentile(duringPings, 0.5), Self.percentile(duringPings, 0.99))
        return note.isEmpty ? during : note + "; " + during
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
    }

    static func table(_ rows: [FuzzFigures]) -> String {
        func ms(_ v: Double) -> String { String(format: "%.2f", v) }
        func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, n - s.count))
            return right ? fill + s : s + fill
        }
        var lines = [
            pad("category", 28) + pad("inputs", 8, right: true) + pad("KiB", 9, right: true) + pad("replies", 9, right: true)
                + pad("s", 7, right: true) + pad("ping p50", 10, right: true) + pad("p99", 8, right: true) + pad("max ms", 8, right: true)
                + "  notes"
        ]
        for r in rows {
            lines.append(
                pad(r.category, 28) + pad("\(r.inputs)", 8, right: true) + pad("\(r.bytes / 1024)", 9, right: true)
                    + pad("\(r.repliesChecked)", 9, right: true) + pad(String(format: "%.1f", r.elapsed), 7, right: true)
                    + pad(ms(percentile(r.pings, 0.5)), 10, right: true) + pad(ms(percentile(r.pings, 0.99)), 8, right: true)
                    + pad(ms(r.pings.max() ?? .nan), 8, right: true) + (r.notes.isEmpty ? "" : "  " + r.notes))
        }
        let all = rows.flatMap(\.pings)
        lines.append(
            pad("total", 28) + pad("\(rows.map(\.inputs).reduce(0, +))", 8, right: true)
                + pad("\(rows.map(\.bytes).reduce(0, +) / 1024)", 9, right: true)
                + pad("\(rows.map(\.repliesChecked).reduce(0, +))", 9, right: true)
                + pad(String(format: "%.1f", rows.map(\.elapsed).reduce(0, +)), 7, right: true)
                + pad(ms(percentile(all, 0.5)), 10, right: true) + pad(ms(percentile(all, 0.99)), 8, right: true)
                + pad(ms(all.max() ?? .nan), 8, right: true))
        return lines.joined(separator: "\n")
    }
}

/// Whether these tests (and so the daemon, built with them) run under AddressSanitizer
/// (`make sanitize-address`): it keeps freed memory in quarantine and puts red zones around
/// every allocation, so resident memory says nothing about what the daemon holds.
let underAddressSanitizer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

/// A process's resident memory, from /proc, in KiB: now (VmRSS) and at its peak (VmHWM).
func residentMemory(of pid: pid_t) -> (now: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// CPU time a process has used, in seconds (user and system, from /proc/PID/stat).
func cpuSeconds(of pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command: state is field 3; utime and stime are fields 14 and 15.
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}
