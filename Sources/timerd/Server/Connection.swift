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
    /// A `list` reply being written a piece at a time, and what was queued after it (replies,
    /// events, other lists), which follows in order once the list is whole.
    private var list: ListReply?
    private var behind: [Queued] = []
    private enum Queued {
        case bytes([UInt8], isReply: Bool)
        case list(ListReply)
    }
    /// Some output went out since the last look (the client reads).
    var sentSinceLastLook = false
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

    /// Output not sent yet, the part of a list not written counted at its estimate.
    var unsentByteCount: Int {
        behind.reduce(output.unsentCount + (list?.remainingEstimate ?? 0)) { total, queued in
            switch queued {
            case .bytes(let bytes, _): total + bytes.count
            case .list(let reply): total + reply.remainingEstimate
            }
        }
    }
    /// Of that, bytes of events (what the output limit is about).
    var unsentEventCount: Int {
        behind.reduce(output.unsentEventCount) { total, queued in
            if case .bytes(let bytes, isReply: false) = queued { total + bytes.count } else { total }
        }
    }
    var hasNothingToSend: Bool { output.isEmpty && list == nil && behind.isEmpty }
    /// Bytes of the lines in `pending` (at most a thousand or so lines: cheap to add up).
    var pendingByteCount: Int { pending.reduce(0) { $0 + $1.size } }
    var isFinished: Bool { readClosed && !busy && pending.isEmpty && hasNothingToSend && (!subscribed || hungUp) }

    /// Queues replies or an event line; `bytes` is left empty (a long reply's buffer is
    /// taken over, not copied).
    func enqueue(_ bytes: inout [UInt8], isReply: Bool) {
        guard list == nil else {
            behind.append(.bytes(bytes, isReply: isReply))
            bytes = []
            return
        }
        output.append(&bytes, isReply: isReply)
    }

    /// Queues a `list` reply: `writeListPiece` writes it as the output drains.
    func enqueue(_ reply: ListReply) {
        if list == nil { list = reply } else { behind.append(.list(reply)) }
    }

    /// A list is being written and less than `listAhead` of it waits to be sent: another
    /// piece may be written.
    var wantsListPiece: Bool { list != nil && output.unsentCount < Self.listAhead }

    /// A piece of list: short to write, so the loop is held up only briefly.
    static let listPieceSize = OutputBuffer.keptCapacity
    /// How much of a list is written ahead of the socket: enough that a client that reads
    /// finds text ready whenever it reads, and so little that one that does not read costs
    /// next to nothing.
    static let listAhead = 1 << 20

    /// Writes the next piece of the list into the output; after its last, what waited behind
    /// it, up to the next list.
    func writeListPiece() {
        guard var reply = list else { return }
        var piece: [UInt8] = []
        piece.reserveCapacity(Self.listPieceSize + 4096)
        reply.writePiece(into: &piece, size: Self.listPieceSize)
        output.append(&piece, isReply: true)
        guard reply.isFinished else {
            list = reply
            return
        }
        list = nil
        while !behind.isEmpty {
            switch behind.removeFirst() {
            case .bytes(var bytes, let isReply): output.append(&bytes, isReply: isReply)
            case .list(let next):
                list = next
                return
            }
        }
    }

    /// Writes as much output as the socket takes without blocking. Returns false when the
    /// peer is gone.
    func flush() -> Bool {
        while !output.isEmpty {
            let n = output.withUnsentBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                output.sent(n)
                sentSinceLastLook = true
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
