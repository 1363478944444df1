import Glibc
import Protocol

/// `enable`, `disable` and `status`: each says in full sentences what it found and did.
extension Autostart {
    // MARK: enable

    func enable() throws(CtlFailure) {
        let decision = try Self.decide(facts())
        let program: AutostartProgram
        if let timerd { program = try timerd() } else { program = try ProgramSearch.live(environment: environment).find() }
        if let problem = AutostartFiles.problem(withProgram: program.path) { throw .refused(problem) }
        let note = program.note(root: getuid() == 0).map { $0 + "\n" }
        switch decision.mechanism {
        case .systemd: try enableSystemd(timerd: program.path, because: decision.reason, note: note)
        case .xdg: try enableXDG(timerd: program.path, because: decision.reason, note: note)
        }
        let current = currentSocket.path, user = userSocket.path
        if current != user {
            output(
                "Note: timerctl here talks to \(current) (--socket or TIMERD_SOCKET), not to \(user), where the timerd "
                    + "started at login listens.\n")
        }
        output("To undo it: timerctl autostart disable\n")
    }

    /// `note`: what to say about the timerd the files start, before they are written.
    private func enableSystemd(timerd: String, because reason: String, note: String?) throws(CtlFailure) {
        output(
            "This system has a systemd user session (\(reason)), so systemd starts timerd: its socket listens from "
                + "login on, and the first timerctl starts timerd.\n")
        if let note { output(note) }
        let files = try Self.unitFiles.map { kind throws(CtlFailure) in
            (kind, try path(kind), AutostartFiles.text(kind, timerd: timerd, header: AutostartFiles.enableMarker))
        }
        try refuseForeign(files.map(\.1))
        for (kind, path, text) in files {
            let detail = kind == .service ? " (ExecStart=\(AutostartFiles.unitWord(timerd)) --started-by systemd)" : ""
            output(try write(text, to: path) ? "Wrote \(path)\(detail).\n" : "Kept \(path)\(detail): it was there already, unchanged.\n")
        }
        try systemctl(["daemon-reload"], then: "The units are written; nothing is enabled.")
        try takeOver()
        try systemctl(["enable", "--now", "timerd.socket"], then: "The units are written and loaded, but not enabled.")
        output(
            "From now on systemd starts timerd (as timerd.service) when timerctl first needs it after you log in; "
                + "`systemctl --user status timerd.service` shows it.\n")
    }

    /// Stops a timerd on the per-user socket that systemd did not start, so that systemd's
    /// socket can take its place; its timers are saved, and the next request starts timerd again.
    private func takeOver() throws(CtlFailure) {
        guard runtimeDirectory != nil else { return }
        let location = userSocket
        guard let running = daemon.probe(location), running.startedBy != "systemd" else { return }
        if let problem = daemon.stop(running, location) {
            throw .refused(
                "\(problem) The units are written and loaded, but not enabled: systemd's socket cannot take over while "
                    + "another timerd listens at \(location.path). Then run `timerctl autostart enable` again.")
        }
        output(
            "Stopped the \(running.description), so that systemd's socket can take over; its timers are saved, and "
                + "systemd starts it again when it is next needed.\n")
    }

    private func enableXDG(timerd: String, because reason: String, note: String?) throws(CtlFailure) {
        output(
            "This system has no systemd user session (\(reason)), so the desktop starts timerd when you log in "
                + "(XDG autostart).\n")
        if let note { output(note) }
        let path = try path(.desktop)
        try refuseForeign([path])
        let text = AutostartFiles.text(.desktop, timerd: timerd, header: AutostartFiles.enableMarker)
        let detail = " (Exec=\(AutostartFiles.desktopWord(timerd)) --started-by autostart)"
        output(try write(text, to: path) ? "Wrote \(path)\(detail).\n" : "Kept \(path)\(detail): it was there already, unchanged.\n")
        if let running = daemon.probe(userSocket) {
            output("\(running.description), is running now and keeps running; from your next login on, the desktop starts it.\n")
        } else {
            output("timerd is not running now: the next timerctl starts it, and from your next login on the desktop does.\n")
        }
    }

