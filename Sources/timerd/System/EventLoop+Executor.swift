import Glibc

/// The event loop as a serial executor: an actor that names the loop as its executor (the
/// `Scheduler`) runs on the loop's thread. A job handed over from another thread wakes the
/// loop through its eventfd; one handed over on the loop's thread runs at the end of the round.
///
/// With every actor job on the loop, the concurrency runtime never starts its shared pool of
/// threads (libdispatch's, on Linux, whose monitor would wake the process once a second), and
/// a request or a firing never waits for a thread of that pool to be woken or made. Code on
/// the loop's thread reaches the actor synchronously with `assumeIsolated`, which `checkIsolated`
/// below makes safe.
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
