import Protocol

/// Wakes the scheduler when the next timer comes due. The live one is a pair of timerfds
/// (boot clock for countdowns, wall clock for deadlines); tests use a recording one.
protocol Alarm: Sendable {
    /// Arms the alarm for the earliest of the two instants; nil disarms that clock.
    func arm(boot: BootInstant?, wall: Timestamp?)
}

/// Shows desktop notifications. Must not block the caller: the live one hands the work to
/// the GLib thread.
protocol Notifier: Sendable {
    /// Shows a notification, replacing the one showing for any of its timers.
    func show(_ notification: NotificationContent)
    /// Closes the notifications about these timers (they were restarted, snoozed, cancelled).
    func close(timers names: [String])
    /// Waits until the notifications shown since the last call have reached the notification
    /// server, or `limit` has passed, whichever is first; returns at once if none were.
    func awaitShown(upTo limit: Duration)
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
