import Dispatch
import Synchronization

/// Runs async work from synchronous code and waits for it: for start-up only, on the main
/// thread, which is not one of the threads tasks run on.
///
/// The daemon's top level stays synchronous on purpose: termination signals are blocked in
/// its first statement, before the concurrency runtime starts any thread, so every thread
/// inherits the mask and SIGTERM is read from the signalfd instead of killing the process.
func waitFor<T: Sendable, E: Error>(_ work: @escaping @Sendable () async throws(E) -> T) throws(E) -> T {
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<Result<T, E>?>(nil)
    Task {
        let result: Result<T, E>
        do throws(E) { result = .success(try await work()) } catch { result = .failure(error) }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
}
