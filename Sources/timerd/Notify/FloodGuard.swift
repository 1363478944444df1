/// The flood guard: at most `burst` notifications within `window`; the timers of the rest are
/// folded into one summary shown when the window ends ("25 more timers done: …"), so 10,000
/// timers firing at once make a handful of notifications, not 10,000. A lone notification is
/// never delayed.
///
/// A value with the time passed in, like the timer table: the scheduler asks `flushAt` when
/// to wake and calls `flush` then.
struct FloodGuard: Equatable, Sendable {
    static let burst = 5
    static let window: Duration = .seconds(1)

    private(set) var windowStart: BootInstant?
    private(set) var shownInWindow = 0
    /// Timers whose notifications were held back, in order.
    private(set) var folded: [String] = []

    /// Whether to show `notification` now. If not, its timers wait for the summary, unless it
    /// is not `foldable` (a reminder: once the moment has passed it is not worth telling).
    mutating func admit(_ notification: NotificationContent, foldable: Bool, at now: BootInstant) -> Bool {
        if let start = windowStart, now - start >= Self.window, folded.isEmpty {
            windowStart = nil
        }
        if windowStart == nil {
            windowStart = now
            shownInWindow = 0
        }
        if shownInWindow < Self.burst {
            shownInWindow += 1
            return true
        }
        if foldable { folded += notification.timers }
        return false
    }

    /// When the summary of what was held back is due; nil when nothing is.
    var flushAt: BootInstant? {
        guard !folded.isEmpty, let start = windowStart else { return nil }
        return start + Self.window
    }

    /// The summary, once it is due. It opens a new window, of which it is the first.
    mutating func flush(at now: BootInstant) -> NotificationContent? {
        guard let due = flushAt, now >= due else { return nil }
        let summary = NotificationContent.folded(folded)
        folded.removeAll()
        windowStart = now
        shownInWindow = 1
        return summary
    }
}
