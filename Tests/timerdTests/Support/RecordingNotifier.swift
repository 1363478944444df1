import Synchronization

@testable import timerd

/// A `Notifier` that keeps what it was asked to show.
final class RecordingNotifier: Notifier {
    private let log = Mutex<[NotificationContent]>([])

    func show(_ notification: NotificationContent) {
        log.withLock { $0.append(notification) }
    }

    var shown: [NotificationContent] { log.withLock { $0 } }
}
