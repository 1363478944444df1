import CLinux
import Glibc
import Protocol

/// What a system command (`systemctl --user …`) did.
struct CommandOutcome: Equatable, Sendable {
    /// The exit status; 128 + the signal for one killed by a signal.
    var status: Int32 = 0
    var stdout = ""
    var stderr = ""
    /// Why it could not be started at all (not installed…), as a phrase; nil when it ran.
    var launchFailure: String?

    var succeeded: Bool { launchFailure == nil && status == 0 }

    /// What it printed, for a message: standard output, else its error output; trimmed.
    var said: String {
        let out = stdout.trimmingWhitespace()
        return out.isEmpty ? stderr.trimmingWhitespace() : out
    }
}

/// Runs the system commands `timerctl autostart` needs; a fake one in tests.
struct SystemCommand: Sendable {
    /// Runs the words (the program first, looked up on PATH) to the end.
    var run: @Sendable (_ words: [String]) -> CommandOutcome

    /// Runs with `posix_spawnp`: stdin from /dev/null, stdout and stderr read through pipes,
    /// nothing else inherited; waits for it.
    static let live = SystemCommand { words in
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        // The child gets them as 1 and 2 and closes every other descriptor (closefrom).
        guard pipe(&outPipe) == 0 else { return CommandOutcome(launchFailure: "cannot make a pipe: \(Errno(errno))") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0])
            close(outPipe[1])
            return CommandOutcome(launchFailure: "cannot make a pipe: \(Errno(errno))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, words[0], &actions, &attributes, &argv, environ)
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard result == 0 else {
            let reason = result == ENOENT ? "\(words[0]) was not found on PATH" : "cannot run \(words[0]): \(Errno(result))"
            return CommandOutcome(launchFailure: reason)
        }
        let (stdout, stderr) = readBoth(outPipe[0], errPipe[0])
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Glibc does not export as functions.
        let signal = raw & 0x7F
        let status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return CommandOutcome(status: status, stdout: stdout, stderr: stderr)
    }

    /// Everything written to both pipes until both are closed, read as it comes so that a
    /// child filling one pipe never waits for us reading the other.
    private static func readBoth(_ out: Int32, _ err: Int32) -> (String, String) {
        var buffers: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: out, events: Int16(POLLIN), revents: 0), pollfd(fd: err, events: Int16(POLLIN), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 4096)
        while fds.contains(where: { $0.fd >= 0 }) {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffers[index] += chunk[..<count]
                } else if count == 0 || errno != EINTR {
                    // Negative fds are skipped by poll; the pipe is closed by the caller.
                    fds[index].fd = -1
                }
            }
        }
        return (String(decoding: buffers[0], as: UTF8.self), String(decoding: buffers[1], as: UTF8.self))
    }
}

extension String {
    /// Without white space (newlines included) at either end.
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
