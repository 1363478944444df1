import Foundation
import Protocol
import Testing

/// What starts timerd at login: the files `make install` lays out, systemd's own check of the
/// units, and `timerctl autostart enable|status|disable` as a user runs it, with a fake
/// `systemctl` first on PATH (the real one is never called: these tests must not touch the
/// user manager of whoever runs them).
@Suite("autostart: installed files, systemd-analyze verify, timerctl autostart")
struct AutostartTests {
    // MARK: make install

    @Test("make install PREFIX=/usr puts the units in /usr/lib/systemd/user and the entry in /usr/share/timerd")
    func installLaysOutTheUnitsAndTheEntry() throws {
        let staging = InstallTests.Staging()
        defer { staging.remove() }
        let destdir = staging.destdir
        let install = try staging.make("install")
        #expect(install.status == 0, "\(install)")

        let socket = try String(contentsOfFile: destdir + "/usr/lib/systemd/user/timerd.socket", encoding: .utf8)
        let service = try String(contentsOfFile: destdir + "/usr/lib/systemd/user/timerd.service", encoding: .utf8)
        let desktop = try String(contentsOfFile: destdir + "/usr/share/timerd/timerd.desktop", encoding: .utf8)
        // The path as installed, without DESTDIR.
        #expect(service.contains("\nExecStart=/usr/bin/timerd --started-by systemd\n"))
        #expect(socket.contains("\nListenStream=%t/timerd/timerd.sock\n"))
        #expect(desktop.contains("\nExec=/usr/bin/timerd --started-by autostart\n"))
        // What timerctl prints is what was installed.
        let printed = try run(Programs.timerctl, ["__unit", "service", "--timerd", "/usr/bin/timerd"])
        #expect(printed.stdout == service)
        for text in [socket, service, desktop] { #expect(!text.contains(destdir)) }

        let manifest = try String(contentsOfFile: destdir + "/usr/share/timerd/install-manifest", encoding: .utf8)
        #expect(manifest.contains("file /usr/lib/systemd/user/timerd.service\n"))

        let uninstall = try staging.make("uninstall")
        #expect(uninstall.status == 0, "\(uninstall)")
        for path in ["usr/lib/systemd/user/timerd.socket", "usr/lib/systemd/user/timerd.service", "usr/share/timerd/timerd.desktop"] {
            #expect(!FileManager.default.fileExists(atPath: destdir + "/" + path), "\(path)")
        }
        #expect(InstallTests.tree(destdir) == [], "uninstall leaves nothing behind")
    }

    @Test(
        "units go where systemd looks for the PREFIX", arguments: [
            ("/usr/local", "usr/local/lib/systemd/user"),
            ("/home/ann/.local", "home/ann/.local/share/systemd/user"),
        ])
    func unitDirectoryFollowsThePrefix(prefix: String, directory: String) throws {
        let staging = InstallTests.Staging()
        defer { staging.remove() }
        let destdir = staging.destdir
        let install = try staging.make("install", prefix: prefix)
        #expect(install.status == 0, "\(install)")
        let service = try String(contentsOfFile: destdir + "/" + directory + "/timerd.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\(prefix)/bin/timerd --started-by systemd\n"))
        #expect(FileManager.default.fileExists(atPath: destdir + prefix + "/share/timerd/timerd.desktop"))
    }

    // MARK: systemd-analyze verify

