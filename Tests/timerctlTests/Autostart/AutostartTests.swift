import Glibc
import Protocol
import Testing
@testable import timerctl

/// `timerctl autostart enable|disable|status` against a scratch configuration directory, a
/// fake `systemctl` and a fake running daemon: which files it writes and removes, which
/// commands it runs in which order, and what it says.
@Suite struct AutostartTests {
    /// What the fakes saw, in order: `systemctl …` words, and `stop PID`.
    final class Log: @unchecked Sendable {  // the fakes are called on the test's own thread, while it waits
        var events: [String] = []
        var output = ""
        /// The answers of the fake systemctl, by its arguments after `--user`; a missing one
        /// succeeds silently.
        var answers: [String: CommandOutcome] = [:]
        var running: RunningDaemon?
        var stopProblem: String?
    }

    struct Scratch {
        let directory: String
        let log = Log()
        var environment: [String: String]

        var config: String { directory + "/config" }
        var socketUnit: String { config + "/systemd/user/timerd.socket" }
        var serviceUnit: String { config + "/systemd/user/timerd.service" }
        var desktopEntry: String { config + "/autostart/timerd.desktop" }

        var autostart: Autostart {
            let log = log
            return Autostart(
                environment: environment, socket: nil,
                commands: SystemCommand { words in
                    log.events.append(words.joined(separator: " "))
                    return log.answers[words.dropFirst(2).joined(separator: " ")] ?? CommandOutcome()
                },
                daemon: DaemonControl(
                    probe: { _ in log.running },
                    stop: { daemon, _ in
                        log.events.append("stop \(daemon.pid ?? 0)")
                        if log.stopProblem == nil { log.running = nil }
                        return log.stopProblem
                    }),
                timerd: { () throws(CtlFailure) in "/usr/bin/timerd" },
                output: { log.output += $0 })
        }

        /// Runs `command`; what it printed (or the failure's message), cleared for the next.
        @discardableResult
        func run(_ command: AutostartCommand.Action) -> String {
            defer { log.output = "" }
            do {
                try autostart.run(command)
                return log.output
            } catch {
                return log.output + "FAILED: " + error.message
            }
        }

        func text(_ path: String) -> String? {
            guard case .read(let bytes) = ConfigLocation.contents(path: path) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }

        func write(_ text: String, to path: String) throws {
            try ConfigLocation.save(text, to: path)
        }

        func exists(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0
        }
    }

