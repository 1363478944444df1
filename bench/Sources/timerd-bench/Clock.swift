import Glibc

/// The two clocks the harness reads: the monotonic one for spans, the wall clock for due
/// instants (what `dbus-monitor` stamps its messages with).
enum Clock {
    static func monotonic() -> Int64 { read(CLOCK_MONOTONIC) }
    static func wall() -> Int64 { read(CLOCK_REALTIME) }

    private static func read(_ clock: clockid_t) -> Int64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Sleeps until the wall clock reads `instant` (nanoseconds since 1970).
    static func sleep(untilWall instant: Int64) {
        var ts = timespec(tv_sec: Int(instant / 1_000_000_000), tv_nsec: Int(instant % 1_000_000_000))
        while clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }

    static func sleep(milliseconds: Int64) {
        var ts = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
        var left = timespec()
        while nanosleep(&ts, &left) == -1 && errno == EINTR { ts = left }
    }
}

/// A small deterministic generator (SplitMix64), so every run lays out the same timers.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
