import CLinux
import Glibc
import Protocol

/// The live `Alarm`: two kernel timers armed at absolute instants.
///
/// - Countdowns: a `CLOCK_BOOTTIME` timerfd, so time spent suspended counts and the alarm
///   goes off at once on resume if a countdown came due meanwhile.
/// - Deadlines: a `CLOCK_REALTIME` timerfd with `TFD_TIMER_CANCEL_ON_SET`, so it follows the
///   wall clock and reports when the clock is set (NTP step, manual change), as systemd does.
///
/// The kernel never fires an absolute timer before its instant, which is what makes "never
/// early" hold; its precision (hrtimers, 50 µs default slack) makes "on time" hold.
final class TimerFDAlarm: Alarm {
    let bootFD: Int32
    let wallFD: Int32

    init() throws(SystemError) {
        bootFD = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard bootFD >= 0 else { throw SystemError("timerfd_create(CLOCK_BOOTTIME)") }
        wallFD = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard wallFD >= 0 else { throw SystemError("timerfd_create(CLOCK_REALTIME)") }
    }

    deinit {
        close(bootFD)
        close(wallFD)
    }

    func arm(boot: BootInstant?, wall: Timestamp?) {
        Self.set(bootFD, boot?.nanoseconds, flags: Int32(TFD_TIMER_ABSTIME))
        Self.set(wallFD, wall?.nanoseconds, flags: Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET))
    }

    /// Watches both timers on `loop`; `fired(clockChanged:)` runs on the loop's thread.
    func watch(on loop: EventLoop, fired: @escaping (_ clockChanged: Bool) -> Void) throws(SystemError) {
        for fd in [bootFD, wallFD] {
            try loop.register(fd, events: EPOLLIN.rawValue) { _ in
                var expirations: UInt64 = 0
                let n = read(fd, &expirations, 8)
                if n == 8 {
                    fired(false)
                } else if n < 0, errno == ECANCELED {
                    fired(true)
                }
            }
        }
    }

    /// Arms `fd` at the absolute instant `nanoseconds`, or disarms it for nil. An instant at
    /// or before zero would disarm, so it is clamped to 1 ns (already past: fires at once).
    private static func set(_ fd: Int32, _ nanoseconds: Int64?, flags: Int32) {
        var spec = itimerspec()
        if let ns = nanoseconds {
            let at = max(ns, 1)
            spec.it_value = timespec(tv_sec: Int(at / 1_000_000_000), tv_nsec: Int(at % 1_000_000_000))
        }
        timerfd_settime(fd, nanoseconds == nil ? 0 : flags, &spec, nil)
    }
}
