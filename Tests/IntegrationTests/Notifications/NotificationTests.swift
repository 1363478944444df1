import Foundation
import Protocol
import Testing

/// The product's promise, checked from the notification server's side: a timer started with
/// `timerctl` ends in exactly one desktop notification, on time and never early.
@Suite("Notifications through a real session bus and dunst")
struct NotificationTests {
    @Test("A 1.5 s countdown produces exactly one critical notification, not before its end")
    func countdownNotifies() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let name = uniqueName("pasta")
        let started = try daemon.ctl("start", name, "1.5s")
        #expect(started.status == 0, "\(started)")
        let info = try TimerInfo(json: try JSONParser.parse(try daemon.ctl("show", name, "--json").stdout))
        let endsAt = try #require(info.endsAt)

        let waited = try daemon.ctl("wait", name)
        #expect(waited.status == 0, "\(waited)")
        let calls = monitor.waitFor { $0.summary == name }
        #expect(calls.count == 1, "expected one notification, got \(calls)")
        let call = try #require(calls.first)
        #expect(call.appName == "timerd")
        #expect(call.body.contains("timer done (started "), "\(call.body)")
        #expect(call.hints["urgency"] == "byte 2", "critical")
        // timerd rings the alarm itself, so the server is asked to play nothing of its own.
        #expect(call.hints["suppress-sound"] == "boolean true")
        #expect(call.hints["sound-name"] == nil)
        #expect(call.hints["category"] == "string \"x-timerd.timer\"")
        #expect(call.expireTimeout == 0, "critical notifications stay until dismissed")
        #expect(call.notificationID != nil, "the server accepted it")
        // endsAt is truncated to the millisecond, so this allows at most 1 ms of earliness.
        let endSeconds = Double(endsAt.nanoseconds) / 1e9
        #expect(call.time >= endSeconds, "notified \(endSeconds - call.time) s early")
        #expect(call.time - endSeconds < 0.5, "notified \(call.time - endSeconds) s late")
        #expect(daemon.stop() == 0)
        // Whatever the daemon sent, it sent before it exited: still exactly one.
        #expect(monitor.calls().filter { $0.summary == name }.count == 1)
    }

    @Test("The daemon asks the server what it can do when the server appears, not in its first notification's way")
    func capabilitiesAreAskedBeforeTheFirstFiring() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let name = uniqueName("egg")
        #expect(try daemon.ctl("start", name, "2s").status == 0)
        let info = try TimerInfo(json: try JSONParser.parse(try daemon.ctl("show", name, "--json").stdout))
        let due = Double(try #require(info.endsAt).nanoseconds) / 1e9
        #expect(try daemon.ctl("wait", name).status == 0)
        let call = try #require(monitor.waitFor { $0.summary == name }.first)
        let asked = monitor.capabilityQueries().filter { $0.sender == call.sender }.map(\.time)
        #expect(!asked.isEmpty, "the daemon never asked the server's capabilities")
        #expect(asked.allSatisfy { $0 < due }, "asked at \(asked.map { $0 - due }) s from the due instant: in the firing's way")
    }

    @Test("SIGHUP reads the settings again: the next notification has the new urgency, and the daemon keeps running")
    func sighupReadsTheSettingsAgain() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon(extraArguments: ["--verbose"])  // for "settings from …"
        let config = daemon.directory + "/timerd.conf"
        let before = uniqueName("before"), after = uniqueName("after")
        #expect(try daemon.ctl("start", before, "0.2s").status == 0)
        #expect(try daemon.ctl("wait", before).status == 0)
        #expect(monitor.waitFor { $0.summary == before }.first?.hints["urgency"] == "byte 2", "critical by default")

        try "[notifications]\nurgency = normal\n".write(toFile: config, atomically: true, encoding: .utf8)
        daemon.process.signal(SIGHUP)
        #expect(eventually { daemon.log().contains("settings from \(config)") }, "\(daemon.log())")
        #expect(try daemon.ctl("ping").status == 0, "SIGHUP does not stop it")
        #expect(try daemon.ctl("start", after, "0.2s").status == 0)
        #expect(try daemon.ctl("wait", after).status == 0)
        #expect(monitor.waitFor { $0.summary == after }.first?.hints["urgency"] == "byte 1", "normal after the reload")
        #expect(daemon.stop() == 0)
    }

    @Test("A deadline notifies with the time it was due")
    func deadlineNotifies() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let name = uniqueName("report")
        #expect(try daemon.ctl("until", name, "+1s").status == 0)
        #expect(try daemon.ctl("wait", name).status == 0)
        let calls = monitor.waitFor { $0.summary == name }
        #expect(calls.count == 1)
        #expect(calls.first?.body.hasPrefix("Deadline reached: ") == true, "\(calls)")
    }

    @Test("Markup in a message is shown literally")
    func markupIsEscaped() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let name = uniqueName("tea")
        #expect(try daemon.ctl("start", name, "1", "-m", "Tom & <b>Jerry</b>").status == 0)
        #expect(try daemon.ctl("wait", name).status == 0)
        let call = try #require(monitor.waitFor { $0.summary == name }.first)
        // dunst advertises body-markup, so the body must arrive escaped.
        #expect(call.body.hasPrefix("Tom &amp; &lt;b&gt;Jerry&lt;/b&gt;\n"), "\(call.body)")
    }

    @Test("A pomodoro's steps lead with its message, and its end tells all of it, both as the server received them")
    func pomodoroNotifiesItsStepsAndTheWhole() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let name = uniqueName("focus"), rest = uniqueName("break")
        let started = try daemon.ctl("start", name, "1", "--then", rest, "1", "--cycles", "2", "-m", "Write <the> intro & more")
        #expect(started.status == 0, "\(started)")
        let info = try TimerInfo(json: try JSONParser.parse(try daemon.ctl("show", name, "--json").stdout))
        #expect(try daemon.ctl("wait", name).status == 0)
        // dunst takes body markup, so the message arrives escaped: shown as typed.
        let message = "Write &lt;the&gt; intro &amp; more"
        let steps = monitor.waitFor(count: 3) { $0.summary == "\(name) done" || $0.summary == "\(rest) done" }
        #expect(steps.map(\.summary) == ["\(name) done", "\(rest) done", "\(name) done"], "\(monitor.calls())")
        #expect(steps.allSatisfy { $0.body.hasPrefix(message + "\nNow ") }, "\(steps.map(\.body))")
        #expect(steps.first?.body.hasSuffix(" (round 1 of 2).") == true, "\(steps.map(\.body))")
        let end = try #require(monitor.waitFor { $0.summary == name }.first)
        let calendar = LocalCalendar(zone: SystemTimeZone())
        let began = TimeFormat.clock(info.createdAt, now: info.createdAt + .seconds(4), calendar: calendar)
        #expect(end.body == "\(message)\n2 rounds of \(name) 1s + \(rest) 1s done (started \(began))")
        #expect(end.hints["urgency"] == "byte 2", "critical, as any timer's end")
    }

    @Test("Timers started together with the same length arrive in one notification each")
    func twoTimersTwoNotifications() throws {
        let monitor = try BusMonitor()
        let daemon = try Daemon()
        let a = uniqueName("eggs"), b = uniqueName("rice")
        #expect(try daemon.ctl("start", a, "1").status == 0)
        #expect(try daemon.ctl("start", b, "1.2").status == 0)
        #expect(try daemon.ctl("wait", b).status == 0)
        #expect(monitor.waitFor { $0.summary == a }.count == 1)
        #expect(monitor.waitFor { $0.summary == b }.count == 1)
    }
}

