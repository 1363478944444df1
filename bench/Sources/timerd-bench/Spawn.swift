import Glibc

/// Starting programs with `posix_spawn`, as a shell would, so that timing a command is the
/// command's own cost plus the kernel's, and nothing of the harness's.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `argv` (looked up in PATH if it has no slash) with `environment` (the harness's
    /// own if nil); stdin from /dev/null, stdout and stderr to the given files (/dev/null if nil).
    static func start(_ argv: [String], environment: [String]? = nil, stdout: String? = nil, stderr: String? = nil)
        throws(Failure) -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let args = argv.map { strdup($0) } + [nil]
        let env = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            args.forEach { free($0) }
            env?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result: Int32 =
            if let env {
                posix_spawnp(&pid, argv[0], &actions, nil, args, env)
            } else {
                posix_spawnp(&pid, argv[0], &actions, nil, args, environ)
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
