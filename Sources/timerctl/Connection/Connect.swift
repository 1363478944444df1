import CLinux
import Glibc
import Protocol

/// Finds the daemon, starting it when none answers (unless `--no-spawn`).
///
/// Like tmux: connect; if nobody answers, take a lock so that two clients never start two
/// daemons, connect once more (another client may have just started one), then start
/// `timerd` detached from the terminal and wait for its socket.
enum Connect {
    static func daemon(_ location: SocketLocation, spawn: Bool) throws(CtlFailure) -> DaemonConnection {
        if let problem = location.pathProblem { throw .usage(problem) }
        if let dir = location.privateDirectory, let problem = PrivateDirectory.check(dir), exists(dir) {
            throw .unreachable(problem)
        }
        switch UnixSocket.connect(location.path) {
        case .success(let fd): return try checked(fd, location)
        case .failure(let error) where error.code == EACCES:
            throw .unreachable(
                "Cannot reach timerd at \(location.path): permission denied. That socket, or a directory above it, "
                    + "belongs to another user, and each user runs their own timerd; leave out --socket and "
                    + "TIMERD_SOCKET to reach yours.")
        case .failure(let error) where error.code == ENOENT || error.code == ECONNREFUSED || error.code == ENOTDIR:
            if let problem = location.directoryProblem { throw .unreachable(problem) }
            guard spawn else {
                throw .unreachable(
                    "timerd is not running (nothing answers at \(location.path)). Start it with `timerd &`, "
                        + "or leave out --no-spawn and timerctl starts it.")
            }
            return try spawnAndConnect(location)
        case .failure(let error):
            throw .unreachable("Cannot reach timerd at \(location.path): \(error).")
        }
    }

    private static func spawnAndConnect(_ location: SocketLocation) throws(CtlFailure) -> DaemonConnection {
        if let dir = location.privateDirectory, let problem = PrivateDirectory.prepare(dir) {
            throw .unreachable(problem)
        }
        let lock = open(location.path + ".spawn.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw .unreachable("Cannot start timerd: cannot open \(location.path).spawn.lock: \(Errno(errno)).") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}

        // Another client may have started the daemon while we waited for the lock.
        if case .success(let fd) = UnixSocket.connect(location.path) { return try checked(fd, location) }

        let logPath = location.privateDirectory.map { $0 + "/timerd.log" } ?? location.path + ".log"
        let executable = try findDaemon()
        var arguments = [executable, "--started-by", "timerctl"]
        if location.privateDirectory == nil { arguments += ["--socket", location.path] }
        let pid = try launch(arguments, log: logPath)

        // Wait for the socket: 2 ms steps at first, then 20 ms, for at most 10 s.
        var waited = 0
        var step = 2_000
        while waited < 10_000_000 {
            if case .success(let fd) = UnixSocket.connect(location.path) { return try checked(fd, location) }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                throw .unreachable("timerd (\(executable)) exited at start-up with status \(status >> 8):\n\(tail(of: logPath))")
            }
            usleep(UInt32(step))
            waited += step
            if waited > 100_000 { step = 20_000 }
        }
        throw .unreachable("timerd was started but did not open \(location.path) within 10 s; see \(logPath).")
    }

    /// The connection, once the process listening is known to be the user's own (or the user is
    /// root, who may reach anyone's): what a client sends (timer names, messages) is for
    /// its own user's daemon only, whoever managed to put a socket at the path.
    private static func checked(_ fd: Int32, _ location: SocketLocation) throws(CtlFailure) -> DaemonConnection {
        var uid: UInt32 = 0
        var pid: Int32 = 0
        let me = getuid()
        guard clinux_peer_credentials(fd, &uid, &pid) == 0, uid != me, me != 0 else {
            var connection = DaemonConnection(fd: fd)
            connection.peer = pid > 0 ? pid : nil
            return connection
        }
        close(fd)
        throw .unreachable(
            "The timerd at \(location.path) is run by user \(uid), not by you (user \(me)); timerctl will not talk to it. "
                + "Leave out --socket and TIMERD_SOCKET to reach your own.")
    }

    /// `timerd` next to this `timerctl` (an unpacked build or install), else on PATH.
    static func findDaemon() throws(CtlFailure) -> String {
        if let own = ProgramSearch.ownExecutable(), let slash = own.lastIndex(of: "/") {
            let sibling = String(own[...slash]) + "timerd"
            if access(sibling, X_OK) == 0 { return sibling }
        }
        for dir in (getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/timerd"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        throw .unreachable("timerd is not running and its program was not found next to timerctl or on PATH; install it (make install).")
    }

    /// Starts the daemon in a new session (so closing the terminal does not stop it), with
    /// stdin from /dev/null, output appended to the log and no other descriptor.
    private static func launch(_ arguments: [String], log: String) throws(CtlFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of ours: a pipe inherited by the daemon would keep whoever waits for
        // its end (a shell's `$(timerctl start …)`, a test harness) waiting for ever.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (0x80) is glibc's; the module map does not export it.
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGMASK))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard result == 0 else { throw .unreachable("Cannot start \(arguments[0]): \(Errno(result)).") }
        return pid
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The last lines of the daemon's log, for an error message.
    private static func tail(of path: String) -> String {
        guard let file = fopen(path, "r") else { return "(no log at \(path))" }
        defer { fclose(file) }
        var lines: [String] = []
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            lines.append(String(cString: line))
            if lines.count > 5 { lines.removeFirst() }
        }
        return lines.joined()
    }
}
