import Foundation
import Protocol
import Testing

/// No timer is ever lost: acknowledged changes survive `kill -9`, restarts keep the right
/// remaining time, timers due during downtime fire at start-up, and a disk that cannot be
/// written refuses changes without losing anything.
@Suite("Durable state across restarts")
struct PersistenceTests {
    /// The timers the daemon holds, by name.
    private func timers(_ daemon: Daemon) throws -> [String: TimerInfo] {
        let reply = try daemon.connect().call("list")
        var byName: [String: TimerInfo] = [:]
        for item in reply["result"]?["timers"]?.arrayValue ?? [] {
            let timer = try TimerInfo(json: item)
            byName[timer.name] = timer
        }
        return byName
    }

    /// Sleeps until the wall clock reads `seconds`: the claims here are about real processes in
    /// real time, so time has to pass for real.
    private func sleep(until seconds: Double) {
        let left = seconds - wallSeconds()
        if left > 0 { usleep(UInt32(left * 1e6)) }
    }

    @Test("200 timers acknowledged as fast as possible survive kill -9 the instant after")
    func acknowledgedSurvivesKill() throws {
        let daemon = try Daemon()
        let client = try daemon.connect()
        for i in 0..<200 {
            client.send(#"{"jsonrpc":"2.0","id":\#(i),"method":"start","params":{"name":"t\#(i)","seconds":\#(3600 + i)}}"#)
        }
        var acknowledged = 0
        while acknowledged < 200, let reply = try client.readJSON() {
            #expect(reply["result"] != nil, "\(reply)")
            acknowledged += 1
        }
        let killedAt = wallSeconds()
        #expect(daemon.stop(signal: SIGKILL) == 128 + SIGKILL)
        try daemon.restart()
        let restored = try timers(daemon)
        #expect(restored.count == 200)
        let elapsed = wallSeconds() - killedAt
        for i in 0..<200 {
            let timer = try #require(restored["t\(i)"])
            #expect(timer.state == .running)
            let expected = Double(3600 + i)
            // Remaining time as the daemon reports it: its length minus the time since start
            // (a few seconds at most here), never more than its length.
            #expect(timer.remaining.seconds <= expected && timer.remaining.seconds > expected - 5 - elapsed, "\(timer)")
        }
    }

    @Test("A 10 s timer killed at 2 s and restarted at 4 s fires at 10 s")
    func restartKeepsTime() throws {
        let daemon = try Daemon()
        let reply = try daemon.connect().call("start", ["name": "pasta", "seconds": 10])
        let started = try TimerInfo(json: try #require(reply["result"]?["timer"]))
        let t0 = Double(started.createdAt.nanoseconds) / 1e9
        sleep(until: t0 + 2)
        daemon.stop(signal: SIGKILL)
        sleep(until: t0 + 4)
        try daemon.restart()
        let watcher = try daemon.connect()
        _ = try watcher.call("subscribe")
        let restored = try #require(try timers(daemon)["pasta"])
        #expect(abs(restored.remaining.seconds - (t0 + 10 - wallSeconds())) < 0.05, "\(restored)")
        var fired: JSONValue = .null
        while fired["params"]?["event"] != "fired" { fired = try #require(try watcher.readJSON(timeout: .seconds(10))) }
        let info = try TimerInfo(json: try #require(fired["params"]?["timer"]))
        let firedAt = Double(try #require(info.firedAt).nanoseconds) / 1e9
        #expect(firedAt - t0 >= 10, "never early: fired \(firedAt - t0) s after the start")
        #expect(firedAt - t0 < 10.05, "fired \(firedAt - t0) s after the start")
        #expect(!info.missed)
    }

    @Test("Timers due while the daemon was down fire once, in one notification, at start-up")
    func missedTimersFireAtStartup() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let a = uniqueName("eggs"), b = uniqueName("rice")
        #expect(try daemon.ctl("start", a, "0.5", "-m", "Cold <water> & salt\nthen peel").status == 0)
        #expect(try daemon.ctl("start", b, "0.7").status == 0)
        daemon.stop(signal: SIGKILL)
        sleep(until: wallSeconds() + 3)
        try daemon.restart()
        let grouped = monitor.waitFor { $0.summary == "2 timers finished while timerd was not running" && $0.body.contains(a) }
        #expect(grouped.count == 1, "\(monitor.calls())")
        // A line each, in the order they were due, with the first line of the message, escaped
        // for dunst's body markup: "eggs (3 s ago): Cold &lt;water&gt; &amp; salt…".
        let lines = try #require(grouped.first?.body).split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("\(a) (") == true && lines.first?.hasSuffix(" ago): Cold &lt;water&gt; &amp; salt…") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("\(b) (") == true && lines.last?.hasSuffix(" ago)") == true, "\(lines)")
        #expect(monitor.calls().filter { $0.summary == a || $0.summary == b }.isEmpty, "no notification per timer")
        let now = try timers(daemon)
        #expect(now[a]?.state == .done && now[a]?.missed == true)
        #expect(now[b]?.missed == true)
        let history = try daemon.connect().call("history")
        let entries = try #require(history["result"]?["entries"]?.arrayValue)
        #expect(entries.compactMap { $0["name"]?.stringValue }.sorted() == [a, b].sorted())
        #expect(entries.allSatisfy { $0["missed"] == true })
        // Restarting again does not fire them again.
        daemon.stop()
        try daemon.restart()
        #expect(try timers(daemon)[a]?.state == .done)
        #expect(monitor.calls().filter { $0.body.contains(a) }.count == 1)
    }

    @Test("Two daemons never share one state directory")
    func oneDaemonPerState() throws {
        let daemon = try Daemon()
        let other = makeTemporaryDirectory()
        defer { removeDirectory(other) }
        let second = try run(Programs.timerd, ["--socket", other + "/timerd.sock"], environment: daemon.environment)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already running (pid \(daemon.pid)) with the timers in"), "\(second)")
    }

    @Test("A newer database is refused and left alone; a damaged one is kept aside")
    func unreadableDatabases() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let state = dir + "/state"
        mkdir(state, 0o700)
        let db = state + "/timerd.db"
        #expect(try run("/usr/bin/sqlite3", [db, "PRAGMA user_version = 99; CREATE TABLE t(x);"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let env = testEnvironment(in: dir)
        let newer = try run(Programs.timerd, ["--socket", dir + "/timerd.sock"], environment: env)
        #expect(newer.status == 1)
        #expect(newer.stderr.contains("newer timerd (schema 99; this one knows "), "\(newer)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)

        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: db))
        let daemon = try Child(
            Programs.timerd, ["--socket", dir + "/timerd.sock"], environment: env, stderr: dir + "/log")
        defer {
            daemon.signal(SIGTERM)
            daemon.wait()
        }
        // The socket comes first; the store is opened (and the damage found) just after.
        #expect(eventually { ((try? String(contentsOfFile: dir + "/log", encoding: .utf8)) ?? "").contains("could not be read") })
        let kept = try FileManager.default.contentsOfDirectory(atPath: state).filter { $0.hasPrefix("timerd.db.corrupt-") }
        try #require(kept.count == 1, "\(kept)")
        let aside = try Data(contentsOf: URL(fileURLWithPath: state + "/" + kept[0]))
        #expect(aside == Data(repeating: 0x5A, count: 8192), "the damaged file is kept as it was")
    }
}

/// A state directory that cannot be written (here: full): changes are refused, nothing is
/// lost, the timers already held keep firing. Needs root, to mount a small filesystem (CI runs as root).
@Suite("State on a full disk", .enabled(if: SmallFilesystem.isSupported, "mounting a small tmpfs needs root (CAP_SYS_ADMIN)"))
struct FullDiskTests {
    @Test("A full disk refuses changes clearly, held timers keep firing, and it recovers")
    func fullDisk() throws {
        let mount = try SmallFilesystem()
        let daemon = try Daemon(environment: ["TIMERD_STATE_DIR": mount.path])
        #expect(try daemon.ctl("start", "held", "1.5").status == 0)
        mount.fill()
        let refused = try daemon.ctl("start", "new", "1m")
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("could not save this change") && refused.stderr.contains("disk is full")
                && refused.stderr.contains("try again once the disk has room"), "\(refused)")
        let list = try daemon.ctl("ls", "--json")
        #expect(!list.stdout.contains("\"new\""), "the refused change was not made")
        #expect(try daemon.ctl("wait", "held").status == 0, "held timers keep firing")
        #expect(try daemon.ctl("ping").status == 0)
        mount.unfill()
        #expect(try daemon.ctl("start", "new", "1m").status == 0)
        daemon.stop(signal: SIGKILL)
        try daemon.restart()
        let after = try JSONParser.parse(try daemon.ctl("ls", "--json").stdout).arrayValue ?? []
        let states = Dictionary(uniqueKeysWithValues: after.map { ($0["name"]?.stringValue ?? "", $0["state"]?.stringValue ?? "") })
        #expect(states == ["new": "running", "held": "done"], "both saved once the disk had room, the firing too: \(after)")
    }
}

