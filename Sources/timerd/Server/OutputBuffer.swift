/// What a connection has yet to send, and how much of it is events.
///
/// The output limit is about events: a subscriber that stops reading must not make the
/// daemon hold its events for ever. Replies do not count against it: a client gets the answer
/// to what it asked, however long (a `list` of many timers), and the server keeps replies
/// bounded another way, by answering no more requests while replies wait to be read.
///
/// Positions in the stream (every byte ever queued, counted from the first) tell the replies
/// apart, so the bytes themselves stay one flat buffer for `send`.
struct OutputBuffer {
    /// `bytes[offset...]` is what is left to send.
    private var bytes: [UInt8] = []
    private var offset = 0
    /// The stream position of `bytes[0]`.
    private var base = 0
    /// The stream positions of replies not wholly sent, in order.
    private var replies: [Range<Int>] = []

    /// A buffer up to this large is kept for the next output once sent; a larger one (a long
    /// reply) is given back.
    static let keptCapacity = 65_536

    var unsentCount: Int { bytes.count - offset }
    var isEmpty: Bool { unsentCount == 0 }

    /// Unsent bytes that are not replies: what the output limit applies to.
    var unsentEventCount: Int {
        let sent = base + offset
        return unsentCount - replies.reduce(0) { $0 + ($1.upperBound - max($1.lowerBound, sent)) }
    }

    /// Queues `output` (replies, or an event line). When nothing else waits, a large buffer is
    /// taken over rather than copied; `output` is left empty either way.
    mutating func append(_ output: inout [UInt8], isReply: Bool) {
        guard !output.isEmpty else { return }
        let count = output.count
        if isEmpty {
            base += bytes.count
            offset = 0
            if count <= bytes.capacity {
                bytes.removeAll(keepingCapacity: true)
                bytes.append(contentsOf: output)
                output.removeAll()
            } else {
                bytes = []
                swap(&bytes, &output)
            }
        } else {
            bytes.append(contentsOf: output)
            output.removeAll()
        }
        guard isReply else { return }
        let end = base + bytes.count
        let start = end - count
        if let last = replies.last, last.upperBound == start {
            replies[replies.count - 1] = last.lowerBound..<end
        } else {
            replies.append(start..<end)
        }
    }

    /// Calls `body` with the bytes left to send.
    func withUnsentBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
    }

    /// Notes that the first `count` unsent bytes went out.
    mutating func sent(_ count: Int) {
        precondition(count >= 0 && count <= unsentCount, "sent more than was queued")
        offset += count
        while let first = replies.first, first.upperBound <= base + offset { replies.removeFirst() }
        if offset == bytes.count {
            base += bytes.count
            offset = 0
            bytes.removeAll(keepingCapacity: bytes.capacity <= Self.keptCapacity)
        } else if offset > Self.keptCapacity && offset > bytes.count / 2 {
            // A reader that always lags a little must not make the sent prefix grow for ever.
            bytes.removeFirst(offset)
            base += offset
            offset = 0
        }
    }
}
