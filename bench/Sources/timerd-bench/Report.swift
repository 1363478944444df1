import Glibc

/// One measured figure: ours, the peers' from the same run, the target and whether it is met.
struct Figure {
    enum Verdict: String {
        case pass = "PASS"
        case fail = "FAIL"
        /// Reported for comparison; no target.
        case info = "—"
    }

    var name: String
    var ours: String
    var peers: String = ""
    var target: String = ""
    var verdict: Verdict = .info
}

/// The figures of a run, printed as they come and written out as Markdown at the end.
final class Report {
    struct Section {
        var title: String
        var figures: [Figure] = []
        var notes: [String] = []
        var error: String?
    }

    private(set) var sections: [Section] = []

    func begin(_ title: String) {
        sections.append(Section(title: title))
        print("\n== \(title)")
    }

    func add(_ figure: Figure) {
        sections[sections.count - 1].figures.append(figure)
        var line = "  \(figure.name): \(figure.ours)"
        if !figure.target.isEmpty { line += "  (target \(figure.target)) \(figure.verdict.rawValue)" }
        if !figure.peers.isEmpty { line += "\n      peers: \(figure.peers)" }
        print(line)
    }

    /// A figure with a target: PASS when `met`.
    func add(_ name: String, _ ours: String, target: String, met: Bool, peers: String = "") {
        add(Figure(name: name, ours: ours, peers: peers, target: target, verdict: met ? .pass : .fail))
    }

    func note(_ text: String) {
        sections[sections.count - 1].notes.append(text)
        print("  note: \(text)")
    }

    func failed(_ error: String) {
        sections[sections.count - 1].error = error
        print("  ERROR: \(error)")
    }

    var figures: [Figure] { sections.flatMap(\.figures) }
    var errors: [String] { sections.compactMap { $0.error.map { "\($0)" } } }

    func markdown(machine: [(String, String)], summary: String) -> String {
        var text = "# timerd benchmarks\n\n"
        text += "Written by `make bench` (bench/Sources/timerd-bench); every figure below comes from one run, "
        text += "with the peers measured on the same machine, the same session bus and the same notification server.\n\n"
        text += summary + " Where a target is not met, [analysis.md](analysis.md) says why, with the profile, "
        text += "and what would meet it.\n\n## Machine\n\n| | |\n|---|---|\n"
        for (key, value) in machine { text += "| \(key) | \(value) |\n" }
        for section in sections {
            text += "\n## \(section.title)\n\n"
            if let error = section.error { text += "**The harness failed here:** \(error)\n\n" }
            if !section.figures.isEmpty {
                text += "| figure | timerd | peers, same run | target | result |\n|---|---|---|---|---|\n"
                for f in section.figures {
                    text += "| \(f.name) | \(f.ours) | \(f.peers.isEmpty ? "" : f.peers) | \(f.target) | \(f.verdict == .info ? "" : "**\(f.verdict.rawValue)**") |\n"
                }
            }
            for note in section.notes { text += "\n" + note + "\n" }
        }
        return text
    }
}

/// What the report says about the machine it ran on.
func machineDescription(timerdVersion: String) -> [(String, String)] {
    func first(_ path: String, _ key: String) -> String? {
        Proc.read(path)?.split(separator: "\n").first { $0.hasPrefix(key) }
            .map { String($0.drop { $0 != ":" && $0 != "=" }.dropFirst()).trimmingCharacters() }
    }
    var name = utsname()
    uname(&name)
    let kernel = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    let memory = (first("/proc/meminfo", "MemTotal").flatMap { Int($0.split(separator: " ")[0]) } ?? 0) / 1024 / 1024
    var now = time(nil)
    var utc = tm()
    gmtime_r(&now, &utc)
    var buffer = [CChar](repeating: 0, count: 64)
    strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &utc)
    return [
        ("date", string(fromC: buffer)),
        ("CPU", (first("/proc/cpuinfo", "model name") ?? "unknown") + ", \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores"),
        ("memory", "\(memory) GiB"),
        ("system", (first("/etc/os-release", "PRETTY_NAME") ?? "unknown").trimmingQuotes() + ", Linux \(kernel)"),
        ("compiler", getenv("BENCH_SWIFT_VERSION").map { String(cString: $0) } ?? "unknown"),
        ("timerd", timerdVersion + " (release build)"),
    ]
}

extension String {
    func trimmingCharacters(in set: String = " \t") -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
    func trimmingQuotes() -> String { trimmingCharacters(in: "\"") }
}

/// "0.42 ms"
func ms(_ value: Double, _ digits: Int = 2) -> String { fixed(value, digits) + " ms" }

/// A C string (NUL-terminated) as Swift text.
func string(fromC buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A line on standard error.
func printError(_ text: String) {
    let bytes = Array((text.hasSuffix("\n") ? text : text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
