import Glibc
import Protocol

/// A timerd that answered `ping`.
struct RunningDaemon: Equatable, Sendable {
    var version: String
    /// How it was started (`systemd`, `autostart`, `timerctl`…), as it says; nil when it does
    /// not say (a timerd from before `--started-by`).
    var startedBy: String?
    /// Its pid, from its lock file beside the socket; nil when that cannot be read.
    var pid: Int32?

    /// `timerd 0.2.0 (pid 1234), started by systemd`.
    var description: String {
        let pid = pid.map { " (pid \($0))" } ?? ""
        return "timerd \(version)\(pid), started by \(startedBy ?? "unknown")"
    }
}

/// Finding and stopping a running timerd, for `timerctl autostart`; a fake one in tests.
struct DaemonControl: Sendable {
    /// The daemon answering at the location, never starting one; nil when none answers.
    var probe: @Sendable (SocketLocation) -> RunningDaemon?
    /// Stops it and waits for it to exit; nil when it has, else what went wrong, as a sentence.
    var stop: @Sendable (RunningDaemon, SocketLocation) -> String?

    static let live = DaemonControl(probe: probe, stop: stop)

    /// How long a stopped daemon has to save and exit.
    static let stopTimeout: Int32 = 5

    private static func probe(_ location: SocketLocation) -> RunningDaemon? {
        guard location.pathProblem == nil else { return nil }
        if let dir = location.privateDirectory, PrivateDirectory.check(dir) != nil { return nil }
        guard case .success(let fd) = UnixSocket.connect(location.path) else { return nil }
        // A daemon that accepted but does not answer must not hang `status`.
        var timeout = Completion.replyTimeout
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var connection = DaemonConnection(fd: fd)
        guard let reply = try? connection.call(.ping) else { return nil }
        return RunningDaemon(
            version: reply["version"]?.stringValue ?? "?", startedBy: reply["startedBy"]?.stringValue,
            pid: lockHolder(location))
    }

    /// The pid the daemon wrote into its lock file, `SOCKET.lock`.
    private static func lockHolder(_ location: SocketLocation) -> Int32? {
        guard case .read(let bytes) = ConfigLocation.contents(path: location.path + ".lock") else { return nil }
        return Int32(String(decoding: bytes, as: UTF8.self).trimmingWhitespace())
    }

    /// SIGTERM, then waits up to `stopTimeout` for the lock to be let go (the kernel lets it go
    /// when the process exits, even one nobody has reaped). Only a process named timerd that
    /// holds the lock is signalled: a pid read from a file may since belong to another.
    private static func stop(_ daemon: RunningDaemon, _ location: SocketLocation) -> String? {
        let lock = location.path + ".lock"
        guard let pid = daemon.pid, lockHolder(location) == pid, isHeld(lock) else {
            return "Cannot tell which process the running timerd is (\(lock) does not name it); stop it yourself."
        }
        guard command(of: pid) == "timerd" else {
            return "The process \(pid) named in \(lock) is not timerd; stop timerd yourself."
        }
        guard kill(pid, SIGTERM) == 0 else { return "Cannot stop timerd (pid \(pid)): \(Errno(errno))." }
        for _ in 0..<(stopTimeout * 50) {
            if !isHeld(lock) { return nil }
            usleep(20_000)
        }
        return "timerd (pid \(pid)) did not exit within \(stopTimeout) s of SIGTERM; stop it with `kill -9 \(pid)`."
    }

    /// Whether a process holds the `flock` on `path`: trying for it shared and at once
    /// succeeds only when nobody holds it (it is let go at once).
    private static func isHeld(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// The process's command name, from /proc.
    private static func command(of pid: Int32) -> String? {
        guard case .read(let bytes) = ConfigLocation.contents(path: "/proc/\(pid)/comm") else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
    }
}
