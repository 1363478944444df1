/// Shows desktop notifications, fire and forget: neither call blocks or answers. The live one
/// hands the work to the GLib thread.
protocol Notifier: Sendable {
    /// Shows a notification, replacing the one showing for any of its timers.
    func show(_ notification: NotificationContent)
    /// Closes the notifications about these timers (they were restarted, snoozed, cancelled).
    func close(timers names: [String])
}

/// The scheduler's firing policy once it has handed over what fired: before it answers anyone
/// else, it gives those notifications a head start to the notification server. The live one
/// (`WaitForNotifications`) blocks for that, a few milliseconds at most; tests record it.
protocol NotificationHeadStart {
    /// Lets what was handed to the notifier since the last call get ahead; returns at once if
    /// nothing was.
    mutating func give()
}

/// No head start: the scheduler goes on at once.
struct NoHeadStart: NotificationHeadStart {
    func give() {}
}
