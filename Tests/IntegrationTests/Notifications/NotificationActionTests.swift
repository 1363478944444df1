import Foundation
import Protocol
import Testing

/// Notifications people can act on, against python-dbusmock's notification server on a bus of
/// the test's own: the test sees every call the daemon makes and presses the buttons itself.
@Suite("Notification buttons, grouping and reminders")
struct NotificationActionTests {
    /// A config file with a 1 s snooze button, so a snooze can be seen to end within a test.
    private func config(in directory: String) throws -> [String: String] {
        let path = directory + "/timerd.conf"
        try "[notifications]\nsnooze=1s;5m\n".write(toFile: path, atomically: true, encoding: .utf8)
        return ["TIMERD_CONFIG": path]
    }

    private func state(_ daemon: Daemon, _ name: String) throws -> String? {
        try JSONParser.parse(try daemon.ctl("show", name, "--json").stdout)["state"]?.stringValue
    }

    @Test("The buttons are offered; Snooze runs the timer again and it fires again")
    func snooze() throws {
        let server = try MockNotificationServer()
        let daemon = try Daemon(bus: server.address, environment: try config(in: server.directory))
        #expect(try daemon.ctl("start", "pasta", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "pasta").status == 0)
        let first = try #require(try server.waitFor { $0.summary == "pasta" }.first)
        #expect(first.actionKeys == ["snooze-1", "snooze-300", "restart", "dismiss"])
        #expect(first.actions == ["snooze-1", "Snooze 1 s", "snooze-300", "Snooze 5 min", "restart", "Restart", "dismiss", "Dismiss"])
        #expect(first.hints["urgency"] == 2)
        #expect(first.expireTimeout == 0, "critical: stays until dismissed")

        try server.press("snooze-1", on: first.id)
        #expect(eventually { (try? state(daemon, "pasta")) == "running" }, "snoozing runs it again")
        #expect(eventually { (try? server.closedIDs().contains(first.id)) == true }, "and closes its notification")
        #expect(try daemon.ctl("wait", "pasta").status == 0)
        let again = try server.waitFor(count: 2) { $0.summary == "pasta" }
        #expect(again.count == 2, "fired again a second later: \(again)")
    }

    @Test("Restart runs a countdown again from its full length; cancelling closes the notification")
    func restartAndCancel() throws {
        let server = try MockNotificationServer()
        let daemon = try Daemon(bus: server.address)
        #expect(try daemon.ctl("start", "tea", "0.3").status == 0)
        #expect(try daemon.ctl("wait", "tea").status == 0)
        let shown = try #require(try server.waitFor { $0.summary == "tea" }.first)
        try server.press("restart", on: shown.id)
        #expect(eventually { (try? state(daemon, "tea")) == "running" })
        // Out of the way: fired again beside eggs on a slow machine, the two would share one
        // notification ("2 timers done").
        #expect(try daemon.ctl("cancel", "tea").status == 0)

        #expect(try daemon.ctl("start", "eggs", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "eggs").status == 0)
        let eggs = try #require(try server.waitFor { $0.summary == "eggs" }.first)
        #expect(try daemon.ctl("cancel", "eggs").status == 0)
        #expect(eventually { (try? server.closedIDs().contains(eggs.id)) == true })
    }

