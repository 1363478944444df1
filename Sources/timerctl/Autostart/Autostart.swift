import Glibc
import Protocol

/// What starts timerd at login: systemd's user manager (units, socket activation) or the
/// desktop (an XDG autostart entry).
enum AutostartMechanism: String, Equatable, Sendable {
    case systemd, xdg
}

/// What the choice of mechanism rests on, gathered from the system, so that the choice
/// itself is a pure function (`Autostart.decide`).
struct SessionFacts: Equatable, Sendable {
    /// `TIMERD_AUTOSTART_MODE`: a testing aid that makes the choice.
    var forced: String?
    /// The first line `systemctl --user is-system-running` printed; nil when systemctl could
    /// not be run (not installed).
    var systemState: String?
    /// Whether the user manager's private socket, `$XDG_RUNTIME_DIR/systemd/private`, is there.
    var managerSocket = false
}

/// The mechanism chosen, and why, as a phrase for the user.
struct SessionDecision: Equatable, Sendable {
    var mechanism: AutostartMechanism
    var reason: String
}

/// Sets up, removes and reports what starts timerd at login. Files are written for real (under
/// `$XDG_CONFIG_HOME`, which tests point at a temporary directory); system commands and the
/// running daemon go through `commands` and `daemon`, which tests replace.
struct Autostart {
    var environment: [String: String]
    /// The socket timerctl talks to (`--socket`), for `status`.
    var socket: String?
    var commands: SystemCommand = .live
    var daemon: DaemonControl = .live
    /// The timerd the files start (`AutostartProgram`); nil: the one the live system has.
    var timerd: (() throws(CtlFailure) -> AutostartProgram)? = nil
    var output: (String) -> Void

    /// The variable that forces the mechanism, for tests: `systemd` or `xdg`.
    static let modeVariable = "TIMERD_AUTOSTART_MODE"

    static let unitFiles: [AutostartFiles.Kind] = [.socket, .service]

    func run(_ command: AutostartCommand.Action) throws(CtlFailure) {
        switch command {
        case .enable: try enable()
        case .disable: try disable()
        case .status: try status()
        }
    }

    // MARK: Choosing

    /// The manager's answers that mean it runs and takes units.
    static let runningStates: Set<String> = ["running", "degraded", "starting", "initializing"]

    /// systemd when a user manager runs (it is how GNOME, KDE and most desktops start the
    /// session), else the desktop's autostart. `is-system-running` says whether one runs;
    /// when its answer is not one of the known ones, the manager's socket decides. Without
    /// systemctl there is nothing to give units to.
    static func decide(_ facts: SessionFacts) throws(CtlFailure) -> SessionDecision {
        if let forced = facts.forced, !forced.isEmpty {
            guard let mechanism = AutostartMechanism(rawValue: forced) else {
                throw .usage("\(modeVariable) must be systemd or xdg (it is a testing aid), not \(TimerText.quoted(forced)).")
            }
            return SessionDecision(mechanism: mechanism, reason: "\(modeVariable)=\(forced) chooses it")
        }
        guard let state = facts.systemState else {
            return SessionDecision(mechanism: .xdg, reason: "systemctl is not installed")
        }
        let said = "`systemctl --user is-system-running` says \(state.isEmpty ? "nothing" : state)"
        if runningStates.contains(state) { return SessionDecision(mechanism: .systemd, reason: said) }
        if state != "offline" && facts.managerSocket {
            return SessionDecision(mechanism: .systemd, reason: "the systemd user manager's socket is there (\(said))")
        }
        return SessionDecision(mechanism: .xdg, reason: said)
    }

    /// The facts of this system. `is-system-running` is not asked when the mechanism is forced.
    func facts() -> SessionFacts {
        var facts = SessionFacts(forced: environment[Self.modeVariable])
        if let forced = facts.forced, !forced.isEmpty { return facts }
        let answer = commands.run(["systemctl", "--user", "is-system-running"])
        if answer.launchFailure == nil {
            facts.systemState = String(answer.stdout.trimmingWhitespace().prefix { $0 != "\n" })
        }
        if let runtime = runtimeDirectory {
            var info = stat()
            facts.managerSocket = lstat(runtime + "/systemd/private", &info) == 0
        }
        return facts
    }

    // MARK: Where things go

