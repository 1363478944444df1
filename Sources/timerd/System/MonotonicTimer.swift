import CLinux
import Glibc
import Protocol

/// A one-shot kernel timer on `CLOCK_MONOTONIC`, armed at an absolute reading of that clock:
/// for the server's own deadlines, which are about how long clients take, so time spent
/// suspended does not count.
final class MonotonicTimer {
    private let fd: Int32

    init() throws(SystemError) {
        fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw SystemError("timerfd_create(CLOCK_MONOTONIC)") }
    }

    deinit { close(fd) }

    /// The clock's reading now.
    static func now() -> Duration { .nanoseconds(SystemClock.read(CLOCK_MONOTONIC)) }

    /// Runs `fired` on the loop's thread each time the timer goes off.
    func watch(on loop: EventLoop, fired: @escaping () -> Void) throws(SystemError) {
        let fd = fd
        try loop.register(fd, events: EPOLLIN.rawValue) { _ in
            var expirations: UInt64 = 0
            if read(fd, &expirations, 8) == 8 { fired() }
        }
    }

    /// Stops watching (before the loop goes).
    func unwatch(from loop: EventLoop) { loop.unregister(fd) }

    /// Goes off at `instant` (at once if it has passed), replacing any earlier arming.
    func arm(at instant: Duration) {
        let ns = max(instant.nanoseconds, 1)
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }

    func disarm() {
        var spec = itimerspec()
        timerfd_settime(fd, 0, &spec, nil)
    }
}
