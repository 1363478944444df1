import Glibc
import Protocol

/// The kernel's clocks: `CLOCK_BOOTTIME` for countdowns (monotonic, counts suspend) and
/// `CLOCK_REALTIME` for deadlines and display.
struct SystemClock: TimeSource {
    func now() -> Moment {
        Moment(boot: BootInstant(nanoseconds: Self.read(CLOCK_BOOTTIME)), wall: Timestamp(nanoseconds: Self.read(CLOCK_REALTIME)))
    }

    static func read(_ id: clockid_t) -> Int64 {
        var ts = timespec()
        clock_gettime(id, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }
}