    /// `systemd-analyze verify --user` reads the units as the user manager would, without one
    /// running: it needs only XDG_RUNTIME_DIR (for %t). `--man=no`: the pages named by
    /// Documentation= are not installed here. It prints every problem (an unknown key, a bad
    /// value, a missing program) on stderr, some with exit status 0, so both are checked.
    static func verify(_ files: [String], runtime: String) throws -> ProcessResult {
        try run(
            "/usr/bin/systemd-analyze", ["verify", "--user", "--man=no"] + files,
            environment: ["PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime, "HOME": runtime, "SYSTEMD_LOG_COLOR": "0"])
    }

    @Test("systemd-analyze verify accepts the units, started from the built timerd")
    func systemdAcceptsTheUnits() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
            "systemd-analyze is missing: install Debian's systemd package (scripts/deps test does)")
        let work = makeTemporaryDirectory()
        defer { removeDirectory(work) }
        for kind in ["socket", "service"] {
            let text = try run(Programs.timerctl, ["__unit", kind, "--timerd", Programs.timerd])
            try #require(text.status == 0, "\(text)")
            try text.stdout.write(toFile: "\(work)/timerd.\(kind)", atomically: true, encoding: .utf8)
        }
        let verified = try Self.verify([work + "/timerd.socket", work + "/timerd.service"], runtime: work)
        #expect(verified.status == 0 && verified.stderr.isEmpty && verified.stdout.isEmpty, "\(verified)")

        // The check checks: a wrong value, and a program that is not there, are reported.
        let service = try String(contentsOfFile: work + "/timerd.service", encoding: .utf8)
        try service.replacingOccurrences(of: "Type=notify", with: "Type=notified")
            .write(toFile: work + "/timerd.service", atomically: true, encoding: .utf8)
        let wrongType = try Self.verify([work + "/timerd.service"], runtime: work)
        #expect(wrongType.stderr.contains("notified"), "\(wrongType)")
        try service.replacingOccurrences(of: Programs.timerd, with: work + "/no-such-timerd")
            .write(toFile: work + "/timerd.service", atomically: true, encoding: .utf8)
        let missing = try Self.verify([work + "/timerd.service"], runtime: work)
        #expect(missing.status != 0 && missing.stderr.contains("no-such-timerd"), "\(missing)")
    }

