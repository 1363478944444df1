import CLinux
import Glibc

/// A plain detached POSIX thread, for the work that must own a thread of its own (the GLib
/// main loop, the checkpointer). Swift code elsewhere uses tasks.
enum Thread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// `run` is sent to the new thread: what it captures is the thread's from then on (the
    /// checkpointer's SQLite connection, say), so it need not be `Sendable`.
    static func start(name: String, _ run: sending @escaping () -> Void) {
        // Retained once here, released once by the new thread (`takeRetainedValue`).
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
                body.run()
                return nil
            }, body)
        precondition(result == 0, "pthread_create failed: \(result)")
        pthread_setname_np(thread, String(name.prefix(15)))
        pthread_detach(thread)
    }
}
