import CLinux
import Glibc
import Synchronization

/// A single-threaded epoll reactor: the daemon's I/O edge.
///
/// File descriptors (the listening socket, client sockets, the alarm's timerfds, a signalfd)
/// are registered with a handler; `run()` sleeps in `epoll_wait` with no timeout, so an idle
/// daemon makes no wake-ups at all. Other threads hand work to the loop with `execute`,
/// which wakes it through an eventfd; work handed over on the loop's own thread runs at the
/// end of the current round of events, with no system call.
///
/// The loop is also the `Scheduler` actor's executor (EventLoop+Executor.swift), so the whole
/// daemon runs on this one thread and nothing reaches the concurrency runtime's shared pool.
///
/// Everything but `execute` must be called on the loop's thread. The loop's thread is the one
/// that created it until `run()` starts, and then the one running it.
final class EventLoop: @unchecked Sendable {  // its `var`s are touched only on the loop's thread
    typealias Handler = (_ events: UInt32) -> Void

    private let epollFD: Int32
    private var handlers: [UInt64: Handler] = [:]
    private var tokensByFD: [Int32: UInt64] = [:]
    private var nextToken: UInt64 = 1
    private var running = false
    /// Work handed over from other threads.
    private let inbox = WakeQueue<@Sendable () -> Void>()
    /// Work handed over on the loop's thread, run at the end of the round.
    private var local: [() -> Void] = []
    private let owner = Atomic<UInt>(UInt(pthread_self()))
    private let started = Atomic<Bool>(false)

    init() throws(SystemError) {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw SystemError("epoll_create1") }
        guard inbox.fd >= 0 else { throw SystemError("eventfd") }
        try register(inbox.fd, events: EPOLLIN.rawValue) { [unowned self] _ in
            for item in inbox.take() { item() }
        }
    }

    deinit {
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

    /// Whether the caller is on the loop's thread.
    var isLoopThread: Bool { pthread_equal(pthread_self(), pthread_t(owner.load(ordering: .acquiring))) != 0 }

    /// Whether `run()` has started (for a caller that runs the loop on a thread of its own).
    var hasStarted: Bool { started.load(ordering: .acquiring) }

    /// Runs `work` on the loop's thread, soon: on the loop's thread, after the handlers of the
    /// current round, in the order handed over. Safe from any thread.
    func execute(_ work: @escaping @Sendable () -> Void) {
        if isLoopThread {
            local.append(work)
        } else {
            inbox.post(work)
        }
    }

    /// Runs `work` after the handlers of the current round, in the order handed over. On the
    /// loop's thread only, so `work` need not be `Sendable`: it may move what it captures out.
    func atEndOfRound(_ work: @escaping () -> Void) {
        precondition(isLoopThread, "atEndOfRound is for code on the event loop's thread; use execute")
        local.append(work)
    }

    /// Waits for events and runs handlers until `stop()`.
    func run() {
        owner.store(UInt(pthread_self()), ordering: .releasing)
        started.store(true, ordering: .releasing)
        running = true
        var events = [clinux_event](repeating: clinux_event(), count: 256)
        while running {
            // Work left from the last round: look for events without waiting, then do it.
            let timeout: Int32 = local.isEmpty ? -1 : 0
            let n = events.withUnsafeMutableBufferPointer { clinux_epoll_wait(epollFD, $0.baseAddress, Int32($0.count), timeout) }
            if n < 0 {
                if errno == EINTR { continue }
                Log.error("epoll_wait failed: \(SystemError("epoll_wait")); stopping")
                return
            }
            for i in 0..<Int(n) {
                let event = events[i]
                handlers[event.token]?(event.events)
            }
            runLocalWork()
        }
    }

    /// Runs the work handed over on the loop's thread so far; what that work hands over in
    /// turn waits for the next round, so events are never starved.
    private func runLocalWork() {
        guard !local.isEmpty else { return }
        let work = local
        local.removeAll(keepingCapacity: true)
        for item in work { item() }
    }

    /// Makes `run()` return after the current round of events.
    func stop() { running = false }
}