/// Without a session bus the timers still run and fire; the failure is logged once.
@Suite("No notification server")
struct NoServerTests {
    @Test("Timers fire without a session bus; the failure is logged once and the daemon keeps serving")
    func firesWithoutBus() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        #expect(try daemon.ctl("start", "a", "0.3").status == 0)
        #expect(try daemon.ctl("start", "b", "0.6").status == 0)
        #expect(try daemon.ctl("wait", "b").status == 0)
        #expect(try daemon.ctl("wait", "a").status == 0)
        let list = try daemon.ctl("ls", "--json")
        let timers = try #require(try JSONParser.parse(list.stdout).arrayValue)
        #expect(timers.count == 2)
        #expect(timers.allSatisfy { $0["state"] == "done" })
        #expect(try daemon.ctl("ping").status == 0)
        _ = eventually { daemon.log().contains("could not show the notification") }
        let warnings = daemon.log().components(separatedBy: "could not show the notification").count - 1
        #expect(warnings == 1, "logged once, not per timer:\n\(daemon.log())")
        #expect(daemon.stop() == 0)
    }
}

/// A session bus without a notification server on it: the same promise.
@Suite("A session bus but no notification server")
struct NoNotificationServerTests {
    @Test("Timers fire when nobody serves notifications; the reason is logged once")
    func firesWithoutServer() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let address = "unix:path=\(dir)/bus"
        // A bus with no service directories: nothing can be activated to serve notifications
        // (on a normal session bus, dunst's .service file would be tried).
        let config = dir + "/bus.conf"
        try """
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let bus = try Child(
            "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--nopidfile"], stderr: dir + "/bus.log")
        defer {
            bus.signal(SIGTERM)
            bus.wait()
        }
        #expect(eventually { FileManager.default.fileExists(atPath: dir + "/bus") })
        let daemon = try Daemon(bus: address)
        #expect(try daemon.ctl("start", "lonely", "0.2").status == 0)
        #expect(try daemon.ctl("start", "lonelier", "0.4").status == 0)
        #expect(try daemon.ctl("wait", "lonelier").status == 0)
        #expect(try daemon.ctl("ping").status == 0)
        // The warning comes from the GLib thread, after the timer fired.
        #expect(eventually { daemon.log().contains("could not show the notification") })
        let log = daemon.log()
        #expect(log.components(separatedBy: "could not show the notification").count - 1 == 1, "\(log)")
        #expect(log.contains("org.freedesktop.Notifications"), "names what is missing: \(log)")
    }
}
