import Glibc

/// A value guarded by a pthread mutex: for hand-overs between threads that ThreadSanitizer must
/// be able to follow. `Synchronization.Mutex` takes its contended path through futex calls
/// inside the Swift runtime, which ThreadSanitizer does not see, so under `make
/// sanitize-thread` a contended hand-over through it reads as a data race; pthread's lock and
/// unlock are what it intercepts.
final class PthreadLock<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
