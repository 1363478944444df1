import Protocol

/// The calls one client sent in one batch, and where its events go.
struct ClientCalls: Sendable {
    var client: ClientID
    var sink: any EventSink
    /// The calls of each line, in order: one for a request, several for a JSON-RPC batch, none
    /// for a line that could not be read (the server answers those itself).
    var lines: [[RPCCall]]
    /// Bytes of replies after which the client's remaining lines wait for a later batch (at
    /// least one line is always answered): a client that sends requests faster than it reads
    /// the replies is answered as it reads, and its replies never pile up in the daemon.
    var replyBudget: Int

    init(client: ClientID, sink: any EventSink, lines: [[RPCCall]], replyBudget: Int = .max) {
        self.client = client
        self.sink = sink
        self.lines = lines
        self.replyBudget = replyBudget
    }

    /// One line holding `calls`.
    init(client: ClientID, sink: any EventSink, calls: [RPCCall]) {
        self.init(client: client, sink: sink, lines: [calls])
    }
}

/// What the scheduler answered one client in a batch.
struct ClientReplies: Sendable, Equatable {
    /// The reply to each call of the lines answered, in order, without the newline; nil for a
    /// notification (a call without an id).
    var replies: [ReplyText?] = []
    /// How many of the client's lines were answered, and so carried out; the rest wait.
    var linesAnswered = 0
}

/// A reply as the scheduler hands it to the server: its JSON text, or a `list` that the
/// server writes a piece at a time as the client reads.
enum ReplyText: Sendable, Equatable {
    case bytes([UInt8])
    case list(ListReply)

    /// Its length in bytes (for a list not written yet, an estimate).
    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .list(let list): list.remainingEstimate
        }
    }

    /// The whole text.
    func written() -> [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .list(let list): list.written()
        }
    }
}

/// A call's result before it is written: most are values, but a timer or a `list` of them is
/// written straight into the reply's bytes.
enum ReplyBody {
    case value(JSONValue)
    case timer(TimerInfo)
    /// Every timer, as the table holds them when the call is answered.
    case list
}

extension ReplyBody {
    /// The reply to call `id`, as JSON without its newline (a list, as its records are now).
    static func reply(to id: JSONValue, _ result: Result<ReplyBody, RPCError>, table: TimerTable, at now: Moment) -> ReplyText {
        var output: [UInt8] = []
        switch result {
        case .success(.value(let value)):
            output.reserveCapacity(256)
            JSONWriter.write(RPC.result(id: id, value), into: &output)
        case .success(.timer(let timer)):
            output.reserveCapacity(512)
            RPC.writeResult(id: id, into: &output) { RPC.writeTimerResult(timer, into: &$0) }
        case .success(.list):
            return .list(ListReply(id: id, records: table.records, at: now))
        case .failure(let error):
            output.reserveCapacity(256)
            JSONWriter.write(RPC.error(id: id, error), into: &output)
        }
        return .bytes(output)
    }
}
