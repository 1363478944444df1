/// The files that start timerd at login, made in one place: the systemd user units
/// `timerd.socket` and `timerd.service`, and the XDG autostart entry `timerd.desktop`.
///
/// `make install` writes them through the hidden `timerctl __unit socket|service|desktop
/// --timerd PATH` (as it makes the completions), and `timerctl autostart enable` writes them
/// into the user's configuration, so the two cannot disagree. Each text's comments say why
/// each line is there, for whoever opens the installed file.
enum AutostartFiles {
    enum Kind: String, CaseIterable, Sendable {
        case socket, service, desktop

        /// The file's name, wherever it is installed.
        var fileName: String { "timerd.\(rawValue)" }
    }

    /// The first line of a file `timerctl autostart enable` wrote. `disable` removes only files
    /// that hold it, never one the user (or a package) put there.
    static let enableMarker = "# Written by `timerctl autostart enable`; `timerctl autostart disable` removes it."

    /// The first line of the files `make install` installs.
    static let installMarker = "# Installed with timerd (`make install`); `make uninstall` removes it."

    /// The text of `kind`, starting `timerd` at `timerd` (an absolute path, as installed),
    /// with `header` as its first line.
    static func text(_ kind: Kind, timerd: String, header: String) -> String {
        switch kind {
        case .socket: socket(header: header)
        case .service: service(timerd: timerd, header: header)
        case .desktop: desktop(timerd: timerd, header: header)
        }
    }

    static func socket(header: String = installMarker) -> String {
        """
        \(header)
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

        """
    }

    static func service(timerd: String, header: String = installMarker) -> String {
        """
        \(header)
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
        ExecStart=\(unitWord(timerd)) --started-by systemd
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

        """
    }

    static func desktop(timerd: String, header: String = installMarker) -> String {
        """
        \(header)
        # For desktops without a systemd user session: the desktop starts timerd at login.
        [Desktop Entry]
        Type=Application
        Name=timerd
        Comment=Timers and deadlines that end in a desktop notification
        # --started-by: `timerctl autostart status` (and ping) say how timerd was started.
        Exec=\(desktopWord(timerd)) --started-by autostart
        # A daemon, not something to show in menus.
        NoDisplay=true
        # Where a systemd user session runs the desktop, timerd's units start it; systemd's
        # autostart generator must not start a second one from this file. (If both did, the
        # second would find the first one's lock and exit.)
        X-systemd-skip=true
        X-GNOME-Autostart-enabled=true

        """
    }

    // MARK: Paths in the files

    /// Nil when `path` can be the program of a unit's ExecStart= and a desktop entry's Exec=,
    /// else a sentence saying why not. systemd refuses `"` and `\` in a program's name, and
    /// no line may hold a control character.
    static func problem(withProgram path: String) -> String? {
        guard path.hasPrefix("/") else {
            return "timerd's path must be absolute for the autostart files, not \(path)."
        }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\"" || $0 == "\\" }) else {
            return "timerd's path \(path) holds a character a systemd unit cannot name a program with "
                + "(a quote, a backslash or a control character); install timerd in another directory."
        }
        return nil
    }

    /// `path` as the first word of ExecStart=: `%` (systemd's specifiers) doubled, in double
    /// quotes when it holds white space. `$` needs nothing: systemd expands variables only in
    /// the arguments.
    static func unitWord(_ path: String) -> String {
        let escaped = path.replacing("%", with: "%%")
        return escaped.contains(where: \.isWhitespace) ? "\"\(escaped)\"" : escaped
    }

    /// The characters the desktop entry specification reserves in Exec=: an argument holding
    /// one is quoted.
    private static let reserved: Set<Character> = [" ", "\t", "'", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`"]

    /// `path` as the first word of Exec=: `%` (field codes) doubled; quoted when it holds a
    /// reserved character, with `` ` `` and `$` escaped by a backslash inside the quotes, and
    /// that backslash doubled again because Exec= is a string value, whose escapes are read
    /// first.
    static func desktopWord(_ path: String) -> String {
        let escaped = path.replacing("%", with: "%%")
        guard escaped.contains(where: reserved.contains) else { return escaped }
        var quoted = "\""
        for character in escaped {
            if character == "`" || character == "$" { quoted += "\\\\" }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
