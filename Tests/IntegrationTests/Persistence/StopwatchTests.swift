import Foundation
import Protocol
import Testing

/// A stopwatch in real processes: started and lapped with timerctl, its time right after
/// `kill -9` and a restart (never less than the real time that passed), its laps kept.
@Suite("Stopwatches across kill -9 and restart")
struct StopwatchTests {
    private func bread(_ daemon: Daemon) throws -> TimerInfo {
        let reply = try daemon.connect().call("get", ["name": "bread"])
        return try TimerInfo(json: try #require(reply["result"]?["timer"]))
    }

    @Test("A stopwatch killed with -9 and started again has counted the time between, laps kept")
    func elapsedSurvivesKill() throws {
        let daemon = try Daemon()
        let before = wallSeconds()
        let started = try daemon.ctl("stopwatch", "bread", "--notify-every", "25m")
        let after = wallSeconds()
        #expect(started.status == 0 && started.stdout.hasPrefix("bread: stopwatch started at "), "\(started)")
        // Real time must pass: poll, with a bound, until it has counted a second.
        #expect(eventually { (try? bread(daemon).elapsed.seconds) ?? 0 >= 1 })
        let lapped = try daemon.ctl("lap", "bread")
        #expect(lapped.status == 0 && lapped.stdout.hasPrefix("bread: lap 1 at "), "\(lapped)")
        let lap = try #require(try bread(daemon).laps.first)

        #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        try daemon.restart()
        let asked = wallSeconds()
        let restored = try bread(daemon)
        let answered = wallSeconds()
        #expect(restored.state == .running && restored.notifyEvery == .seconds(1500))
        #expect(restored.laps == [lap])
        // At least the time since timerctl was told it started, at most the time since it asked.
        #expect(restored.elapsed.seconds >= asked - after, "\(restored.elapsed) for \(asked - after) s")
        #expect(restored.elapsed.seconds <= answered - before + 0.01, "\(restored.elapsed) for \(answered - before) s")

        let ls = try daemon.ctl("ls")
        #expect(ls.stdout.contains("► bread") && ls.stdout.contains("+0:0"), "\(ls)")
        let show = try daemon.ctl("show", "bread")
        #expect(show.stdout.contains("laps      1") && show.stdout.contains("notify    every 25m"), "\(show)")
        let extend = try daemon.ctl("extend", "bread", "+5m")
        #expect(extend.status == 1 && extend.stderr.contains("is a stopwatch"), "\(extend)")
        let paused = try daemon.ctl("pause", "bread")
        #expect(paused.status == 0 && paused.stdout.hasPrefix("bread paused at 0:0"), "\(paused)")
        let refused = try daemon.ctl("lap", "bread")
        #expect(refused.status == 1 && refused.stderr.contains("`timerctl resume bread`"), "\(refused)")
    }
}
