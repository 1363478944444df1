import CLinux
import Glibc

/// Signal handling without handlers: SIGTERM, SIGINT and SIGHUP are blocked in every thread
/// and read from a signalfd on the event loop, where shutting down and rereading the settings
/// are ordinary code. SIGPIPE is ignored (a client that went away is noticed by `send`
/// failing).
enum Signals {
    /// Must run before any thread starts, so that every thread inherits the mask.
    static func blockTermination() -> sigset_t {
        signal(SIGPIPE, SIG_IGN)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        // Not a stop: the settings are read again (closing the terminal timerd was started
        // from, which also sends it, does no harm).
        sigaddset(&set, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        return set
    }

    /// Calls `stop` on the loop's thread when SIGTERM or SIGINT arrives, and `reload` when
    /// SIGHUP does.
    static func watch(
        _ set: sigset_t, on loop: EventLoop, stop: @escaping (_ name: String) -> Void, reload: @escaping () -> Void
    ) throws(SystemError) {
        var set = set
        let fd = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError("signalfd") }
        try loop.register(fd, events: EPOLLIN.rawValue) { _ in
            var info = signalfd_siginfo()
            guard read(fd, &info, MemoryLayout<signalfd_siginfo>.size) > 0 else { return }
            switch Int32(info.ssi_signo) {
            case SIGHUP: reload()
            case SIGTERM: stop("SIGTERM")
            default: stop("SIGINT")
            }
        }
    }
}
