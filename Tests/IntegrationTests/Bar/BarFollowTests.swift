import Foundation
import Protocol
import TestSupport
import Testing

/// `timerctl bar --follow` against a real daemon, read as a bar reads it: every change shows
/// within 100 ms of the event behind it (timed on the test's side), it survives the daemon's
/// death and return without ever starting one, and it leaves when the bar closes the pipe.
@Suite("timerctl bar --follow")
struct BarFollowTests {
    static let prompt = Duration.milliseconds(100)

    static func wall(_ value: JSONValue?) throws -> Double {
        let text = try #require(value?.stringValue)
        return Double(try #require(RFC3339.parse(text)).nanoseconds) / 1e9
    }

    @Test("A start, a pause, a resume and a firing show within 100 ms; the line counts down each second")
    func eventsShowAtOnce() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let bar = try FollowedBar(socket: daemon.socket, ["--idle", "no timers"], in: daemon.directory, environment: daemon.environment)
        #expect(bar.next()?.line == "no timers")
        let client = try daemon.connect()

        func within(_ expected: String, after action: () throws -> Void) throws {
            let sent = ContinuousClock.now
            try action()
            let shown = try #require(bar.line { $0 == expected }, "never showed \(expected)")
            #expect(shown.at - sent < Self.prompt, "\(expected) took \(shown.at - sent)")
        }
        try within("pasta 8:00") { _ = try client.call("start", ["name": "pasta", "seconds": 480]) }
        // Counting down: the next line a second later, no sooner.
        let tick = try #require(bar.next(within: .milliseconds(1500)))
        #expect(tick.line == "pasta 7:59")
        try within("⏸ pasta 7:59") { _ = try client.call("pause", ["name": "pasta"]) }
        #expect(bar.next(within: .milliseconds(1500)) == nil, "nothing runs: no line")
        try within("pasta 7:59") { _ = try client.call("resume", ["name": "pasta"]) }
        try within("no timers") { _ = try client.call("cancel", ["name": "pasta"]) }

        let started = try client.call("start", ["name": "eggs", "seconds": 1.5])
        let due = try Self.wall(started["result"]?["timer"]?["endsAt"])
        // 🔔 where a sound server lets timerd ring, ✓ where not.
        _ = try #require(bar.line { $0.hasSuffix("eggs done") }, "eggs never showed done")
        let late = wallSeconds() - due
        #expect(late < 0.1, "the firing showed \(late) s after it was due")
        #expect(late > -0.005, "done before it was due")
    }

    @Test("Ringing and dismissed show within 100 ms, in red and urgent for i3bar", .enabled(if: SoundRecorder.available))
    func ringingAndDismissed() throws {
        let sink = try Sink()
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus", environment: sink.environment)
        let bar = try FollowedBar(socket: daemon.socket, ["--format", "i3blocks"], in: daemon.directory, environment: daemon.environment)
        #expect(bar.next()?.line == #"{"full_text":""}"#)
        #expect(try daemon.ctl("start", "eggs", "0.3").status == 0)
        let ringing = try #require(bar.line { $0.contains("🔔 eggs done") })
        #expect(ringing.line == ##"{"full_text":"🔔 eggs done","short_text":"🔔 done","color":"#FB4934","urgent":true}"##)
        let sent = ContinuousClock.now
        _ = try daemon.connect().call("dismiss", ["name": "@ringing"])
        let answered = try #require(bar.next())
        #expect(answered.line == ##"{"full_text":"✓ eggs done","short_text":"✓ done","color":"#B8BB26"}"##)
        #expect(answered.at - sent < Self.prompt)
    }

