import CLinux
import Glibc

/// Work handed to a thread that sleeps in `epoll_wait` or `poll`: a queue, and an eventfd the
/// sleeping thread watches. The first item after the queue was emptied writes the eventfd; the
/// rest ride on that wake-up, so a burst of work costs one.
///
/// The queue is under `PthreadLock`, which ThreadSanitizer follows: under GLib's own lock (a
/// futex in an uninstrumented library) hand-overs read to it as data races. And the producer
/// never touches the consumer's own locks: `g_idle_add` woke the GLib thread while still
/// holding its main context's lock, so that the woken thread slept once more.
final class WakeQueue<Work: Sendable>: Sendable {
    /// Readable when there is work; -1 if no eventfd could be made.
    let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
    private let queue = PthreadLock<[Work]>([])

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Queues `work` and wakes the consumer if it may be asleep. Safe from any thread.
    func post(_ work: Work) {
        let wasEmpty = queue.withLock { queue in
            queue.append(work)
            return queue.count == 1
        }
        if wasEmpty {
            var one: UInt64 = 1
            _ = write(fd, &one, 8)
        }
    }

    /// On the consumer's thread, once `fd` is readable: everything queued so far, in order.
    func take() -> [Work] {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
        return queue.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
    }
}
