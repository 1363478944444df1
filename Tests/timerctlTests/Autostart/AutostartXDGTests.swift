import Protocol
import Testing
@testable import timerctl

/// XDG autostart: the desktop entry.
@Suite struct AutostartXDGTests: UsesAutostartScratch {
    @Test func enableWithoutSystemdWritesTheAutostartEntry() throws {
        try Self.withScratch { scratch in
            #expect(scratch.run(.enable) == """
                This system has no systemd user session (`systemctl --user is-system-running` says offline), so the desktop starts timerd when you log in (XDG autostart).
                Wrote \(scratch.desktopEntry) (Exec=/usr/bin/timerd --started-by autostart).
                timerd is not running now: the next timerctl starts it, and from your next login on the desktop does.
                To undo it: timerctl autostart disable

                """)
            #expect(scratch.text(scratch.desktopEntry)
                == AutostartFiles.text(.desktop, timerd: "/usr/bin/timerd", header: AutostartFiles.enableMarker))
            #expect(!scratch.exists(scratch.socketUnit) && !scratch.exists(scratch.serviceUnit))
            #expect(scratch.log.events == ["systemctl --user is-system-running"])

            #expect(scratch.run(.status) == """
                Set up: XDG autostart, \(scratch.desktopEntry) (the desktop starts timerd when you log in).
                This system: no systemd user session (`systemctl --user is-system-running` says offline).
                Running: no timerd answers at \(scratch.directory)/run/timerd/timerd.sock; the next timerctl starts it.

                """)

            // Again: nothing changes, and it says so.
            scratch.log.running = Self.timerctlPing
            #expect(scratch.run(.enable).contains("""
                Kept \(scratch.desktopEntry) (Exec=/usr/bin/timerd --started-by autostart): it was there already, unchanged.
                timerd 0.1.0 (pid 4242), started by timerctl, is running now and keeps running; from your next login on, the desktop starts it.

                """))
            #expect(!scratch.log.events.contains { $0.hasPrefix("stop") })

            scratch.log.events = []
            #expect(scratch.run(.disable) == """
                Removed \(scratch.desktopEntry). The desktop no longer starts timerd at login.
                timerctl starts timerd when it is needed, as without autostart.

                """)
            #expect(!scratch.exists(scratch.desktopEntry))
            #expect(scratch.log.events == [], "no systemd units of its own: no systemctl")
        }
    }
}
