import Glibc

/// The event loop as a serial executor: an actor that names the loop as its executor (the
/// `Scheduler`) runs on the loop's thread. A job handed over from another thread wakes the
/// loop through its eventfd; one handed over on the loop's thread runs at the end of the round.
///
/// With every actor job on the loop, the concurrency runtime never starts its shared pool of
/// threads (libdispatch's, on Linux, whose monitor would wake the process once a second), and
/// a request or a firing never waits for a thread of that pool to be woken or made. Code on
/// the loop's thread reaches the actor synchronously with `enter`.
extension EventLoop: SerialExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        execute { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        precondition(isLoopThread, "expected to run on the event loop's thread")
    }

    func isIsolatingCurrentContext() -> Bool? {
        isLoopThread
    }
}

extension EventLoop {
    /// Runs `body` on `actor` now, without a task or a hop: how a handler on the loop's thread
    /// (a socket's, a timerfd's, a signal's, work handed to the loop) reaches the scheduler.
    /// `actor` is one whose executor is this loop, and the caller is on the loop's thread.
    func enter<A: Actor, T: Sendable>(_ actor: A, _ body: (isolated A) throws -> T) rethrows -> T {
        // The daemon's one `assumeIsolated`. Safe: the runtime asks `actor`'s executor
        // (`isIsolatingCurrentContext`, `checkIsolated` above) and stops the daemon if that is
        // not running on this thread.
        try actor.assumeIsolated(body)
    }
}
