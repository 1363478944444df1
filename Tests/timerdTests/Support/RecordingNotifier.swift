import Synchronization

@testable import timerd

/// A `Notifier` that keeps what it was asked to show.
final class RecordingNotifier: Notifier {
    private let log = Mutex<[NotificationContent]>([])
    private let closings = Mutex<[[String]]>([])

    func show(_ notification: NotificationContent) {
        log.withLock { $0.append(notification) }
    }

    func close(timers names: [String]) {
        closings.withLock { $0.append(names) }
    }

    var shown: [NotificationContent] { log.withLock { $0 } }
    /// The timers whose notifications were closed, call by call.
    var closed: [[String]] { closings.withLock { $0 } }
}
