import Protocol

@testable import timerd

/// An `EventSink` that keeps every line it was given, newline included.
final class RecordingSink: EventSink {
    private let log = PthreadLock<[[UInt8]]>([])

    func deliver(_ line: [UInt8]) {
        log.withLock { $0.append(line) }
    }

    var lines: [[UInt8]] { log.withLock { $0 } }

    /// The lines read back as the client reads them (without the newline).
    func events() throws -> [Outgoing] {
        try lines.map { line throws(RPCError) in try RPC.decodeOutgoing(Array(line.dropLast())) }
    }
}