    static func withScratch(mode: String? = nil, _ body: (Scratch) throws -> Void) throws {
        var template = Array("/tmp/timerctl-autostart-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer { removeTree(directory) }
        var environment = [
            "HOME": directory + "/home", "XDG_CONFIG_HOME": directory + "/config", "XDG_RUNTIME_DIR": directory + "/run",
        ]
        environment["TIMERD_AUTOSTART_MODE"] = mode
        let scratch = Scratch(directory: directory, environment: environment)
        scratch.log.answers["is-system-running"] = CommandOutcome(status: 1, stdout: "offline\n")
        try body(scratch)
    }

    static let timerctlPing = RunningDaemon(version: "0.1.0", startedBy: "timerctl", pid: 4242)

    // MARK: Choosing systemd or XDG autostart

    @Test(arguments: [
        (SessionFacts(systemState: "running"), AutostartMechanism.systemd),
        (SessionFacts(systemState: "degraded"), .systemd),
        (SessionFacts(systemState: "starting"), .systemd),
        (SessionFacts(systemState: "initializing"), .systemd),
        (SessionFacts(systemState: "offline"), .xdg),
        (SessionFacts(systemState: "offline", managerSocket: true), .xdg),
        (SessionFacts(systemState: ""), .xdg),
        (SessionFacts(systemState: "", managerSocket: true), .systemd),
        (SessionFacts(systemState: "unknown", managerSocket: true), .systemd),
        (SessionFacts(systemState: "stopping"), .xdg),
        (SessionFacts(systemState: nil, managerSocket: true), .xdg),
        (SessionFacts(systemState: nil), .xdg),
        (SessionFacts(forced: "systemd", systemState: "offline"), .systemd),
        (SessionFacts(forced: "xdg", systemState: "running"), .xdg),
        (SessionFacts(forced: "", systemState: "running"), .systemd),
    ])
    func decides(facts: SessionFacts, expected: AutostartMechanism) throws {
        #expect(try Autostart.decide(facts).mechanism == expected)
    }

    @Test func decisionsSayWhy() throws {
        #expect(try Autostart.decide(SessionFacts(systemState: "running"))
            == SessionDecision(mechanism: .systemd, reason: "`systemctl --user is-system-running` says running"))
        #expect(try Autostart.decide(SessionFacts(systemState: nil))
            == SessionDecision(mechanism: .xdg, reason: "systemctl is not installed"))
        #expect(try Autostart.decide(SessionFacts(forced: "xdg"))
            == SessionDecision(mechanism: .xdg, reason: "TIMERD_AUTOSTART_MODE=xdg chooses it"))
        #expect(throws: CtlFailure.self) { try Autostart.decide(SessionFacts(forced: "upstart")) }
    }

    @Test func theFactsAreGatheredUnlessForced() throws {
        try Self.withScratch { scratch in
            #expect(scratch.autostart.facts() == SessionFacts(systemState: "offline", managerSocket: false))
            #expect(scratch.log.events == ["systemctl --user is-system-running"])
        }
        try Self.withScratch(mode: "systemd") { scratch in
            #expect(scratch.autostart.facts() == SessionFacts(forced: "systemd"))
            #expect(scratch.log.events == [])
        }
    }

    // MARK: XDG autostart

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

    // MARK: systemd

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

    // MARK: Files it did not write

    @Test func enableNeverReplacesAFileItDidNotWrite() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            try scratch.write("[Service]\nExecStart=/opt/mine/timerd\n", to: scratch.serviceUnit)
            let said = scratch.run(.enable)
            #expect(said.contains("FAILED: \(scratch.serviceUnit) is there already and was not written by `timerctl autostart enable`; nothing was changed."))
            #expect(scratch.text(scratch.serviceUnit) == "[Service]\nExecStart=/opt/mine/timerd\n")
            #expect(!scratch.exists(scratch.socketUnit))
            #expect(scratch.log.events == [])
        }
        try Self.withScratch { scratch in
            try scratch.write("[Desktop Entry]\nExec=timerd\n", to: scratch.desktopEntry)
            #expect(scratch.run(.enable).contains("FAILED: \(scratch.desktopEntry) is there already"))
            #expect(scratch.text(scratch.desktopEntry) == "[Desktop Entry]\nExec=timerd\n")
        }
    }

    @Test func disableNeverRemovesAFileWithoutTheMarker() throws {
        try Self.withScratch(mode: "systemd") { scratch in
            // The marker anywhere but as a line of its own does not count.
            let mine = "[Service]\n# not \(AutostartFiles.enableMarker)\nExecStart=/opt/mine/timerd\n"
            try scratch.write(mine, to: scratch.serviceUnit)
            try scratch.write("[Socket]\nListenStream=%t/x\n", to: scratch.socketUnit)
            try scratch.write("[Desktop Entry]\nExec=timerd\n", to: scratch.desktopEntry)
            #expect(scratch.run(.disable) == """
                Left \(scratch.socketUnit) as it is: `timerctl autostart enable` did not write it.
                Left \(scratch.serviceUnit) as it is: `timerctl autostart enable` did not write it.
                Left \(scratch.desktopEntry) as it is: `timerctl autostart enable` did not write it.
                Autostart is not set up: `timerctl autostart enable` wrote none of \(scratch.socketUnit), \(scratch.serviceUnit) and \(scratch.desktopEntry). Nothing to disable.
                timerctl starts timerd when it is needed, as without autostart.

                """)
            #expect(scratch.text(scratch.serviceUnit) == mine)
            #expect(scratch.exists(scratch.socketUnit) && scratch.exists(scratch.desktopEntry))
            #expect(scratch.log.events == [])

            #expect(scratch.run(.status).contains("Also: \(scratch.desktopEntry) is there, but `timerctl autostart enable` did not write it."))
        }
    }

    @Test func disableRemovesOnlyItsOwnAmongOthers() throws {
        try Self.withScratch { scratch in
            try scratch.write("[Service]\nExecStart=/opt/mine/timerd\n", to: scratch.serviceUnit)
            #expect(scratch.run(.enable).contains("Wrote \(scratch.desktopEntry)"))
            let said = scratch.run(.disable)
            #expect(said.contains("Left \(scratch.serviceUnit) as it is"))
            #expect(said.contains("Removed \(scratch.desktopEntry)."))
            #expect(scratch.exists(scratch.serviceUnit) && !scratch.exists(scratch.desktopEntry))
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
            daemon: DaemonControl(probe: { _ in nil }, stop: { _, _ in nil }), timerd: { () throws(CtlFailure) in "/usr/bin/timerd" },
            output: { _ in })
        #expect(throws: CtlFailure.self) { try autostart.run(.enable) }
    }

    // MARK: Parsing

    @Test func parses() throws {
        #expect(try Arguments.parse(["autostart"]).command == AutostartCommand(.status))
        #expect(try Arguments.parse(["autostart", "enable"]).command == AutostartCommand(.enable))
        #expect(try Arguments.parse(["autostart", "disable"]).command == AutostartCommand(.disable))
        #expect(try Arguments.parse(["autostart", "status"]).command == AutostartCommand(.status))
        #expect(try Arguments.parse(["autostart", "--help"]).command == HelpCommand(topic: "autostart"))
        for wrong in [["autostart", "on"], ["autostart", "enable", "now"], ["autostart", "enable", "--json"]] {
            #expect(throws: UsageError.self, "\(wrong)") { try Arguments.parse(wrong) }
        }
    }

    @Test func helpHasTheCommandWithExamples() throws {
        let topic = try #require(Help.topic("autostart"))
        #expect(topic.examples.count >= 2)
        #expect(Help.overview.contains("autostart"))
        #expect(ManPage.commands().contains("\n## autostart\n"))
    }

    /// `rm -rf`, for the scratch directory.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