    @Test("Across kill -9 and a restart: the offline line, no daemon of its own, then the timers again")
    func survivesTheDaemon() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "report", "3h").status == 0)
        let bar = try FollowedBar(socket: daemon.socket, ["--offline", "timerd?"], in: daemon.directory, environment: daemon.environment)
        #expect(bar.next()?.line == "report 3h00m")
        let killed = ContinuousClock.now
        daemon.stop(signal: SIGKILL)
        let offline = try #require(bar.next())
        #expect(offline.line == "timerd?")
        #expect(offline.at - killed < Self.prompt)
        // Nobody listens while it waits: it started no daemon (a bar must not).
        #expect(!eventually(timeout: .seconds(1)) { RPCClient.canConnect(daemon.socket) })
        let restarted = ContinuousClock.now
        try daemon.restart()
        let back = try #require(bar.next())
        #expect(back.line == "report 3h00m")
        #expect(back.at - restarted < .seconds(1), "reconnected \(back.at - restarted) after the restart")
        #expect(bar.child.isRunning)
    }

    @Test("With no daemon at all it waits for one, and starts none")
    func waitsForTheFirstDaemon() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        // The socket's directory does not exist yet either: the daemon makes it.
        let socket = directory + "/run/timerd.sock"
        let bar = try FollowedBar(socket: socket, ["--offline", "off"], in: directory, environment: testEnvironment(in: directory))
        #expect(bar.next()?.line == "off")
        #expect(!eventually(timeout: .seconds(1)) { FileManager.default.fileExists(atPath: socket) })
        mkdir(directory + "/run", 0o700)
        let daemon = try Child(
            Programs.timerd, ["--socket", socket], environment: testEnvironment(in: directory), stderr: directory + "/timerd.log")
        defer { daemon.signal(SIGKILL); daemon.wait() }
        let online = try #require(bar.next())
        #expect(online.line == "")
    }

    @Test("It leaves, status 0, when the bar closes the pipe, even while nothing ticks")
    func leavesWithTheBar() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "tea", "3m").status == 0)
        #expect(try daemon.ctl("pause", "tea").status == 0)
        let bar = try FollowedBar(socket: daemon.socket, [], in: daemon.directory, environment: daemon.environment)
        #expect(bar.next()?.line == "⏸ tea 3:00")
        bar.closeOutput()
        #expect(eventually(timeout: .seconds(2)) { !bar.child.isRunning }, "still running after its reader left")
        #expect(bar.child.wait() == 0)
    }

    @Test("The one-shot line is --follow's first", arguments: ["plain", "tmux", "waybar", "i3blocks", "polybar"])
    func oneShotIsTheFirstLine(format: String) throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        for (name, length) in [("<b>tea</b> & x", "3m"), ("report", "2d")] {
            #expect(try daemon.ctl("start", name, length, "-m", "50% %{F#f00}").status == 0)
            #expect(try daemon.ctl("pause", name).status == 0)
        }
        let once = try daemon.ctl("bar", "--format", format)
        #expect(once.status == 0 && once.stderr.isEmpty, "\(once)")
        let bar = try FollowedBar(socket: daemon.socket, ["--format", format], in: daemon.directory, environment: daemon.environment)
        #expect(bar.next().map { $0.line + "\n" } == once.stdout)
    }

    @Test("One-shot without a daemon: the offline line, status 0, nothing started")
    func oneShotWithoutDaemon() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let socket = directory + "/timerd.sock"
        let once = try run(
            Programs.timerctl, ["--socket", socket, "bar", "--offline", "off"], environment: testEnvironment(in: directory))
        #expect(once.status == 0 && once.stdout == "off\n", "\(once)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("i3blocks' clicks act on the timer shown: left toggles, the wheel adds a minute")
    func clicks() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "pasta", "8m").status == 0)
        let bar = try FollowedBar(socket: daemon.socket, ["--format", "i3blocks"], in: daemon.directory, environment: daemon.environment)
        #expect(bar.next()?.line.contains("pasta 8:00") == true)
        bar.click(#"{"name":"timer","instance":"","button":1,"x":1710,"y":10}"#)
        #expect(bar.line { $0.contains("⏸ pasta") } != nil)
        bar.click(#"{"name":"timer","button":4}"#)
        #expect(bar.line { $0.contains("⏸ pasta 8:59") || $0.contains("⏸ pasta 9:00") } != nil)
        bar.click(#"{"name":"timer","button":1}"#)
        #expect(bar.line { $0.hasPrefix(#"{"full_text":"pasta"#) } != nil)
    }
}
