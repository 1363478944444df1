
@testable import timerd

/// A `Notifier` that keeps what it was asked to show.
final class RecordingNotifier: Notifier {
    private let log = PthreadLock<[NotificationContent]>([])
    private let closings = PthreadLock<[[String]]>([])
    /// How many notifications had been shown at each `awaitShown`.
    private let waits = PthreadLock<[Int]>([])

    func show(_ notification: NotificationContent) {
        log.withLock { $0.append(notification) }
    }

    func close(timers names: [String]) {
        closings.withLock { $0.append(names) }
    }

    func awaitShown(upTo limit: Duration) {
        waits.withLock { $0.append(log.withLock(\.count)) }
    }

    var shown: [NotificationContent] { log.withLock { $0 } }
    /// The timers whose notifications were closed, call by call.
    var closed: [[String]] { closings.withLock { $0 } }
    /// How many notifications had been shown when the scheduler waited for them, wait by wait.
    var awaited: [Int] { waits.withLock { $0 } }
}
