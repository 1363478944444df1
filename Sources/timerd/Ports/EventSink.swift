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
