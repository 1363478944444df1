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
    var output: [UInt8] = []
    var outputOffset = 0
    /// The client closed its side (or sent something that ends the conversation); close
    /// once every pending request is answered and the output flushed.
    var readClosed = false
    /// Events currently registered with the loop.
    var watched: UInt32 = 0

    init(id: ClientID, fd: Int32) {
        self.id = id
        self.fd = fd
    }

    var unsentByteCount: Int { output.count - outputOffset }
    /// Bytes of the lines in `pending` (at most a thousand or so lines: cheap to add up).
    var pendingByteCount: Int { pending.reduce(0) { $0 + $1.count } }
    var isFinished: Bool { readClosed && !busy && pending.isEmpty && unsentByteCount == 0 }

    func enqueue(_ bytes: [UInt8]) {
        if outputOffset > 0 && outputOffset == output.count {
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
        output.append(contentsOf: bytes)
    }

    /// Writes as much output as the socket takes without blocking. Returns false when the
    /// peer is gone.
    func flush() -> Bool {
        while outputOffset < output.count {
            let n = output.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + outputOffset, buffer.count - outputOffset, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                outputOffset += n
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        if outputOffset == output.count {
            output.removeAll(keepingCapacity: output.capacity <= 65_536)
            outputOffset = 0
        } else if outputOffset > 65_536 && outputOffset > output.count / 2 {
            // A reader that always lags a little must not make the sent prefix grow for ever.
            output.removeFirst(outputOffset)
            outputOffset = 0
        }
        return true
    }
}