    @Test("Three timers started in one pipelined batch make one notification")
    func groupedBatch() throws {
        let server = try MockNotificationServer()
        let daemon = try Daemon(bus: server.address)
        let client = try daemon.connect()
        for name in ["pasta", "eggs", "rice"] {
            client.send(#"{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"\#(name)","seconds":0.5}}"#)
        }
        for _ in 0..<3 { _ = try client.readJSON() }
        #expect(try daemon.ctl("wait", "rice").status == 0)
        let grouped = try server.waitFor { $0.summary.hasPrefix("3 timers done") }
        #expect(grouped.map(\.summary) == ["3 timers done: pasta, eggs, rice"])
        #expect(try server.notifications().count == 1, "one notification, not three")
    }

    @Test("50 timers due within one second make at most 6 notifications")
    func floodGuard() throws {
        let server = try MockNotificationServer()
        let daemon = try Daemon(bus: server.address)
        let client = try daemon.connect()
        for i in 0..<50 {
            // 20 ms apart: too far apart to be grouped, so the flood guard has to act.
            client.send(#"{"jsonrpc":"2.0","id":\#(i),"method":"start","params":{"name":"t\#(i)","seconds":\#(0.5 + 0.02 * Double(i))}}"#)
        }
        for _ in 0..<50 { _ = try client.readJSON() }
        #expect(try daemon.ctl("wait", "t49").status == 0)
        // Five shown, the rest folded into one summary. (On a loaded machine the daemon may wake
        // late for some, and timers then due together share a notification: fewer are folded.)
        let summary = try server.waitFor(timeout: .seconds(5)) { $0.summary.contains(" more timers done") }
        let all = try server.notifications()
        #expect(summary.count == 1, "\(all.map(\.summary))")
        #expect(all.count <= 6, "\(all.map(\.summary))")
        // Every timer is told once: "t7", "3 timers done: …", "45 more timers done: …".
        let told = all.map { notification -> Int in
            let words = notification.summary.split(separator: " ")
            return words.count > 1 && (words[1] == "timers" || words[1] == "more") ? Int(words[0]) ?? 0 : 1
        }
        #expect(told.reduce(0, +) == 50, "\(all.map(\.summary))")
    }

    @Test("A deadline's reminders come at their offsets, then the deadline replaces them")
    func reminders() throws {
        let server = try MockNotificationServer()
        let monitor = try BusMonitor(address: server.address)
        let daemon = try Daemon(bus: server.address)
        let at = Timestamp(nanoseconds: Int64(wallSeconds() * 1e9)) + .seconds(3)
        let reply = try daemon.connect().call(
            "start", ["name": "report", "at": .string(RFC3339.format(at)), "remind": [2, 1]])
        #expect(reply["result"]?["timer"]?["remind"] == [2, 1])
        #expect(try daemon.ctl("wait", "report").status == 0)
        let calls = monitor.waitFor(count: 3) { $0.summary.hasPrefix("report") }
        #expect(calls.map(\.summary) == ["report: 2 seconds left", "report: 1 second left", "report"])
        let due = Double(at.nanoseconds) / 1e9
        for (call, offset) in zip(calls, [2.0, 1.0, 0.0]) {
            #expect(call.time >= due - offset - 0.001 && call.time < due - offset + 0.1, "\(call.summary) at \(call.time - due) s")
        }
        #expect(calls.prefix(2).allSatisfy { $0.hints["urgency"] == "byte 1" }, "reminders are normal urgency")
        let notifications = try server.notifications()
        #expect(notifications[1].replacesID == notifications[0].id, "one notification per timer: reminders replace")
        #expect(notifications[2].replacesID == notifications[0].id, "and the deadline replaces the reminder")
    }

    @Test("A timer that fired while no notification server was there is shown when one appears")
    func serverAppearsLater() throws {
        let server = try MockNotificationServer(serverRunning: false)
        let daemon = try Daemon(bus: server.address)
        #expect(try daemon.ctl("start", "early", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "early").status == 0)
        try server.startServer()
        #expect(try server.waitFor { $0.summary == "early" }.count == 1)
    }

    @Test("After the notification server restarts, old ids are forgotten, not reused")
    func serverRestart() throws {
        let server = try MockNotificationServer()
        let daemon = try Daemon(bus: server.address, extraArguments: ["--verbose"])
        #expect(try daemon.ctl("start", "tea", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "tea").status == 0)
        #expect(try server.waitFor { $0.summary == "tea" }.count == 1)
        server.stopServer()
        #expect(eventually { daemon.log().contains("the notification server went away") })
        try server.startServer()
        #expect(eventually { daemon.log().components(separatedBy: "a notification server is on the session bus").count == 3 })
        #expect(try daemon.ctl("cancel", "tea").status == 0)
        #expect(try daemon.ctl("start", "eggs", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "eggs").status == 0)
        #expect(try server.waitFor { $0.summary == "eggs" }.count == 1)
        #expect(try server.closedIDs().isEmpty, "the new server's notification 1 is not ours to close")
    }

    @Test("A notification server that hangs stalls neither the socket nor the timers")
    func hungServer() throws {
        let server = try MockNotificationServer()
        try server.answerSlowly(seconds: 3)
        let daemon = try Daemon(bus: server.address)
        #expect(try daemon.ctl("start", "first", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "first").status == 0)
        // The GLib thread is now stuck in Notify for 3 s; everything else goes on.
        let before = wallSeconds()
        #expect(try daemon.ctl("ping").status == 0)
        #expect(wallSeconds() - before < 0.5, "ping took \(wallSeconds() - before) s")
        #expect(try daemon.ctl("start", "second", "0.3").status == 0)
        let started = wallSeconds()
        #expect(try daemon.ctl("wait", "second").status == 0)
        #expect(wallSeconds() - started < 1, "the second timer fired on time")
        #expect(try JSONParser.parse(try daemon.ctl("show", "second", "--json").stdout)["state"] == "done")
        // And the server really was stuck: both notifications reach it only seconds later.
        let shown = try server.waitFor(count: 2, timeout: .seconds(15)) { ["first", "second"].contains($0.summary) }
        #expect(shown.count == 2)
        #expect(wallSeconds() - before > 2.5, "the server answered at once; the test proves nothing")
    }

    @Test("Markup in names and messages is shown literally")
    func markup() throws {
        let server = try MockNotificationServer()
        let daemon = try Daemon(bus: server.address)
        let name = #"<b>x</b> & <a href="http://e">y</a>"#
        let client = try daemon.connect()
        // In one write, so that they are one batch and due together even on a loaded machine
        // (two round trips can be more than the 5 ms that groups timers apart).
        let starts: [JSONValue] = [
            ["jsonrpc": "2.0", "id": 1, "method": "start", "params": ["name": .string(name), "seconds": 0.3, "message": "<i>really</i>"]],
            ["jsonrpc": "2.0", "id": 2, "method": "start", "params": ["name": "plain", "seconds": 0.3]],
        ]
        client.send(raw: Array(starts.map { JSONWriter.string($0) + "\n" }.joined().utf8))
        for _ in starts { #expect(try client.readJSON()?["result"] != nil) }
        #expect(try daemon.ctl("wait", "plain").status == 0)
        let shown = try #require(try server.waitFor { $0.summary.hasPrefix("2 timers done") }.first)
        // The summary is plain text for every server; the body is markup for this one.
        #expect(shown.summary == "2 timers done: \(name), plain")
        #expect(shown.body.contains("&lt;b&gt;x&lt;/b&gt; &amp; &lt;a href=&quot;http://e&quot;&gt;y&lt;/a&gt;"), "\(shown.body)")
        #expect(shown.body.contains("&lt;i&gt;really&lt;/i&gt;"))
    }
}
