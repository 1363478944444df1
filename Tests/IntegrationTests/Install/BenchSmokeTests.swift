import Foundation
import Testing

/// The benchmark harness (`make bench`) in its quick mode: small counts, on the debug build.
/// Its figures mean nothing here (timings belong to `make bench`); what the test holds is
/// that the harness runs every section against the real daemon, bus, notification server and
/// sound server, and writes the report.
@Suite("benchmark harness")
struct BenchSmokeTests {
    @Test("A quick run measures every section and writes the report")
    func quickRunWritesEveryFigure() throws {
        try Desktop.require()
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let report = directory + "/results.md"
        let result = try run(
            Programs.directory + "/timerd-bench", ["--quick", "--bin", Programs.directory, "--out", report])
        #expect(result.status == 0, "\(result)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        for heading in ["## Machine", "## 1. Firing accuracy", "## 1b. Firing under load", "## 1c. Clients that never read", "## 1d. Ringing", "## 2. Command latency", "## 3. Throughput", "## 4. Scale", "## 5–6. Idle cost", "## 7. The status bar"] {
            #expect(text.contains(heading), "no \(heading) in\n\(text)")
        }
        #expect(!text.contains("The harness failed"), "\(text)")
        for figure in [
            "lateness p99", "timerctl ls", "timerctl start", "pipelined starts", "pipelined gets", "ping round trip",
            "resident memory with", "`list` of all", "start-up with", "deadlines in one second", "context switches",
            "resident memory, idle", "lateness p99, under load", "requests answered meanwhile",
            "memory held for them", "ping meanwhile, p99", "due to the ring's stream on the sound server, p99",
            "ring p99 against the do-it-yourself ring", "rings stopped by `dismiss`", "context switches in 3 s after the last ring",
            "timerctl bar, median of", "`bar --follow`, a countdown running: wake-ups", "`bar --follow`, a countdown running: CPU time",
            "`bar --follow`, paused: context switches", "a line a second alone", "the shell loop (whole tree",
        ] {
            #expect(text.contains(figure), "no figure \(figure) in\n\(text)")
        }
        #expect(text.contains("targets met"))
        // Every timer of the quick accuracy run reached the bus.
        #expect(text.contains("| timers fired | 11 of 11 |"), "\(text)")
        #expect(text.contains("| timers fired, under load | 4 of 4 |"), "\(text)")
        // Every ring of the quick run reached the sound server, and so did every `sleep && paplay`.
        #expect(text.contains("| rings that reached the sound server | 5 of 5 | sleep && paplay: 5 of 5 |"), "\(text)")
        // The running bar printed its ticks, and so did the shell loop beside it.
        let bar = text.split(separator: "\n").first { $0.hasPrefix("| `bar --follow`, a countdown running: wake-ups") }
        #expect(bar != nil && !bar!.contains("(0 lines)"), "\(text)")
    }
}
