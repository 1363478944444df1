import Foundation
import Protocol
import Testing

/// A timerd started at login before the desktop's session bus exists (systemd can start it
/// that early): without DBUS_SESSION_BUS_ADDRESS it looks for the bus where systemd user
/// sessions put it, `$XDG_RUNTIME_DIR/bus`, each time it notifies, and, while a notification
/// waits, when that socket appears, so what fired before the bus was there is shown once it is.
@Suite("A timerd started before the session bus")
struct SessionBusLaterTests {
    @Test("finds the bus at $XDG_RUNTIME_DIR/bus when it appears, and shows what waited")
    func findsTheBusLater() throws {
        try Desktop.require()
        let server = try MockNotificationServer()
        let runtime = makeTemporaryDirectory()
        defer { removeDirectory(runtime) }
        var environment = testEnvironment(in: runtime, runtime: runtime, bus: nil)
        environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        // With a display, GLib would start a bus of its own for it (dbus-launch --autolaunch).
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        let log = runtime + "/timerd.log"
        let daemon = try Child(Programs.timerd, [], environment: environment, stdout: log, stderr: log)
        defer {
            daemon.signal(SIGTERM)
            daemon.wait()
        }
        let socket = runtime + "/timerd/timerd.sock"
        try #require(eventually { RPCClient.canConnect(socket) }, "timerd did not start")
        func ctl(_ arguments: String...) throws -> ProcessResult {
            try run(Programs.timerctl, arguments + ["--no-spawn"], environment: environment)
        }

        let early = uniqueName("early")
        #expect(try ctl("start", early, "0.2s").status == 0)
        #expect(try ctl("wait", early).status == 0)
        #expect(eventually { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("could not show the notification") })

        // The session bus appears where a systemd user session puts it; what waited is shown
        // then, not at the next notification.
        try FileManager.default.createSymbolicLink(atPath: runtime + "/bus", withDestinationPath: server.directory + "/bus")
        #expect(try server.waitFor { $0.summary == early }.count == 1, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let late = uniqueName("late")
        #expect(try ctl("start", late, "0.2s").status == 0)
        #expect(try ctl("wait", late).status == 0)
        let shown = try server.waitFor(count: 2) { $0.summary == early || $0.summary == late }
        #expect(Set(shown.map(\.summary)) == [early, late], "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
}
