import Foundation
import Glibc
import Protocol
import Testing

/// A recurring deadline with the real daemon: it fires on each occurrence at its instant,
/// survives a `kill -9`, and every view of timers shows it (bar, history, subscribe).
@Suite(.serialized) struct RecurringDeadlineTests {
    @Test func aShortIntervalFiresAtEachInstantAndGoesOnAfterAKill9() throws {
        let daemon = try Daemon()
        let watch = try EventWatch(daemon)
        let set = try daemon.ctl("until", "beat", "+2s", "--every", "2s", "--silent")
        #expect(set.status == 0 && set.stdout.contains("then every 2s"), "\(set)")

        var dues: [Timestamp] = []
        for _ in 0..<2 {
            let fired = try watch.next("fired", of: "beat")
            let due = try #require(fired.endsAt)
            let late = try #require(fired.firedAt) - due
            #expect(late >= .zero && late < .milliseconds(100), "fired \(late) after its instant")
            dues.append(due)
            let next = try watch.next("advanced", of: "beat")
            #expect(next.state == .running && next.endsAt == due + .seconds(2), "\(next)")
        }
        #expect(dues[1] - dues[0] == .seconds(2), "the second occurrence 2 s after the first: \(dues)")

        let history = try JSONParser.parse(try daemon.ctl("history", "--json").stdout)
        #expect(history.arrayValue?.filter { $0["name"] == "beat" }.count == 2, "\(history)")
        let bar = try daemon.ctl("bar")
        #expect(bar.status == 0 && bar.stdout.hasPrefix("beat 0:0"), "\(bar)")
        let ls = try daemon.ctl("ls").stdout
        #expect(ls.contains("beat ↻ every 2s"), "\(ls)")

        #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        try daemon.restart()
        let shown = try JSONParser.parse(try daemon.ctl("show", "beat", "--json").stdout)
        #expect(shown["every"] == ["seconds": 2], "\(shown)")
        let after = try EventWatch(daemon)
        let fired = try after.next("fired", of: "beat")
        let due = try #require(fired.endsAt)
        #expect((due - dues[1]).nanoseconds % 2_000_000_000 == 0, "still on the 2 s grid: \(due) after \(dues[1])")
        #expect(try daemon.ctl("cancel", "beat").status == 0, "cancel ends it")
        #expect(try daemon.ctl("ls").stdout.contains("beat") == false)
    }

    @Test func skipPauseAndResumeFromTheCommandLine() throws {
        let daemon = try Daemon()
        #expect(try daemon.ctl("alarm", "standup", "9:55", "--days", "weekday").status == 0)
        let before = try TimerInfo(json: JSONParser.parse(try daemon.ctl("show", "standup", "--json").stdout))
        let skipped = try daemon.ctl("skip", "standup")
        #expect(skipped.status == 0, "\(skipped)")
        let after = try TimerInfo(json: JSONParser.parse(try daemon.ctl("show", "standup", "--json").stdout))
        #expect(try #require(after.endsAt) > (try #require(before.endsAt)) + .seconds(20 * 3600), "the next weekday's 9:55")
        #expect(try daemon.ctl("pause", "standup").status == 0)
        #expect(try daemon.ctl("skip", "standup").stderr.contains("is paused, and with it its rule: resume it first"))
        #expect(try daemon.ctl("resume", "standup").status == 0)
        let once = try daemon.ctl("until", "report", "+1h")
        #expect(once.status == 0)
        let refused = try daemon.ctl("skip", "report")
        #expect(refused.status == 1 && refused.stderr.contains("happens once, so there is no next time to skip"), "\(refused)")
    }
}
