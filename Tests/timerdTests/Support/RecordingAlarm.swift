import Protocol

@testable import timerd

/// An `Alarm` that only remembers how it was armed.
final class RecordingAlarm: Alarm {
    struct Arming: Equatable, Sendable {
        var boot: BootInstant?
        var wall: Timestamp?
    }

    private let log = PthreadLock<[Arming]>([])

    func arm(boot: BootInstant?, wall: Timestamp?) {
        log.withLock { $0.append(Arming(boot: boot, wall: wall)) }
    }

    /// Every `arm` call so far, oldest first.
    var armings: [Arming] { log.withLock { $0 } }

    /// Forgets the calls so far, so a test can look at what one step did.
    func clear() { log.withLock { $0.removeAll() } }
}
