import Glibc
import Protocol

/// One daemon per socket and per state directory: an exclusive `flock` on a file beside
/// the socket (and one in the state directory), held for the daemon's life (the kernel drops
/// it when the process dies, however it dies). The file holds the owner's pid so a second
/// daemon can say who is running.
struct InstanceLock: ~Copyable {
    let fd: Int32

    static func path(for location: SocketLocation) -> String { location.path + ".lock" }

    init(_ location: SocketLocation, waiting patience: Duration = .zero) throws(StartupError) {
        // The lock file is the first thing made beside the socket: where a missing directory shows.
        if let problem = location.directoryProblem { throw StartupError(problem) }
        try self.init(path: Self.path(for: location), holding: "on \(location.path)", waiting: patience)
    }

    /// Locks `path`; `what` completes "timerd is already running …" in the refusal. With
    /// `patience`, waits that long for the holder to let go: a daemon that systemd started for
    /// its socket is the rightful one, and the holder may be a daemon just about to give up.
    init(path: String, holding what: String, waiting patience: Duration = .zero) throws(StartupError) {
        // O_NOFOLLOW: a symlink planted at the lock path is refused, not followed. O_NONBLOCK:
        // a FIFO planted there must not hang the open (it is refused below).
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP {
                throw StartupError(
                    "The lock file \(path) is a symbolic link; timerd does not follow links there (someone may have "
                        + "planted it to make timerd write elsewhere). Remove it (`rm \(path)`) and start timerd again.")
            }
            throw StartupError("Cannot open the lock file \(path): \(Errno(errno)).")
        }
        if let problem = Self.problem(withLockFile: fd, at: path) {
            close(fd)
            throw StartupError(problem)
        }
        let deadline = ContinuousClock.now + patience
        while flock(fd, LOCK_EX | LOCK_NB) != 0 && ContinuousClock.now < deadline {
            usleep(10_000)
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0, case .held(let holder) = Self.holder(of: fd) {
            close(fd)
            let who = holder.map { " (pid \($0))" } ?? ""
            throw StartupError("timerd is already running\(who) \(what); there is nothing to do.")
        }
        self.fd = fd
        let pid = Array("\(getpid())\n".utf8)
        ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.count, 0)
    }

    /// A lock file must be a plain file of ours; anything else at its path was put there by
    /// someone else (in a shared directory such as /tmp) or by mistake.
    private static func problem(withLockFile fd: Int32, at path: String) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return "Cannot check the lock file \(path): \(Errno(errno))." }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return "The lock file \(path) is not a regular file; timerd refuses to use it. Remove it and start timerd again."
        }
        guard info.st_uid == geteuid() else {
            return "The lock file \(path) belongs to user \(info.st_uid), not to you (user \(geteuid())); timerd refuses "
                + "to use it. Choose a socket in a directory of your own (--socket), or have the file removed."
        }
        return nil
    }

    enum Holder: Equatable {
        /// Someone holds the lock: the pid in the file, when that process is alive.
        case held(Int32?)
        /// The holder let go while we looked, and the lock is ours now.
        case ours
    }

    /// Who holds the lock on `fd`, which we just failed to take. The pid in the file can be out of
    /// date for a moment: a daemon that has just taken the lock writes its pid after, so the
    /// file still names the one before it, which has exited; and a holder that is exiting
    /// may let go. So a pid is named only while its process lives, and when it does not, we
    /// look again for a little while, and try the lock again.
    static func holder(of fd: Int32, patience: Duration = .milliseconds(200)) -> Holder {
        let deadline = ContinuousClock.now + patience
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return .ours }
            // kill(pid, 0) fails with ESRCH for a pid that is gone (and EPERM for another
            // user's process, which is not the timerd that holds a lock file of ours).
            if let pid = readPID(fd), pid > 0, kill(pid, 0) == 0 { return .held(pid) }
            guard ContinuousClock.now < deadline else { return .held(nil) }
            usleep(5_000)
        }
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[..<n], as: UTF8.self).trimmingWhitespace())
    }

    deinit { close(fd) }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
