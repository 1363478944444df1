import CLinux
import Glibc
import Protocol

/// One client connection's buffers and flags. Owned by `Server` and touched only on the
/// event loop's thread.
final class Connection {
    let id: ClientID
    let fd: Int32
    var framer = LineFramer(maxLineLength: Limits.maxRequestBytes)
    /// Complete lines read, decoded, not yet answered.
    var pending: [PendingLine] = []
    /// Lines of this connection are with the scheduler; their replies must come back before
    /// more go, so that replies keep the order of requests.
    var busy = false
    /// Listed for the next batch.
    var queued = false
    /// Its next line asks for much (a `list`) and waits its turn for room in the budget
    /// shared by all connections; nothing more of it is read or answered meanwhile.
    var waitsForRoom = false
    /// Bytes waiting for the socket to accept them.
    var output = OutputBuffer()
    /// The client closed its side (or sent something that ends the conversation); close
    /// once every pending request is answered and the output flushed.
    var readClosed = false
    /// Events currently registered with the loop.
    var watched: UInt32 = 0
    /// It subscribed to events: closing only its writing side (as `socat` does once its input
    /// ends) does not end it; it keeps its events until it hangs up.
    var subscribed = false
    /// The client closed the connection altogether, or it failed.
    var hungUp = false

    init(id: ClientID, fd: Int32) {
        self.id = id
        self.fd = fd
    }

    var unsentByteCount: Int { output.unsentCount }
    /// Bytes of the lines in `pending` (at most a thousand or so lines: cheap to add up).
    var pendingByteCount: Int { pending.reduce(0) { $0 + $1.size } }
    var isFinished: Bool { readClosed && !busy && pending.isEmpty && output.isEmpty && (!subscribed || hungUp) }

    /// Queues replies or an event line; `bytes` is left empty (a long reply's buffer is
    /// taken over, not copied).
    func enqueue(_ bytes: inout [UInt8], isReply: Bool) {
        output.append(&bytes, isReply: isReply)
    }

    /// Writes as much output as the socket takes without blocking. Returns false when the
    /// peer is gone.
    func flush() -> Bool {
        while !output.isEmpty {
            let n = output.withUnsentBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                output.sent(n)
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}

/// A request line as read, decoded, with what the server needs to know before answering it.
struct PendingLine: Sendable {
    var incoming: Incoming
    /// Its length in bytes, for the limit on lines read ahead.
    var size: Int
    /// Its reply grows with the daemon's timers (a `list`): it is answered on its own, when
    /// the budget for unread output has room.
    var asksForMuch: Bool

    init(_ incoming: Incoming, size: Int) {
        self.incoming = incoming
        self.size = size
        asksForMuch = incoming.calls.contains { $0.asksForMuch }
    }
}

extension Incoming {
    /// The calls of the line: one, those of a batch, or none.
    var calls: [RPCCall] {
        switch self {
        case .call(let call): [call]
        case .batch(let calls): calls
        case .unreadable: []
        }
    }
}

extension RPCCall {
    /// Its reply is as long as the daemon's timers are many (and `history`'s as its history,
    /// up to a thousand entries with their messages).
    var asksForMuch: Bool {
        switch request {
        case .success(.list), .success(.history): true
        default: false
        }
    }
}
