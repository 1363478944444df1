import Glibc

/// A value guarded by a pthread mutex: the daemon's one lock, and its tests'.
///
/// Not `Synchronization.Mutex`, because `make sanitize-thread` must be able to follow every
/// hand-over between threads. On Linux that Mutex (still in Swift 6.3) takes its contended path
/// through `FUTEX_LOCK_PI` calls inside the Swift runtime, where ThreadSanitizer sees no
/// acquire or release, so a contended hand-over through it reads as a data race; pthread's
/// lock and unlock are what ThreadSanitizer intercepts.
final class PthreadLock<Value: Sendable>: @unchecked Sendable {  // `value` is reached only under `mutex`
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

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
