import CLinux
import Glibc

/// A plain detached POSIX thread, for the work that must own a thread of its own (the GLib
/// main loop). Swift code elsewhere uses tasks.
enum Thread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func start(name: String, _ run: @escaping @Sendable () -> Void) {
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
