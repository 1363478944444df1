import CLinux
import Glibc
import Synchronization

/// How far the notifier has got with what it was handed: how many notifications it was handed
/// and how many it has finished showing (libnotify returned: the server answered, or the call
/// failed), and a descriptor written at each finish. The notifier only counts; the scheduler's
/// head start reads.
final class NotificationProgress: Sendable {
    let handedOver = Atomic<Int>(0)
    let finished = Atomic<Int>(0)
    /// Readable once a notification has finished since it was last read; -1 if no eventfd
    /// could be made (then nobody waits).
    let signal = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))

    deinit {
        if signal >= 0 { close(signal) }
    }

    /// One more notification handed over. Any thread.
    func handOver() {
        handedOver.add(1, ordering: .relaxed)
    }

    /// One more finished. On the thread that showed it.
    func finish() {
        finished.add(1, ordering: .releasing)
        var one: UInt64 = 1
        _ = write(signal, &one, 8)
    }
}

/// The live head start: sleeps on the notifier's progress until the notifications handed over
/// since the last time have been shown, or until `limit`, leaving the CPU to their way to the
/// server (the GLib thread, libnotify's D-Bus thread, the bus daemon). On two cores busy with
/// clients that way otherwise waits for a core; bench/analysis.md, "After a firing: the head
/// start", has the measurements. Requests wait meanwhile, never longer than `limit`.
struct WaitForNotifications: NotificationHeadStart {
    let progress: NotificationProgress
    var limit: Duration = .milliseconds(3)
    /// `handedOver` at the last wait: a server that takes long to answer costs one wait, not
    /// one at every call.
    private var awaited = 0

    init(progress: NotificationProgress, limit: Duration = .milliseconds(3)) {
        self.progress = progress
        self.limit = limit
    }

    mutating func give() {
        let target = progress.handedOver.load(ordering: .relaxed)
        guard target != awaited else { return }
        awaited = target
        let deadline = ContinuousClock.now + limit
        while progress.finished.load(ordering: .acquiring) < target {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero, progress.signal >= 0 else { return }
            var entry = pollfd(fd: progress.signal, events: Int16(POLLIN), revents: 0)
            // poll counts whole milliseconds: rounded up, so the wait never ends short of the limit.
            if poll(&entry, 1, Int32(clamping: Int((left / .milliseconds(1)).rounded(.up)))) > 0 {
                var count: UInt64 = 0
                _ = read(progress.signal, &count, 8)
            }
        }
    }
}
