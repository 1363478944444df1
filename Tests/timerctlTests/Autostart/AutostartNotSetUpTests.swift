import Protocol
import Testing
@testable import timerctl

/// Nothing set up, and nowhere to set it up.
@Suite struct AutostartNotSetUpTests: UsesAutostartScratch {
    @Test func statusWithNothingSetUp() throws {
        try Self.withScratch { scratch in
            scratch.log.running = RunningDaemon(version: "0.1.0", startedBy: nil, pid: nil)
            #expect(scratch.run(.status) == """
                Set up: nothing; timerctl starts timerd when it is needed. `timerctl autostart enable` starts it at login.
                This system: no systemd user session (`systemctl --user is-system-running` says offline).
                Running: timerd 0.1.0, started by unknown.

                """)
        }
        // On a systemd session, units a package installed and the user enabled count.
        try Self.withScratch { scratch in
            scratch.log.answers["is-system-running"] = CommandOutcome(stdout: "running\n")
            scratch.log.answers["is-enabled timerd.socket"] = CommandOutcome(stdout: "enabled\n")
            #expect(scratch.run(.status).hasPrefix("Set up: systemd user units installed with timerd; timerd.socket is enabled.\n"))
        }
    }

    @Test func withoutAConfigurationDirectoryItSaysSo() throws {
        let autostart = Autostart(
            environment: ["TIMERD_AUTOSTART_MODE": "xdg"], socket: nil, commands: SystemCommand { _ in CommandOutcome() },
            daemon: DaemonControl(probe: { _ in nil }, stop: { _, _ in nil }), timerd: { () throws(CtlFailure) in AutostartProgram(path: "/usr/bin/timerd") },
            output: { _ in })
        #expect(throws: CtlFailure.self) { try autostart.run(.enable) }
    }
}
