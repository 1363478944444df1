
@testable import timerd

/// A `Notifier` that keeps what it was asked to show.
final class RecordingNotifier: Notifier {
    private let log = PthreadLock<[NotificationContent]>([])
    private let closings = PthreadLock<[[String]]>([])

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

/// A head start that keeps how many notifications had been shown each time it was given.
final class RecordingHeadStart: NotificationHeadStart, Sendable {
    private let notifier: RecordingNotifier
    private let waits = PthreadLock<[Int]>([])

    init(after notifier: RecordingNotifier) {
        self.notifier = notifier
    }

    func give() {
        waits.withLock { $0.append(notifier.shown.count) }
    }

    /// How many notifications had been shown when the scheduler gave them their head start,
    /// time by time.
    var given: [Int] { waits.withLock { $0 } }
}