/// A 1 MiB tmpfs, unmounted when the test ends.
final class SmallFilesystem {
    let path = makeTemporaryDirectory()

    /// Whether this machine lets the tests mount one (root with CAP_SYS_ADMIN).
    static let isSupported: Bool = {
        guard getuid() == 0, let probe = try? SmallFilesystem() else { return false }
        _ = probe
        return true
    }()

    init() throws {
        let result = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", path])
        guard result.status == 0 else {
            removeDirectory(path)
            throw MountError(description: "cannot mount a tmpfs: \(result)")
        }
    }

    /// Fills the filesystem with a file until no byte is left.
    func fill() {
        _ = try? run("/bin/dd", ["if=/dev/zero", "of=\(path)/filler", "bs=4k"])
    }

    func unfill() { unlink(path + "/filler") }

    deinit {
        _ = try? run("/bin/umount", ["-l", path])
        removeDirectory(path)
    }

    struct MountError: Error, CustomStringConvertible { var description: String }
}

/// The kernel tells the daemon when the wall clock is set (`TFD_TIMER_CANCEL_ON_SET`). Setting
/// the clock to the time it already shows triggers that without moving it (by more than a few
/// microseconds). Needs root, for `clock_settime`.
@Suite("Wall-clock changes", .enabled(if: Privileges.canSetClock, "setting the clock needs root (CAP_SYS_TIME)"))
struct ClockChangeTests {
    @Test("Setting the wall clock wakes the daemon, which re-arms its deadlines")
    func clockSetIsNoticed() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus", extraArguments: ["--verbose"])
        #expect(try daemon.ctl("until", "report", "+1h").status == 0)
        let before = try daemon.ctl("show", "report", "--json").stdout
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        try #require(clock_settime(CLOCK_REALTIME, &now) == 0, "clock_settime: \(String(cString: strerror(errno)))")
        #expect(eventually { daemon.log().contains("the wall clock was set") }, "\(daemon.log())")
        #expect(try daemon.ctl("ping").status == 0)
        let after = try daemon.ctl("show", "report", "--json").stdout
        let endsBefore = try JSONParser.parse(before)["endsAt"], endsAfter = try JSONParser.parse(after)["endsAt"]
        #expect(endsBefore == endsAfter, "the deadline's instant did not move")
        #expect(try JSONParser.parse(after)["state"] == "running")
    }
}

/// What this machine lets the tests do that needs root.
enum Privileges {
    /// Whether the clock may be set here: set it to the time it shows.
    static let canSetClock: Bool = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }()
}