    /// `$XDG_CONFIG_HOME` when absolute, else `~/.config`.
    var configHome: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return Self.trimmed(config) }
        if let home = environment["HOME"], home.hasPrefix("/") { return Self.trimmed(home) + "/.config" }
        return nil
    }

    var runtimeDirectory: String? {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? Self.trimmed($0) : nil }
    }

    /// Where `enable` writes each file.
    func path(_ kind: AutostartFiles.Kind) throws(CtlFailure) -> String {
        guard let config = configHome else {
            throw .refused("Cannot tell where your configuration goes: neither XDG_CONFIG_HOME nor HOME is set.")
        }
        return config + (kind == .desktop ? "/autostart/" : "/systemd/user/") + kind.fileName
    }

    /// The per-user socket, where systemd's socket unit listens and an autostarted timerd too.
    var userSocket: SocketLocation {
        var environment = environment
        environment.removeValue(forKey: SocketLocation.environmentVariable)
        return SocketLocation.resolve(explicit: nil, environment: environment, uid: getuid())
    }

    /// The socket timerctl talks to: `--socket`, `TIMERD_SOCKET` or the per-user one.
    var currentSocket: SocketLocation {
        SocketLocation.resolve(explicit: socket, environment: environment, uid: getuid())
    }

    private static func trimmed(_ directory: String) -> String {
        directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    }

    // MARK: The files

    /// What is at a path `enable` writes to.
    enum FileState: Equatable {
        case missing
        /// A file `enable` wrote (it holds the marker), with its text.
        case ours(String)
        /// Something else: the user's own file, or one that cannot be read.
        case foreign
    }

    static func state(of path: String) -> FileState {
        switch ConfigLocation.contents(path: path) {
        case .missing: return .missing
        case .unreadable: return .foreign
        case .read(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.contains { $0 == AutostartFiles.enableMarker } ? .ours(text) : .foreign
        }
    }

    /// Writes `text` at `path` unless a file `enable` did not write is there. True when the
    /// file changed.
    func write(_ text: String, to path: String) throws(CtlFailure) -> Bool {
        switch Self.state(of: path) {
        case .foreign:
            throw .refused(
                "\(path) is there already and was not written by `timerctl autostart enable`; it is left as it is. "
                    + "Remove it (or move it away) and run `timerctl autostart enable` again.")
        case .ours(let old) where old == text:
            return false
        case .ours, .missing:
            do { try ConfigLocation.save(text, to: path) } catch { throw .refused(error.message) }
            return true
        }
    }

    /// Removes `path` if `enable` wrote it. What happened, as a sentence; nil when nothing was there.
    func remove(_ path: String) throws(CtlFailure) -> String? {
        switch Self.state(of: path) {
        case .missing: return nil
        case .foreign: return "Left \(path) as it is: `timerctl autostart enable` did not write it."
        case .ours:
            guard unlink(path) == 0 || errno == ENOENT else { throw .refused("Cannot remove \(path): \(Errno(errno)).") }
            return "Removed \(path)."
        }
    }

    // MARK: Running systemctl

    /// Runs `systemctl --user ARGUMENTS`, reporting it and what it said; a failure says what to
    /// do: `done` is what has been done already, `verb` the autostart command to run again.
    func systemctl(_ arguments: [String], then done: String, verb: String = "enable") throws(CtlFailure) {
        let words = ["systemctl", "--user"] + arguments
        let typed = words.joined(separator: " ")
        let outcome = commands.run(words)
        if let failure = outcome.launchFailure {
            throw .refused(
                "Cannot run `\(typed)`: \(failure). \(done) Install systemd's systemctl, then run "
                    + "`timerctl autostart \(verb)` again.")
        }
        guard outcome.status == 0 else {
            let said = outcome.said.isEmpty ? "" : ":\n  " + outcome.said.split(separator: "\n").joined(separator: "\n  ")
            throw .refused(
                "`\(typed)` failed (exit status \(outcome.status))\(said)\n\(done) Fix what it names, then run "
                    + "`timerctl autostart \(verb)` again.")
        }
        output("Ran `\(typed)`.\n")
        let said = outcome.said
        if !said.isEmpty { output(said.split(separator: "\n").map { "  \($0)\n" }.joined()) }
    }
}
