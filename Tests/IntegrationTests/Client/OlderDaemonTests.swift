import Foundation
import Protocol
import Testing

/// timerctl with a timerd left running from before an upgrade (a stand-in that speaks
/// protocol 1, `old_timerd.py`): what it does not know is said with the way out, and what
/// the older one sends that this version does not know is passed over.
@Suite("An older timerd still running")
struct OlderDaemonTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Support/old_timerd.py").path

    /// Runs `body` with an old timerd started `startedBy`, at a socket of its own.
    static func withOldDaemon(startedBy: String, _ body: (String, Child) throws -> Void) throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let socket = directory + "/timerd.sock"
        let old = try Child("/usr/bin/python3", [script, socket, startedBy], stderr: directory + "/old.log")
        defer {
            old.signal(SIGTERM)
            old.wait()
        }
        try #require(eventually { FileManager.default.fileExists(atPath: socket) }, "the old timerd did not start")
        try body(socket, old)
    }

    static func ctl(_ socket: String, _ arguments: String...) throws -> ProcessResult {
        try run(Programs.timerctl, arguments + ["--socket", socket, "--no-spawn"])
    }

    @Test("A method it does not know: restart it, with the command for how it was started")
    func aNewMethodSaysToRestartIt() throws {
        try Self.withOldDaemon(startedBy: "hand") { socket, old in
            let skip = try Self.ctl(socket, "skip", "standup")
            #expect(skip.status == 1, "\(skip)")
            #expect(skip.stderr == """
                timerctl: timerd 0.9.0 (protocol 1) is older than this timerctl (protocol \(protocolVersion)) and does not know \
                "skip": it is still running from before an upgrade. Restart it (its timers are kept): `kill \(old.pid)`, then \
                run the command again (timerctl starts the new timerd).

                """)
            let ping = try Self.ctl(socket, "ping")
            #expect(ping.stdout == "timerd 0.9.0 is running (protocol 1, started by hand).\n", "\(ping)")
        }
        try Self.withOldDaemon(startedBy: "systemd") { socket, _ in
            let lap = try Self.ctl(socket, "lap", "run")
            #expect(lap.status == 1)
            #expect(lap.stderr.hasSuffix("Restart it (its timers are kept): `systemctl --user restart timerd`.\n"), "\(lap)")
        }
    }

    @Test("Fields and kinds of timer this timerctl does not know are passed over")
    func unknownFieldsAndKindsArePassedOver() throws {
        try Self.withOldDaemon(startedBy: "hand") { socket, _ in
            let ls = try Self.ctl(socket, "ls")
            #expect(ls.status == 0, "\(ls)")
            #expect(ls.stdout.contains("pasta") && !ls.stdout.contains("hourglass"), "\(ls)")
            #expect(ls.stderr == """
                timerctl: 1 timer of a kind this timerctl does not know (from a newer timerd) is not shown; \
                `timerctl ls --json` shows every timer.

                """)
            let json = try Self.ctl(socket, "ls", "--json")
            #expect(json.stdout.contains("hourglass") && json.stdout.contains("colour"), "as the daemon sent them: \(json)")
        }
    }
}