    @Test("desktop-file-validate accepts the autostart entry, also for a path that needs quoting")
    func theDesktopEntryIsValid() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/desktop-file-validate"),
            "desktop-file-validate is missing: install Debian's desktop-file-utils (scripts/deps test does)")
        let work = makeTemporaryDirectory()
        defer { removeDirectory(work) }
        for (index, path) in ["/usr/bin/timerd", "/opt/my timers/$HOME/100%/timerd"].enumerated() {
            let entry = try run(Programs.timerctl, ["__unit", "desktop", "--timerd", path])
            try #require(entry.status == 0, "\(entry)")
            let file = "\(work)/timerd-\(index).desktop"
            try entry.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let validated = try run("/usr/bin/desktop-file-validate", [file])
            #expect(validated.status == 0 && validated.stdout.isEmpty && validated.stderr.isEmpty, "\(path): \(validated)")
        }
    }

    // MARK: timerctl autostart

    /// A scratch home: configuration, runtime directory, and a fake `systemctl` first on PATH
    /// that logs its arguments and answers like systemd (`is-system-running` says `state`,
    /// `enable`/`disable` make and remove the link in sockets.target.wants, `is-enabled`
    /// looks at it).
    struct Home {
        let directory: String
        var config: String { directory + "/config" }
        var runtime: String { directory + "/run" }
        var log: String { directory + "/systemctl.log" }
        var socketUnit: String { config + "/systemd/user/timerd.socket" }
        var serviceUnit: String { config + "/systemd/user/timerd.service" }
        var desktopEntry: String { config + "/autostart/timerd.desktop" }
        var wantsLink: String { config + "/systemd/user/sockets.target.wants/timerd.socket" }

        init(systemState: String) throws {
            directory = makeTemporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory + "/bin", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let script = """
                #!/bin/sh
                # A fake systemctl for the tests: logs its arguments, answers like systemd.
                echo "$*" >> "\(log)"
                [ "$1" = --user ] || { echo "fake systemctl: only --user" >&2; exit 1; }
                shift
                units="$XDG_CONFIG_HOME/systemd/user"
                case "$*" in
                  is-system-running) echo \(systemState); [ \(systemState) = running ] ;;
                  daemon-reload) ;;
                  "enable --now timerd.socket")
                    [ -f "$units/timerd.socket" ] || { echo "Failed to enable unit: Unit file timerd.socket does not exist." >&2; exit 1; }
                    mkdir -p "$units/sockets.target.wants"
                    ln -sf "$units/timerd.socket" "$units/sockets.target.wants/timerd.socket"
                    echo "Created symlink $units/sockets.target.wants/timerd.socket → $units/timerd.socket." >&2 ;;
                  "disable --now timerd.socket timerd.service" | "disable timerd.socket timerd.service")
                    if [ -L "$units/sockets.target.wants/timerd.socket" ]; then
                      rm "$units/sockets.target.wants/timerd.socket"
                      rmdir "$units/sockets.target.wants" 2>/dev/null
                      echo "Removed \\"$units/sockets.target.wants/timerd.socket\\"." >&2
                    fi ;;
                  "is-enabled timerd.socket")
                    if [ -L "$units/sockets.target.wants/timerd.socket" ]; then echo enabled; else echo disabled; exit 1; fi ;;
                  *) echo "fake systemctl: unexpected $*" >&2; exit 1 ;;
                esac
                """
            try script.write(toFile: directory + "/bin/systemctl", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory + "/bin/systemctl")
            // PATH is this directory alone, with what the fake uses: a timerd installed on the
            // machine must not be found (enable prefers one installed to the built one).
            for tool in ["mkdir", "ln", "rm", "rmdir"] {
                let found = try #require(["/usr/bin/", "/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) })
                try FileManager.default.createSymbolicLink(atPath: directory + "/bin/" + tool, withDestinationPath: found)
            }
        }

        /// What enable says of the built timerd, when none is installed.
        static var builtTimerdWarning: String {
            let tree = Programs.timerd.components(separatedBy: "/.build").first ?? ""
            return "Warning: \(Programs.timerd) is in a build directory, and no installed timerd was found (on PATH or in "
                + "~/.local/bin): at each login the entry starts whatever was last built there, and nothing once that build is "
                + "cleaned or moved. Install timerd (`make install` in \(tree) puts it in \(getuid() == 0 ? "/usr/local/bin" : "~/.local/bin")), "
                + "then run `timerctl autostart enable` again to point the entry at it."
        }

        func environment(mode: String?) -> [String: String] {
            var environment = testEnvironment(in: directory, runtime: runtime)
            environment["HOME"] = directory + "/home"
            environment["XDG_CONFIG_HOME"] = config
            environment["PATH"] = directory + "/bin"
            environment.removeValue(forKey: "TIMERD_AUTOSTART_MODE")
            if let mode { environment["TIMERD_AUTOSTART_MODE"] = mode }
            return environment
        }

        func ctl(_ arguments: [String], mode: String? = nil) throws -> ProcessResult {
            try run(Programs.timerctl, arguments, environment: environment(mode: mode))
        }

        /// What the fake systemctl was asked, a line each, and forgets it.
        func calls() -> [String] {
            defer { try? FileManager.default.removeItem(atPath: log) }
            return ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

        func exists(_ path: String) -> Bool {
            (try? FileManager.default.attributesOfItem(atPath: path)) != nil
        }
    }

    @Test("without a systemd user session: enable writes the autostart entry, status says so, disable removes it")
    func xdgAutostart() throws {
        let home = try Home(systemState: "offline")
        defer { removeDirectory(home.directory) }

        let enable = try home.ctl(["autostart", "enable"])
        #expect(enable.status == 0, "\(enable)")
        #expect(enable.stdout == """
            This system has no systemd user session (`systemctl --user is-system-running` says offline), so the desktop starts timerd when you log in (XDG autostart).
            \(Home.builtTimerdWarning)
            Wrote \(home.desktopEntry) (Exec=\(Programs.timerd) --started-by autostart).
            timerd is not running now: the next timerctl starts it, and from your next login on the desktop does.
            To undo it: timerctl autostart disable

            """)
        let entry = try #require(home.text(home.desktopEntry))
        #expect(entry.contains("\nExec=\(Programs.timerd) --started-by autostart\n"))
        #expect(entry.contains("\nX-systemd-skip=true\n"))
        #expect(!home.exists(home.socketUnit) && !home.exists(home.serviceUnit))
        #expect(home.calls() == ["--user is-system-running"])

        let status = try home.ctl(["autostart", "status"])
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout == """
            Set up: XDG autostart, \(home.desktopEntry) (the desktop starts timerd when you log in).
            This system: no systemd user session (`systemctl --user is-system-running` says offline).
            Running: no timerd answers at \(home.runtime)/timerd/timerd.sock; the next timerctl starts it.

            """)
        // status never starts a daemon.
        #expect(!home.exists(home.runtime + "/timerd/timerd.sock"))

        let disable = try home.ctl(["autostart", "disable"])
        #expect(disable.status == 0, "\(disable)")
        #expect(disable.stdout == """
            Removed \(home.desktopEntry). The desktop no longer starts timerd at login.
            timerctl starts timerd when it is needed, as without autostart.

            """)
        #expect(!home.exists(home.desktopEntry))
        #expect(home.calls() == ["--user is-system-running"], "only status asked systemctl")
    }

    @Test("TIMERD_AUTOSTART_MODE=xdg chooses XDG autostart even where a user manager runs")
    func forcedXDG() throws {
        let home = try Home(systemState: "running")
        defer { removeDirectory(home.directory) }
        let enable = try home.ctl(["autostart", "enable"], mode: "xdg")
        #expect(enable.status == 0 && enable.stdout.contains("(TIMERD_AUTOSTART_MODE=xdg chooses it)"), "\(enable)")
        #expect(home.exists(home.desktopEntry))
        #expect(home.calls() == [])
    }

    @Test("with a systemd user session: enable writes the units, reloads and enables the socket; disable undoes it")
    func systemdUnits() throws {
        let home = try Home(systemState: "running")
        defer { removeDirectory(home.directory) }

        let enable = try home.ctl(["autostart", "enable"])
        #expect(enable.status == 0, "\(enable)")
        let units = home.config + "/systemd/user"
        #expect(enable.stdout == """
            This system has a systemd user session (`systemctl --user is-system-running` says running), so systemd starts timerd: its socket listens from login on, and the first timerctl starts timerd.
            \(Home.builtTimerdWarning)
            Wrote \(home.socketUnit).
            Wrote \(home.serviceUnit) (ExecStart=\(Programs.timerd) --started-by systemd).
            Ran `systemctl --user daemon-reload`.
            Ran `systemctl --user enable --now timerd.socket`.
              Created symlink \(units)/sockets.target.wants/timerd.socket → \(units)/timerd.socket.
            From now on systemd starts timerd (as timerd.service) when timerctl first needs it after you log in; `systemctl --user status timerd.service` shows it.
            To undo it: timerctl autostart disable

            """)
        #expect(home.calls() == ["--user is-system-running", "--user daemon-reload", "--user enable --now timerd.socket"])
        #expect(home.text(home.serviceUnit)?.contains("\nExecStart=\(Programs.timerd) --started-by systemd\n") == true)
        #expect(home.text(home.socketUnit)?.contains("\nListenStream=%t/timerd/timerd.sock\n") == true)
        #expect(!home.exists(home.desktopEntry))

        let status = try home.ctl(["autostart"])
        #expect(status.stdout.hasPrefix("""
            Set up: systemd user units, \(home.socketUnit) and \(home.serviceUnit); timerd.socket is enabled.
            This system: a systemd user session (`systemctl --user is-system-running` says running).

            """), "\(status)")
        #expect(home.calls() == ["--user is-system-running", "--user is-enabled timerd.socket"])

        let disable = try home.ctl(["autostart", "disable"])
        #expect(disable.status == 0, "\(disable)")
        #expect(disable.stdout == """
            Ran `systemctl --user disable --now timerd.socket timerd.service`.
              Removed "\(units)/sockets.target.wants/timerd.socket".
            Removed \(home.socketUnit).
            Removed \(home.serviceUnit).
            Ran `systemctl --user daemon-reload`.
            timerd.service and timerd.socket are stopped: systemd no longer starts timerd.
            timerctl starts timerd when it is needed, as without autostart.

            """)
        #expect(home.calls() == ["--user is-system-running", "--user disable --now timerd.socket timerd.service", "--user daemon-reload"])
        #expect(InstallTests.tree(units) == [], "nothing of timerd's is left in \(units)")
    }

    @Test("enable for systemd stops a running timerd that systemd did not start, which saves its timers")
    func systemdTakesOverFromARunningDaemon() throws {
        let home = try Home(systemState: "running")
        defer { removeDirectory(home.directory) }
        // A timerd on the per-user socket, as timerctl would have started it.
        let environment = home.environment(mode: nil)
        let daemon = try Child(Programs.timerd, [], environment: environment, stdout: home.directory + "/timerd.log", stderr: home.directory + "/timerd.log")
        defer { daemon.signal(SIGKILL) }
        let socket = home.runtime + "/timerd/timerd.sock"
        try #require(eventually { RPCClient.canConnect(socket) }, "timerd did not start")
        let started = try home.ctl(["start", "tea", "1h", "--no-spawn"])
        #expect(started.status == 0, "\(started)")

        let status = try home.ctl(["autostart", "status"])
        #expect(status.stdout.contains("\nRunning: timerd \(timerdVersion) (pid \(daemon.pid)), started by "), "\(status)")
        _ = home.calls()

        let enable = try home.ctl(["autostart", "enable"])
        #expect(enable.status == 0, "\(enable)")
        #expect(enable.stdout.contains("Stopped the timerd \(timerdVersion) (pid \(daemon.pid)), started by "), "\(enable)")
        #expect(enable.stdout.contains("so that systemd's socket can take over; its timers are saved"))
        #expect(daemon.wait() == 0, "stopped with SIGTERM, it exits cleanly")
        #expect(home.calls() == ["--user is-system-running", "--user daemon-reload", "--user enable --now timerd.socket"])

        // Its timer is still there for the next timerd.
        let next = try Child(Programs.timerd, [], environment: environment, stdout: home.directory + "/timerd.log", stderr: home.directory + "/timerd.log")
        defer { next.signal(SIGKILL) }
        try #require(eventually { RPCClient.canConnect(socket) }, "timerd did not start again")
        let list = try home.ctl(["ls", "--json", "--no-spawn"])
        #expect(list.stdout.contains("\"tea\""), "\(list)")
    }

    @Test("enable from the build tree starts an installed timerd: one on PATH, else in ~/.local/bin")
    func installedTimerdIsPreferred() throws {
        let home = try Home(systemState: "offline")
        defer { removeDirectory(home.directory) }
        let local = home.directory + "/home/.local/bin"
        let onPath = home.directory + "/installed"
        for directory in [local, onPath] {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Programs.timerd, toPath: directory + "/timerd")
        }
        let passedOver = "not \(Programs.timerd) beside this timerctl, which is in a build directory (`make install` updates the installed one)."

        // ~/.local/bin is not on PATH (as right after a first install): it is found all the same.
        let enable = try home.ctl(["autostart", "enable"])
        #expect(enable.status == 0, "\(enable)")
        #expect(enable.stdout.contains("""
            The entry starts the installed timerd, \(local)/timerd, \(passedOver)
            Wrote \(home.desktopEntry) (Exec=\(local)/timerd --started-by autostart).

            """), "\(enable)")
        #expect(home.text(home.desktopEntry)?.contains("\nExec=\(local)/timerd --started-by autostart\n") == true)

        // One on PATH comes first; the entry is rewritten to start it.
        var environment = home.environment(mode: nil)
        environment["PATH"] = onPath + ":" + (environment["PATH"] ?? "")
        let again = try run(Programs.timerctl, ["autostart", "enable"], environment: environment)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("""
            The entry starts the installed timerd, \(onPath)/timerd, \(passedOver)
            Wrote \(home.desktopEntry) (Exec=\(onPath)/timerd --started-by autostart).

            """), "\(again)")
        #expect(!again.stdout.contains("Warning"))
    }

    @Test("disable leaves files that enable did not write")
    func disableLeavesOtherFiles() throws {
        let home = try Home(systemState: "running")
        defer { removeDirectory(home.directory) }
        try FileManager.default.createDirectory(atPath: home.config + "/autostart", withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nExec=timerd\n".write(toFile: home.desktopEntry, atomically: true, encoding: .utf8)
        let disable = try home.ctl(["autostart", "disable"])
        #expect(disable.status == 0, "\(disable)")
        #expect(disable.stdout.contains("Left \(home.desktopEntry) as it is: `timerctl autostart enable` did not write it."))
        #expect(home.text(home.desktopEntry) == "[Desktop Entry]\nType=Application\nExec=timerd\n")
        #expect(home.calls() == [])
    }
}
