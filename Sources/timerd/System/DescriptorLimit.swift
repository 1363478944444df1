import Glibc

/// The number of descriptors the daemon may open (RLIMIT_NOFILE). Many desktops start
/// programs with a soft limit of 1024, fewer than the connections the server accepts plus the
/// daemon's own descriptors; the hard limit is usually far higher, and raising the soft one
/// up to it needs no privilege.
enum DescriptorLimit {
    static func raise(toAtLeast wanted: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let target = rlim_t(wanted)
        guard limit.rlim_cur < target else { return }
        let previous = limit.rlim_cur
        limit.rlim_cur = min(target, limit.rlim_max)
        guard limit.rlim_cur > previous, setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            Log.info("open file limit \(previous), below the \(wanted) timerd could use; connections beyond it are refused")
            return
        }
        Log.debug("open file limit raised from \(previous) to \(limit.rlim_cur)")
    }

    /// Descriptors kept for the daemon's own use (database and journal, locks, epoll, timers,
    /// signals, GLib's wake-ups and D-Bus connections): clients may never take these, or
    /// GLib, which aborts when it cannot make a pipe, would bring the daemon down.
    static let reserved = 32

    /// How many clients may be connected at once: `wanted`, or fewer if the open file limit
    /// leaves fewer beside the reserve (at least one).
    static func connections(atMost wanted: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return wanted }
        return max(1, min(wanted, Int(clamping: limit.rlim_cur) - reserved))
    }
}
