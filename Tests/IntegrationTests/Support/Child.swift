import CLinux
import Glibc
import Protocol
@testable import timerd  // for PthreadLock, the lock ThreadSanitizer can follow

/// A child process started with `posix_spawn`, its output in files.
///
/// Not Foundation's `Process`: that one learns of a child's exit through a socket the child
/// inherits, and when tests start processes on several threads at once, a long-lived child
/// (a daemon) can inherit another child's socket and keep it from ever being seen to exit.
/// Here every child gets exactly stdin, stdout and stderr, and exits are learnt by `waitpid`.
final class Child: Sendable {
    let pid: pid_t
    private let status = PthreadLock<Int32?>(nil)

    /// Starts `executable`. `stdin` is a file to read (default /dev/null); `stdout` and
    /// `stderr` are files to append to (default /dev/null).
    init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil,
        stdout: String? = nil, stderr: String? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner may block signals; children start with none blocked.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        var env = (environment ?? Environment.current()).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, &argv, &env)
        guard result == 0 else { throw Errno(result) }
        self.pid = pid
    }

    /// Whether it still runs (reaps it if it has exited).
    var isRunning: Bool {
        status.withLock { status in
            if status != nil { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            status = Self.decode(raw)
            return false
        }
    }

    /// Waits for it to exit: the exit status, or 128 + the signal that killed it.
    @discardableResult
    func wait() -> Int32 {
        status.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            status = Self.decode(raw)
            return status!
        }
    }

    func signal(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    private static func decode(_ raw: Int32) -> Int32 {
        raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            wait()
        }
    }
}

