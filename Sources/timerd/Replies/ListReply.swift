import Protocol

/// The reply to a `list`, written a piece at a time.
///
/// A list of a hundred thousand timers is tens of megabytes of JSON: written in one go on the
/// loop it would hold up every other client for as long (a `ping` among them), and for a client
/// that never reads it would be held whole. So the reply keeps a copy of the table's records as
/// the call found them (copy-on-write: free until the table changes) and the server writes the
/// next piece only when the connection has sent the last, so a client that reads slowly gets
/// its list slowly and one that never reads costs a piece.
struct ListReply: Sendable, Equatable {
    let id: JSONValue
    private let records: TimerRecords
    /// The moment of the call: every piece shows the timers as they were then.
    private let now: Moment
    /// The timers whose alarm was ringing then.
    private let ringing: Set<String>
    /// The next slot to write.
    private var slot = 0
    private var opened = false
    private(set) var isFinished = false
    /// Timers written so far, and their bytes with the commas between them.
    private var timersWritten = 0
    private var bytesWritten = 0

    /// Bytes a timer takes before any is written, for the estimate of what is left.
    static let estimatedBytesPerTimer = 400

    init(id: JSONValue, records: TimerRecords, at now: Moment, ringing: Set<String> = []) {
        self.id = id
        self.records = records
        self.now = now
        self.ringing = ringing
    }

    /// About how many bytes are still to be written: what the reply holds for its client in
    /// the account of unread output (a list not written yet is as good as held).
    var remainingEstimate: Int {
        guard !isFinished else { return 0 }
        let perTimer = timersWritten > 0 ? bytesWritten / timersWritten + 1 : Self.estimatedBytesPerTimer
        return (records.count - timersWritten) * perTimer + 64
    }

    /// Appends the next piece, of at least `size` bytes unless the list ends first; the last
    /// piece closes the reply (without a newline, as every reply line is handed over).
    mutating func writePiece(into output: inout [UInt8], size: Int) {
        guard !isFinished else { return }
        let start = output.count
        if !opened {
            opened = true
            RPC.writeResultOpening(id: id, into: &output)
            output.append(contentsOf: #"{"timers":["#.utf8)
        }
        while slot < records.slotCount && output.count - start < size {
            defer { slot += 1 }
            guard let record = records.record(inSlot: slot) else { continue }
            let before = output.count
            if timersWritten > 0 { output.append(UInt8(ascii: ",")) }
            var info = record.info(at: now)
            if !ringing.isEmpty { info.ringing = ringing.contains(info.name) }
            info.writeJSON(into: &output)
            bytesWritten += output.count - before
            timersWritten += 1
        }
        if slot == records.slotCount {
            output.append(contentsOf: "]}}".utf8)
            isFinished = true
        }
    }

    /// The whole reply at once (for tests, and for the scheduler's own calls).
    func written() -> [UInt8] {
        var copy = self
        var output: [UInt8] = []
        copy.writePiece(into: &output, size: .max)
        return output
    }
}
