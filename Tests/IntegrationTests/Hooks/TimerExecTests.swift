import Foundation
import Glibc
import Protocol
import Testing

/// A timer's own command (`--exec`) with the real daemon and real shells: kept through a
/// `kill -9` and a restart, run when the timer fires (on time, or late and saying so), and a
/// failure told by `timerctl history`.
@Suite(.serialized) struct TimerExecTests {
    /// A command that appends what it was told to `file`, one line a run.
    static func recorder(_ file: String) -> String {
        "printf '%s|%s|%s\\n' \"$TIMERD_EVENT\" \"$TIMERD_NAME\" \"$TIMERD_MISSED\" >> \(TimerText.shellWord(file))"
    }

    static func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func aTimersCommandSurvivesAKill9AndRunsWhenItFiresAfterTheRestart() throws {
        let daemon = try Daemon()
        let out = daemon.directory + "/ran"
        #expect(try daemon.ctl("start", "pasta", "6s", "--exec", Self.recorder(out)).status == 0)
        #expect(try daemon.ctl("start", "late", "1s", "--exec", Self.recorder(out)).status == 0)
        let shown = try daemon.ctl("show", "pasta").stdout
        #expect(shown.contains("\n  exec      " + Self.recorder(out) + "\n"), "\(shown)")

        #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        // "late" comes due while timerd is down; "pasta" after it is back.
        let due = try Self.dueAt(daemonDirectory: daemon.directory, name: "late")
        let lateDue = try #require(due).addingTimeInterval(Double(Limits.lateAfter.seconds) + 0.1)
        while Date() < lateDue { usleep(50_000) }
        try daemon.restart()
        #expect(try daemon.ctl("show", "pasta").stdout.contains("  exec      "), "still kept")
        #expect(eventually { Self.lines(out).count == 2 }, "\(Self.lines(out)) \(daemon.log())")
        #expect(Self.lines(out) == ["done|late|1", "done|pasta|0"])
        let pasta = try JSONParser.parse(try daemon.ctl("show", "pasta", "--json").stdout)
        #expect(pasta["exec"] == .string(Self.recorder(out)))
    }

    @Test func aFailingCommandIsLoggedAndToldByHistory() throws {
        let daemon = try Daemon()
        #expect(try daemon.ctl("start", "tea", "1s", "--exec", "echo 'no kettle here' >&2; exit 3").status == 0)
        #expect(try daemon.ctl("wait", "tea").status == 0)
        #expect(eventually { (try? daemon.ctl("history").stdout.contains("hook exit 3")) == true }, "\(daemon.log())")
        let history = try daemon.ctl("history").stdout
        #expect(history.hasPrefix("NAME  DUE"), "\(history)")
        #expect(history.contains("HOOK"), "\(history)")
        let json = try JSONParser.parse(try daemon.ctl("history", "--json").stdout)
        #expect(json.arrayValue?.first?["hookFailure"] == "hook exit 3", "\(json)")
        let log = daemon.log()
        #expect(log.contains("hook done for \"tea\" failed with exit status 3"), "\(log)")
        #expect(log.contains("  no kettle here"), "\(log)")
        // And it survives a restart: the history is saved with it.
        daemon.stop()
        try daemon.restart()
        #expect(try daemon.ctl("history").stdout.contains("hook exit 3"))
    }

    @Test func aCommandWithAControlCharacterIsRefusedAndNothingStarts() throws {
        let daemon = try Daemon()
        let refused = try daemon.ctl("start", "tea", "1m", "--exec", "echo \u{1B}[2J")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--exec: The command contains a control character"), "\(refused.stderr)")
        #expect(try daemon.ctl("ls").stdout.contains("tea") == false)
    }

    /// When `name` is due, as the saved state says (the daemon is down: `sqlite3` reads it).
    private static func dueAt(daemonDirectory: String, name: String) throws -> Date? {
        let db = daemonDirectory + "/state/timerd.db"
        let result = try run("/usr/bin/sqlite3", [db, "SELECT end_wall_ns FROM timers WHERE name = '\(name)'"])
        guard let ns = Int64(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return Date(timeIntervalSince1970: Double(ns) / 1e9)
    }
}
