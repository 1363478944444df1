import Protocol

/// Wakes the scheduler when the next timer comes due. The live one is a pair of timerfds
/// (boot clock for countdowns, wall clock for deadlines); tests use a recording one.
protocol Alarm: Sendable {
    /// Arms the alarm for the earliest of the two instants; nil disarms that clock.
    func arm(boot: BootInstant?, wall: Timestamp?)
}

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

/// A connection that asked for events: receives each event as a ready-to-write line.
protocol EventSink: Sendable {
    func deliver(_ line: [UInt8])
}

/// Identifies a client connection for the lifetime of the daemon.
typealias ClientID = UInt64

/// Where the events of calls nobody subscribes for go (the scheduler's own, for notification
/// buttons): nowhere.
struct NoEvents: EventSink {
    func deliver(_ line: [UInt8]) {}
}
