import Testing
@testable import timerctl

/// The unit and autostart texts, pinned: they are what systemd and the desktop read.
@Suite struct AutostartFilesTests {
    @Test func socket() {
        #expect(
            AutostartFiles.socket() == """
                # Installed with timerd (`make install`); `make uninstall` removes it.
                [Unit]
                Description=timerd socket: the first timerctl request starts timerd
                Documentation=man:timerd(1) man:timerctl(1)

                [Socket]
                # The per-user socket timerd and timerctl use when neither --socket nor TIMERD_SOCKET
                # says otherwise (%t is $XDG_RUNTIME_DIR), so that the first timerctl after login
                # reaches systemd, which then starts timerd and hands it the socket.
                ListenStream=%t/timerd/timerd.sock
                # Only the user may connect, as when timerd makes the socket itself.
                SocketMode=0600
                # timerd and timerctl refuse a socket directory that others can enter.
                DirectoryMode=0700
                # Stopping the socket (autostart disable) leaves no socket file behind for timerctl
                # to find dead.
                RemoveOnStop=yes

                [Install]
                # Listening from login on; timerd itself starts only when it is first needed.
                WantedBy=sockets.target

                """)
    }

    @Test func service() {
        #expect(
            AutostartFiles.service(timerd: "/usr/bin/timerd") == """
                # Installed with timerd (`make install`); `make uninstall` removes it.
                [Unit]
                Description=timerd: timers and deadlines that end in a desktop notification
                Documentation=man:timerd(1) man:timerctl(1)
                # Stopped when the graphical session ends, so that the next session's timerd (the
                # socket starts it again) is started with that session's display and bus, and its
                # notifications reach the screen in front of the user. Its timers are saved.
                PartOf=graphical-session.target
                # When both start together, after the desktop has imported DISPLAY, WAYLAND_DISPLAY
                # and DBUS_SESSION_BUS_ADDRESS into the user manager.
                After=graphical-session.target

                [Service]
                # timerd tells systemd (sd_notify READY=1) once its timers are loaded and it serves
                # the socket, so that systemd knows when it is up.
                Type=notify
                # --started-by: `timerctl autostart status` (and ping) say how timerd was started.
                ExecStart=/usr/bin/timerd --started-by systemd
                # A crash starts it again: its timers are on disk, and the ones that came due
                # meanwhile fire at once.
                Restart=on-failure
                # Exit status 1 means timerd cannot start (another one holds the lock, its state
                # directory or database is unusable): trying again would fail again, in a loop.
                RestartPreventExitStatus=1
                # `systemctl --user reload timerd` makes it read timerd.conf again.
                ExecReload=/bin/kill -HUP $MAINPID

                [Install]
                # The socket is what starts timerd: enabling the service enables it.
                Also=timerd.socket

                """)
    }

    @Test func desktop() {
        #expect(
            AutostartFiles.desktop(timerd: "/usr/bin/timerd") == """
                # Installed with timerd (`make install`); `make uninstall` removes it.
                # For desktops without a systemd user session: the desktop starts timerd at login.
                [Desktop Entry]
                Type=Application
                Name=timerd
                Comment=Timers and deadlines that end in a desktop notification
                # --started-by: `timerctl autostart status` (and ping) say how timerd was started.
                Exec=/usr/bin/timerd --started-by autostart
                # A daemon, not something to show in menus.
                NoDisplay=true
                # Where a systemd user session runs the desktop, timerd's units start it; systemd's
                # autostart generator must not start a second one from this file. (If both did, the
                # second would find the first one's lock and exit.)
                X-systemd-skip=true
                X-GNOME-Autostart-enabled=true

                """)
    }

    @Test func theHeaderIsTheFirstLineAndTheMarkerIsAWholeLine() {
        for kind in AutostartFiles.Kind.allCases {
            let text = AutostartFiles.text(kind, timerd: "/usr/bin/timerd", header: AutostartFiles.enableMarker)
            #expect(text.hasPrefix(AutostartFiles.enableMarker + "\n"))
            #expect(!AutostartFiles.text(kind, timerd: "/usr/bin/timerd", header: AutostartFiles.installMarker)
                .contains(AutostartFiles.enableMarker))
            // No OnlyShowIn/NotShowIn: every desktop starts it.
            #expect(!text.contains("ShowIn"))
        }
    }

    @Test(arguments: [
        ("/usr/bin/timerd", "/usr/bin/timerd", "/usr/bin/timerd"),
        ("/home/ann/My Programs/timerd", "\"/home/ann/My Programs/timerd\"", "\"/home/ann/My Programs/timerd\""),
        ("/opt/100%/timerd", "/opt/100%%/timerd", "/opt/100%%/timerd"),
        ("/opt/a$b/timerd", "/opt/a$b/timerd", "\"/opt/a\\\\$b/timerd\""),
        ("/opt/it's/timerd", "/opt/it's/timerd", "\"/opt/it's/timerd\""),
        ("/opt/a b`c/timerd", "\"/opt/a b`c/timerd\"", "\"/opt/a b\\\\`c/timerd\""),
    ])
    func programPaths(path: String, unit: String, desktop: String) {
        #expect(AutostartFiles.problem(withProgram: path) == nil)
        #expect(AutostartFiles.unitWord(path) == unit)
        #expect(AutostartFiles.desktopWord(path) == desktop)
    }

    @Test(arguments: ["timerd", "bin/timerd", "/opt/a\"b/timerd", "/opt/a\\b/timerd", "/opt/a\nb/timerd", "/opt/a\tb/timerd"])
    func pathsTheFilesCannotHold(path: String) {
        #expect(AutostartFiles.problem(withProgram: path) != nil)
    }

    // MARK: __unit

    @Test func hiddenCommandParses() throws {
        #expect(try Arguments.parse(["__unit", "service", "--timerd", "/usr/bin/timerd"]).command
            == UnitCommand(.service, timerd: "/usr/bin/timerd"))
        #expect(try Arguments.parse(["__unit", "desktop", "--timerd=/usr/local/bin/timerd"]).command
            == UnitCommand(.desktop, timerd: "/usr/local/bin/timerd"))
        for wrong in [
            ["__unit"], ["__unit", "timer", "--timerd", "/usr/bin/timerd"], ["__unit", "socket"],
            ["__unit", "service", "--timerd", "timerd"], ["__unit", "socket", "service", "--timerd", "/usr/bin/timerd"],
        ] {
            #expect(throws: UsageError.self, "\(wrong)") { try Arguments.parse(wrong) }
        }
        // Only __unit takes --timerd.
        #expect(throws: UsageError(message: "start does not take --timerd.", topic: "start")) {
            try Arguments.parse(["start", "tea", "3m", "--timerd", "/usr/bin/timerd"])
        }
        #expect(!Help.overview.contains("__unit"))
    }
}
