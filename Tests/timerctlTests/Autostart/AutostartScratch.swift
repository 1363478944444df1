import Glibc
import Protocol
@testable import timerctl

/// `timerctl autostart enable|disable|status` against a scratch configuration directory, a
/// fake `systemctl` and a fake running daemon: which files it writes and removes, which
/// commands it runs in which order, and what it says. The Autostart suites share it.
struct AutostartScratch {
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
            timerd: { () throws(CtlFailure) in AutostartProgram(path: "/usr/bin/timerd") },
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

protocol UsesAutostartScratch {}

extension UsesAutostartScratch {
    static func withScratch(mode: String? = nil, _ body: (AutostartScratch) throws -> Void) throws {
        var template = Array("/tmp/timerctl-autostart-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer { removeTree(directory) }
        var environment = [
            "HOME": directory + "/home", "XDG_CONFIG_HOME": directory + "/config", "XDG_RUNTIME_DIR": directory + "/run",
        ]
        environment["TIMERD_AUTOSTART_MODE"] = mode
        let scratch = AutostartScratch(directory: directory, environment: environment)
        scratch.log.answers["is-system-running"] = CommandOutcome(status: 1, stdout: "offline\n")
        try body(scratch)
    }

    static var timerctlPing: RunningDaemon { RunningDaemon(version: "0.1.0", startedBy: "timerctl", pid: 4242) }
}

/// `rm -rf`, for the scratch directory.
private func removeTree(_ path: String) {
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
