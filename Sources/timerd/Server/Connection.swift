import CLinux
import Glibc
import Protocol

/// One client connection's buffers and flags. Owned by `Server` and touched only on the
/// event loop's thread.
final class Connection {
    let id: ClientID
    let fd: Int32
    var framer = LineFramer(maxLineLength: Limits.maxRequestBytes)
    /// Complete lines read but not yet handed to the scheduler.
    var pending: [[UInt8]] = []
    /// Lines of this connection are with the scheduler; their replies must come back before
    /// more go, so that replies keep the order of requests.
    var busy = false
    /// Listed for the next batch.
    var queued = false
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
    var pendingByteCount: Int { pending.reduce(0) { $0 + $1.count } }
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
