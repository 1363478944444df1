import Protocol
import Testing
@testable import timerctl

/// systemd: the user units, the daemon running before, and a failing systemctl.
@Suite struct AutostartSystemdTests: UsesAutostartScratch {
    @Test func enableWithSystemdWritesTheUnitsAndEnablesTheSocket() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            scratch.log.answers["enable --now timerd.socket"] = CommandOutcome(
                stderr: "Created symlink \(scratch.config)/systemd/user/sockets.target.wants/timerd.socket → \(scratch.socketUnit).\n")
            #expect(scratch.run(.enable) == """
                This system has a systemd user session (TIMERD_AUTOSTART_MODE=systemd chooses it), so systemd starts timerd: its socket listens from login on, and the first timerctl starts timerd.
                Wrote \(scratch.socketUnit).
                Wrote \(scratch.serviceUnit) (ExecStart=/usr/bin/timerd --started-by systemd).
                Ran `systemctl --user daemon-reload`.
                Ran `systemctl --user enable --now timerd.socket`.
                  Created symlink \(scratch.config)/systemd/user/sockets.target.wants/timerd.socket → \(scratch.socketUnit).
                From now on systemd starts timerd (as timerd.service) when timerctl first needs it after you log in; `systemctl --user status timerd.service` shows it.
                To undo it: timerctl autostart disable

                """)
            #expect(scratch.log.events == ["systemctl --user daemon-reload", "systemctl --user enable --now timerd.socket"])
            #expect(scratch.text(scratch.socketUnit) == AutostartFiles.text(.socket, timerd: "/usr/bin/timerd", header: AutostartFiles.enableMarker))
            #expect(scratch.text(scratch.serviceUnit) == AutostartFiles.text(.service, timerd: "/usr/bin/timerd", header: AutostartFiles.enableMarker))
            #expect(!scratch.exists(scratch.desktopEntry))

            scratch.log.events = []
            scratch.log.answers["is-enabled timerd.socket"] = CommandOutcome(stdout: "enabled\n")
            scratch.log.running = RunningDaemon(version: "0.2.0", startedBy: "systemd", pid: 77)
            #expect(scratch.run(.status) == """
                Set up: systemd user units, \(scratch.socketUnit) and \(scratch.serviceUnit); timerd.socket is enabled.
                This system: a systemd user session (TIMERD_AUTOSTART_MODE=systemd chooses it).
                Running: timerd 0.2.0 (pid 77), started by systemd.

                """)
            #expect(scratch.log.events == ["systemctl --user is-enabled timerd.socket"])

            scratch.log.events = []
            #expect(scratch.run(.disable) == """
                Ran `systemctl --user disable --now timerd.socket timerd.service`.
                Removed \(scratch.socketUnit).
                Removed \(scratch.serviceUnit).
                Ran `systemctl --user daemon-reload`.
                timerd.service and timerd.socket are stopped: systemd no longer starts timerd.
                timerctl starts timerd when it is needed, as without autostart.

                """)
            #expect(scratch.log.events == ["systemctl --user disable --now timerd.socket timerd.service", "systemctl --user daemon-reload"])
            #expect(!scratch.exists(scratch.socketUnit) && !scratch.exists(scratch.serviceUnit))
        }
    }

    @Test func enableStopsADaemonSystemdDidNotStart() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            scratch.log.running = Self.timerctlPing
            let said = scratch.run(.enable)
            #expect(said.contains("""
                Ran `systemctl --user daemon-reload`.
                Stopped the timerd 0.1.0 (pid 4242), started by timerctl, so that systemd's socket can take over; its timers are saved, and systemd starts it again when it is next needed.
                Ran `systemctl --user enable --now timerd.socket`.
                """), "\(said)")
            #expect(scratch.log.events == ["systemctl --user daemon-reload", "stop 4242", "systemctl --user enable --now timerd.socket"])
        }
        // One that does not say how it was started (an older timerd) is stopped too.
        try Self.withScratch(mode: "systemd") { scratch in
            scratch.log.running = RunningDaemon(version: "0.1.0", startedBy: nil, pid: 9)
            #expect(scratch.run(.enable).contains("Stopped the timerd 0.1.0 (pid 9), started by unknown, so that"))
            #expect(scratch.log.events.contains("stop 9"))
        }
        // systemd's own is left alone.
        try Self.withScratch(mode: "systemd") { scratch in
            scratch.log.running = RunningDaemon(version: "0.1.0", startedBy: "systemd", pid: 9)
            #expect(!scratch.run(.enable).contains("Stopped"))
            #expect(scratch.log.events == ["systemctl --user daemon-reload", "systemctl --user enable --now timerd.socket"])
        }
    }

    @Test func aDaemonThatDoesNotStopKeepsTheSocketFromBeingEnabled() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            scratch.log.running = Self.timerctlPing
            scratch.log.stopProblem = "timerd (pid 4242) did not exit within 5 s of SIGTERM; stop it with `kill -9 4242`."
            let said = scratch.run(.enable)
            #expect(said.hasSuffix("""
                FAILED: timerd (pid 4242) did not exit within 5 s of SIGTERM; stop it with `kill -9 4242`. The units are written and loaded, but not enabled: systemd's socket cannot take over while another timerd listens at \(scratch.directory)/run/timerd/timerd.sock. Then run `timerctl autostart enable` again.
                """), "\(said)")
            #expect(scratch.log.events == ["systemctl --user daemon-reload", "stop 4242"])
        }
    }

    @Test func aFailingSystemctlSaysWhatFailedAndWhatToDo() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            scratch.log.answers["daemon-reload"] = CommandOutcome(status: 1, stderr: "Failed to connect to bus: No medium found\n")
            #expect(scratch.run(.enable).hasSuffix("""
                FAILED: `systemctl --user daemon-reload` failed (exit status 1):
                  Failed to connect to bus: No medium found
                The units are written; nothing is enabled. Fix what it names, then run `timerctl autostart enable` again.
                """))
            #expect(scratch.exists(scratch.serviceUnit))
        }
        try Self.withScratch(mode: "systemd") { scratch in
            scratch.log.answers["daemon-reload"] = CommandOutcome(launchFailure: "systemctl was not found on PATH")
            #expect(scratch.run(.enable).hasSuffix("""
                FAILED: Cannot run `systemctl --user daemon-reload`: systemctl was not found on PATH. The units are written; nothing is enabled. Install systemd's systemctl, then run `timerctl autostart enable` again.
                """))
        }
    }

    @Test func disableWithoutAUserManagerOnlyRemovesTheLinks() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            _ = scratch.run(.enable)
            var without = scratch
            without.environment["TIMERD_AUTOSTART_MODE"] = "xdg"
            scratch.log.events = []
            #expect(without.run(.disable).hasPrefix("Ran `systemctl --user disable timerd.socket timerd.service`.\n"))
            #expect(scratch.log.events == ["systemctl --user disable timerd.socket timerd.service"])
            #expect(!scratch.exists(scratch.socketUnit))
        }
    }
}
