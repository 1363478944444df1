import CLinux
import CLibNotify
import Glibc

/// `--notify-floor START SPACING COUNT`: the least lateness a program can have on the bus
/// through libnotify. At each due instant (START + i × SPACING, wall-clock nanoseconds) a
/// timerfd wakes this thread, which calls `notify_notification_show` at once: no hand-off to
/// another thread, no decision, no save. timerd hands each notification to a thread of its
/// own (so that a hung notification server never stalls its timers) and does its bookkeeping
/// first, so this is a floor it can approach but not pass.
func notifyFloor(_ arguments: [String]) -> Never {
    guard arguments.count == 3, let start = Int64(arguments[0]), let spacing = Int64(arguments[1]), let count = Int(arguments[2])
    else {
        printError("timerd-bench: --notify-floor START SPACING COUNT (wall-clock nanoseconds)\n")
        exit(2)
    }
    notify_init("timerd-bench")
    let fd = timerfd_create(CLOCK_REALTIME, 0)
    for i in 0..<count {
        let due = start + Int64(i) * spacing
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
        var expirations: UInt64 = 0
        _ = read(fd, &expirations, 8)
        let notification = notify_notification_new(NotifyFloor.name(i), "", nil)
        notify_notification_show(notification, nil)
        g_object_unref(notification)
    }
    exit(0)
}

enum NotifyFloor {
    static func name(_ i: Int) -> String { "floor-\(zeroPad(i))" }
}
