import CLinux
import Glibc

/// Signal handling without handlers: SIGTERM and SIGINT are blocked in every thread and read
/// from a signalfd on the event loop, where shutting down is ordinary code. SIGPIPE is
/// ignored (a client that went away is noticed by `send` failing).
enum Signals {
    /// Must run before any thread starts, so that every thread inherits the mask.
    static func blockTermination() -> sigset_t {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        return set
    }

    /// Calls `stop` on the loop's thread when SIGTERM or SIGINT arrives.
    static func watch(_ set: sigset_t, on loop: EventLoop, stop: @escaping (_ name: String) -> Void) throws(SystemError) {
        var set = set
        let fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError("signalfd") }
        try loop.register(fd, events: EPOLLIN.rawValue) { _ in
            var info = signalfd_siginfo()
            guard read(fd, &info, MemoryLayout<signalfd_siginfo>.size) > 0 else { return }
            stop(info.ssi_signo == UInt32(SIGTERM) ? "SIGTERM" : "SIGINT")
        }
    }
}
