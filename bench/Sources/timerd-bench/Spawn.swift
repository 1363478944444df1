import Glibc

/// Starting programs with `posix_spawn`, as a shell would, so that timing a command is the
/// command's own cost plus the kernel's, and nothing of the harness's.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `argv` (looked up in PATH if it has no slash) with `environment` (the harness's
    /// own if nil); stdin from /dev/null, stdout and stderr to the given files (/dev/null if nil).
    /// With `group`, it leads a process group of its own, so that `kill(-pid, …)` reaches what
    /// it starts in turn (a shell's children).
    static func start(
        _ argv: [String], environment: [String]? = nil, stdout: String? = nil, stderr: String? = nil, group: Bool = false
    ) throws(Failure) -> pid_t {
        try start(argv, environment: environment, group: group) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        } stderr: { actions in
            posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
    }

    /// Starts `argv` with its stdout on a pipe: the pid, and the pipe's end to read from
    /// (non-blocking, close-on-exec; the caller closes it). Its stderr goes to `stderr`.
    static func startReading(_ argv: [String], environment: [String]? = nil, stderr: String? = nil)
        throws(Failure) -> (pid: pid_t, fd: Int32)
    {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe failed") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do throws(Failure) {
            pid = try start(argv, environment: environment) { actions in
                posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            } stderr: { actions in
                posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
            }
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (pid, ends[0])
    }

    private static func start(
        _ argv: [String], environment: [String]?, group: Bool = false,
        stdout: (inout posix_spawn_file_actions_t) -> Void, stderr: (inout posix_spawn_file_actions_t) -> Void
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        stdout(&actions)
        stderr(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if group {
            posix_spawnattr_setpgroup(&attributes, 0)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        }
        let args = argv.map { strdup($0) } + [nil]
        let env = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            args.forEach { free($0) }
            env?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result: Int32 =
            if let env {
                posix_spawnp(&pid, argv[0], &actions, &attributes, args, env)
            } else {
                posix_spawnp(&pid, argv[0], &actions, &attributes, args, environ)
            }
        guard result == 0 else {
            throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for `pid` and returns its exit status (128 + signal if a signal ended it).
    @discardableResult
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    /// What a process and the children it waited for used, from `wait4`: its whole tree, when
    /// every process in it reaps its own children.
    struct Usage {
        var status: Int32
        var cpuMilliseconds: Double
        var contextSwitches: Int
        /// Those of `contextSwitches` where a process went to sleep: its wake-ups.
        var voluntarySwitches: Int
    }

    /// Waits for `pid`, as `wait`, and returns what its tree used.
    static func reap(_ pid: pid_t) -> Usage {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        func milliseconds(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return Usage(
            status: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            cpuMilliseconds: milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime),
            contextSwitches: usage.ru_nvcsw + usage.ru_nivcsw, voluntarySwitches: usage.ru_nvcsw)
    }

    /// Runs `argv` to its end: the exit status and the time from spawn to exit, in ms.
    static func timed(_ argv: [String], environment: [String]? = nil) throws(Failure) -> (status: Int32, milliseconds: Double) {
        let begin = Clock.monotonic()
        let pid = try start(argv, environment: environment)
        let status = wait(pid)
        return (status, Double(Clock.monotonic() - begin) / 1e6)
    }

    /// Runs `argv` to its end and returns its status; its output goes to `log` (or nowhere).
    @discardableResult
    static func run(_ argv: [String], environment: [String]? = nil, log: String? = nil) throws(Failure) -> Int32 {
        wait(try start(argv, environment: environment, stdout: log, stderr: log))
    }

    /// Whether `name` is a program in PATH.
    static func exists(_ name: String) -> Bool {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access("\($0)/\(name)", X_OK) == 0 }
    }

    /// The harness's environment with `changes` applied (a nil value removes the variable).
    static func environment(_ changes: [String: String?]) -> [String] {
        var result: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let key = String(text.prefix { $0 != "=" })
            if changes[key] == nil { result.append(text) }
            pointer += 1
        }
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let value { result.append("\(key)=\(value)") }
        }
        return result
    }
}
