import CLinux
import Glibc

/// Runs hooks as `/bin/sh -c CMD`, on the event loop, never waiting on a process.
///
/// Each hook is started with `posix_spawn` (never `fork`: the daemon has threads) at the end of
/// the loop's round, after that round's replies and notifications are out. Its standard input
/// and output are `/dev/null`; its error output goes to a pipe that the loop reads as it comes,
/// keeping the first `HookExit.keptOutput` bytes; it has its own process group (the time limit
/// ends whatever it started too), no descriptor of the daemon's, the signals unblocked and at
/// their defaults (the daemon blocks SIGTERM and ignores SIGPIPE, which a child would inherit).
/// It is reaped when its pidfd, registered with the loop, says it exited: only our own
/// children, never another library's.
final class ShellHookRunner: HookRunner, @unchecked Sendable {  // its `var`s are touched on the loop's thread only (checked)
    private struct Child {
        var pid: pid_t
        var pidFD: Int32
        var outputFD: Int32
        var output: [UInt8] = []
    }

    private let loop: EventLoop
    private let inherited: [String: String]
    private let shell: String
    private var children: [UInt64: Child] = [:]
    private var finished: (HookExit) -> Void = { _ in }

    /// `inherited`: the environment hooks start from (the daemon's, read once at start-up).
    init(loop: EventLoop, inherited: [String: String], shell: String = "/bin/sh") {
        self.loop = loop
        self.inherited = inherited
        self.shell = shell
    }

    /// Called on the loop's thread with each hook that ended (or could not start).
    func onFinished(_ handler: @escaping (HookExit) -> Void) {
        precondition(loop.isLoopThread, "ShellHookRunner is used on the event loop's thread")
        finished = handler
    }

    /// How many hook processes are not reaped yet.
    var runningCount: Int { children.count }

    func run(_ launch: HookPlan.Launch) {
        loop.atEndOfRound { [self] in spawn(launch) }
    }

    func stop(_ id: UInt64, force: Bool) {
        precondition(loop.isLoopThread, "ShellHookRunner is used on the event loop's thread")
        // The group of a process not reaped yet: its pid, and so its group, is still ours.
        guard let child = children[id] else { return }
        kill(-child.pid, force ? SIGKILL : SIGTERM)
    }

    /// timerd is shutting down: every hook still running is sent SIGTERM with its process
    /// group, so that none outlives its time limit (under systemd the service's stop ends them
    /// too). Not waited for: the daemon exits, and init reaps them. Returns how many.
    @discardableResult
    func stopAll() -> Int {
        precondition(loop.isLoopThread, "ShellHookRunner is used on the event loop's thread")
        for child in children.values { kill(-child.pid, SIGTERM) }
        return children.count
    }

    private func spawn(_ launch: HookPlan.Launch) {
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe2(&pipeFDs, O_CLOEXEC) == 0 else {
            return finished(HookExit(id: launch.id, status: .notStarted("\(SystemError("pipe2"))")))
        }
        let (readEnd, writeEnd) = (pipeFDs[0], pipeFDs[1])
        // Only our end: a hook that writes much must not get EAGAIN.
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        let started = Self.spawn(
            shell, command: launch.hook.command,
            environment: HookEnvironment.environment(facts: launch.hook.facts, inherited: inherited), errorOutput: writeEnd)
        close(writeEnd)
        let pid: pid_t
        switch started {
        case .success(let p): pid = p
        case .failure(let error):
            close(readEnd)
            return finished(HookExit(id: launch.id, status: .notStarted("\(error)")))
        }
        let pidFD = pidfd_open(pid, 0)
        guard pidFD >= 0 else {
            // Without a pidfd the loop cannot tell when it ends: stop it rather than leave it
            // unwatched (it has only just started).
            let error = SystemError("pidfd_open")
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            close(readEnd)
            return finished(HookExit(id: launch.id, status: .notStarted("\(error) (timerd needs Linux 5.3 or later for hooks)")))
        }
        children[launch.id] = Child(pid: pid, pidFD: pidFD, outputFD: readEnd)
        do {
            try loop.register(readEnd, events: EPOLLIN.rawValue) { [unowned self] _ in readOutput(launch.id) }
            try loop.register(pidFD, events: EPOLLIN.rawValue) { [unowned self] _ in reap(launch.id) }
        } catch {
            // Not watched, so not left running: killed and reaped now.
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            forget(launch.id)
            finished(HookExit(id: launch.id, status: .notStarted("\(error)")))
        }
    }

    /// Reads what the hook wrote to its error output so far: the first bytes are kept, the rest
    /// is read and dropped, so a chatty hook never fills the pipe and stalls.
    private func readOutput(_ id: UInt64) {
        guard var child = children[id], child.outputFD >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let n = read(child.outputFD, &buffer, buffer.count)
            if n > 0 {
                let room = HookExit.keptOutput - child.output.count
                if room > 0 { child.output += buffer[..<min(n, room)] }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n == 0 || (n < 0 && errno != EAGAIN) {
                // Every writer has closed it (or it failed): nothing more to read.
                loop.unregister(child.outputFD)
                close(child.outputFD)
                child.outputFD = -1
            }
            break
        }
        children[id] = child
    }

    /// The pidfd is readable: the shell exited. What it wrote is read, and it is reaped.
    private func reap(_ id: UInt64) {
        guard let child = children[id] else { return }
        var status: Int32 = 0
        var reaped = waitpid(child.pid, &status, WNOHANG)
        while reaped < 0 && errno == EINTR { reaped = waitpid(child.pid, &status, WNOHANG) }
        guard reaped == child.pid else { return }
        readOutput(id)
        let output = children[id]?.output ?? []
        forget(id)
        // The raw status, as <sys/wait.h>'s macros read it (Swift does not import them).
        let signal = status & 0x7F
        let exit: HookExit.Status = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        finished(HookExit(id: id, status: exit, errorOutput: output))
    }

    /// Stops watching a child that was reaped. Its error output's pipe is closed even if a
    /// process it left behind still holds the other end: that process's writes are dropped.
    private func forget(_ id: UInt64) {
        guard let child = children.removeValue(forKey: id) else { return }
        if child.outputFD >= 0 {
            loop.unregister(child.outputFD)
            close(child.outputFD)
        }
        loop.unregister(child.pidFD)
        close(child.pidFD)
    }

    /// `shell -c command timerd-hook` (`$0`, which the shell names in its own errors) in a new
    /// process group, its error output to `errorOutput`.
    private static func spawn(_ shell: String, command: String, environment: [String], errorOutput: Int32)
        -> Result<pid_t, SystemError>
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorOutput, 2)
        // None of the daemon's: a hook holding the listening socket or the database open
        // would outlive it with them (a socket passed by systemd is not close-on-exec).
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        let arguments = [shell, "-c", command, "timerd-hook"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, shell, &actions, &attributes, &argv, &envp)
        guard result == 0 else { return .failure(SystemError("posix_spawn \(shell)", errno: result)) }
        return .success(pid)
    }
}
