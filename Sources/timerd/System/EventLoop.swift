import CLinux
import Glibc

/// A single-threaded epoll reactor: the daemon's I/O edge.
///
/// File descriptors (the listening socket, client sockets, the alarm's timerfds, a signalfd)
/// are registered with a handler; `run()` sleeps in `epoll_wait` with no timeout, so an idle
/// daemon makes no wake-ups at all. Other threads hand work to the loop with `execute`,
/// which wakes it through an eventfd.
///
/// Everything but `execute` must be called on the loop's thread; that confinement is why the
/// class can be `@unchecked Sendable`.
final class EventLoop: @unchecked Sendable {
    typealias Handler = (_ events: UInt32) -> Void

    private let epollFD: Int32
    private let wakeFD: Int32
    private var handlers: [UInt64: Handler] = [:]
    private var tokensByFD: [Int32: UInt64] = [:]
    private var nextToken: UInt64 = 1
    private var running = false
    /// A pthread lock, not a `Synchronization.Mutex`: ThreadSanitizer cannot follow the
    /// latter's contended hand-overs (see `PthreadLock`).
    private let inbox = PthreadLock<[@Sendable () -> Void]>([])

    init() throws(SystemError) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw SystemError("epoll_create1") }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else { throw SystemError("eventfd") }
        try register(wakeFD, events: EPOLLIN.rawValue) { [unowned self] _ in drainInbox() }
    }

    deinit {
        close(wakeFD)
        close(epollFD)
    }

    /// Watches `fd` for `events` (EPOLLIN, EPOLLOUT…; level-triggered).
    func register(_ fd: Int32, events: UInt32, handler: @escaping Handler) throws(SystemError) {
        let token = nextToken
        nextToken += 1
        guard clinux_epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, events, token) == 0 else { throw SystemError("epoll_ctl(ADD)") }
        handlers[token] = handler
        tokensByFD[fd] = token
    }

    /// Changes the events watched on a registered `fd`.
    func modify(_ fd: Int32, events: UInt32) {
        guard let token = tokensByFD[fd] else { return }
        clinux_epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, events, token)
    }

    /// Stops watching `fd`. Call before closing it. Events already collected for it in the
    /// current round are dropped, because the handler is looked up by token, not by fd.
    func unregister(_ fd: Int32) {
        guard let token = tokensByFD.removeValue(forKey: fd) else { return }
        handlers[token] = nil
        clinux_epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, 0, 0)
    }

    /// Runs `work` on the loop's thread, soon. Safe from any thread.
    func execute(_ work: @escaping @Sendable () -> Void) {
        let wasEmpty = inbox.withLock { queue in
            queue.append(work)
            return queue.count == 1
        }
        // One wake-up per batch of work: later posts see a non-empty inbox and skip the write.
        if wasEmpty {
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        }
    }

    /// Waits for events and runs handlers until `stop()`.
    func run() {
        running = true
        var events = [clinux_event](repeating: clinux_event(), count: 256)
        while running {
            let n = events.withUnsafeMutableBufferPointer { clinux_epoll_wait(epollFD, $0.baseAddress, Int32($0.count), -1) }
            if n < 0 {
                if errno == EINTR { continue }
                Log.error("epoll_wait failed: \(SystemError("epoll_wait")); stopping")
                return
            }
            for i in 0..<Int(n) {
                let event = events[i]
                handlers[event.token]?(event.events)
            }
        }
    }

    /// Makes `run()` return after the current round of events.
    func stop() { running = false }

    private func drainInbox() {
        var count: UInt64 = 0
        _ = read(wakeFD, &count, 8)
        let work = inbox.withLock { queue in
            defer { queue.removeAll(keepingCapacity: true) }
            return queue
        }
        for item in work { item() }
    }
}