    /// Refuses before anything is written when one of `paths` holds a file enable did not write.
    private func refuseForeign(_ paths: [String]) throws(CtlFailure) {
        for path in paths where Self.state(of: path) == .foreign {
            throw .refused(
                "\(path) is there already and was not written by `timerctl autostart enable`; nothing was changed. "
                    + "Remove it (or move it away) and run `timerctl autostart enable` again.")
        }
    }

    // MARK: disable

    func disable() throws(CtlFailure) {
        let unitPaths = try Self.unitFiles.map { kind throws(CtlFailure) in try path(kind) }
        let desktopPath = try path(.desktop)
        let oursUnits = unitPaths.filter { if case .ours = Self.state(of: $0) { true } else { false } }
        var found = false
        if !oursUnits.isEmpty {
            found = true
            let decision = try Self.decide(facts())
            let running = decision.mechanism == .systemd
            // Without a user manager nothing runs to stop, and `disable` only removes links.
            try systemctl(
                ["disable"] + (running ? ["--now"] : []) + ["timerd.socket", "timerd.service"],
                then: "Nothing was removed.", verb: "disable")
            for path in unitPaths {
                if let done = try remove(path) { output(done + "\n") }
            }
            if running {
                try systemctl(["daemon-reload"], then: "The units are disabled and removed.", verb: "disable")
                output("timerd.service and timerd.socket are stopped: systemd no longer starts timerd.\n")
            }
        } else {
            for path in unitPaths where Self.state(of: path) == .foreign {
                output("Left \(path) as it is: `timerctl autostart enable` did not write it.\n")
            }
        }
        if let done = try remove(desktopPath) {
            if done.hasPrefix("Removed") {
                found = true
                output(done + " The desktop no longer starts timerd at login.\n")
            } else {
                output(done + "\n")
            }
        }
        if !found {
            output(
                "Autostart is not set up: `timerctl autostart enable` wrote none of \(unitPaths.joined(separator: ", ")) "
                    + "and \(desktopPath). Nothing to disable.\n")
        }
        output("timerctl starts timerd when it is needed, as without autostart.\n")
    }

    // MARK: status

    func status() throws(CtlFailure) {
        let decision = try Self.decide(facts())
        let unitPaths = try Self.unitFiles.map { kind throws(CtlFailure) in try path(kind) }
        let desktopPath = try path(.desktop)
        var setUp: [String] = []

        let unitStates = unitPaths.map(Self.state)
        if unitStates.contains(where: { if case .ours = $0 { true } else { false } }) || decision.mechanism == .systemd {
            // `is-enabled` prints the state (enabled, disabled…) and exits 1 unless enabled.
            let enabled = commands.run(["systemctl", "--user", "is-enabled", "timerd.socket"])
            let answer = enabled.stdout.trimmingWhitespace()
            let said =
                if let failure = enabled.launchFailure {
                    "whether timerd.socket is enabled cannot be asked (\(failure))"
                } else if answer.isEmpty {
                    "`systemctl --user is-enabled timerd.socket` says \(enabled.said.isEmpty ? "nothing" : enabled.said)"
                } else {
                    "timerd.socket is \(answer)"
                }
            let ours = zip(unitPaths, unitStates).filter { if case .ours = $0.1 { true } else { false } }.map(\.0)
            if !ours.isEmpty {
                setUp.append("systemd user units, \(ours.joined(separator: " and ")); \(said)")
            } else if answer == "enabled" {
                setUp.append("systemd user units installed with timerd; timerd.socket is enabled")
            }
        }
        if case .ours = Self.state(of: desktopPath) {
            setUp.append("XDG autostart, \(desktopPath) (the desktop starts timerd when you log in)")
        }
        if setUp.isEmpty {
            output(
                "Set up: nothing; timerctl starts timerd when it is needed. `timerctl autostart enable` starts it at login.\n")
        } else {
            output("Set up: \(setUp.joined(separator: "; and "))." + "\n")
        }
        for path in unitPaths + [desktopPath] where Self.state(of: path) == .foreign {
            output("Also: \(path) is there, but `timerctl autostart enable` did not write it.\n")
        }
        let system = decision.mechanism == .systemd ? "a systemd user session" : "no systemd user session"
        output("This system: \(system) (\(decision.reason)).\n")
        let location = currentSocket
        if let running = daemon.probe(location) {
            output("Running: \(running.description).\n")
        } else {
            output("Running: no timerd answers at \(location.path); the next timerctl starts it.\n")
        }
    }
}
