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
    /// The reply to each call of the lines answered, in order; nil for a notification (a call
    /// without an id).
    var replies: [Reply?] = []
    /// How many of the client's lines were answered, and so carried out; the rest wait.
    var linesAnswered = 0
}

/// The answer to one call, as the scheduler hands it to the server, which writes it
/// (`ReplyText(_:)`): the scheduler never writes or reads JSON itself.
struct Reply: Sendable, Equatable {
    var id: JSONValue
    var result: Result<ReplyBody, RPCError>
}

/// What a call answered: a value, a timer, or every timer.
enum ReplyBody: Sendable, Equatable {
    case value(JSONValue)
    case timer(TimerInfo)
    /// Every timer, as the table held them when the call was answered: a copy-on-write copy,
    /// which the server writes a piece at a time (`ListReply`); `ringing` names those whose
    /// alarm rings (which the table does not know).
    case list(TimerRecords, at: Moment, ringing: Set<String> = [])
}

extension Reply {
    /// About how many bytes the reply takes once written: what counts against a client's
    /// reply budget in a batch, as `ListReply` counts a list not written yet. Close enough for
    /// a budget (RepliesTests holds it within a fifth), at a fraction of writing the reply.
    var estimatedBytes: Int {
        let envelope = 34 + id.estimatedJSONBytes
        switch result {
        case .success(.value(let value)): return envelope + value.estimatedJSONBytes
        case .success(.timer(let timer)): return envelope + timer.estimatedJSONBytes
        case .success(.list(let records, _, _)): return envelope + records.count * ListReply.estimatedBytesPerTimer
        case .failure(let error): return envelope + 30 + error.message.utf8.count + (error.data?.estimatedJSONBytes ?? 0)
        }
    }
}

/// A reply as the server writes it: its JSON text, or a `list` that the server writes a piece
/// at a time as the client reads.
enum ReplyText: Sendable, Equatable {
    case bytes([UInt8])
    case list(ListReply)

    /// `reply` written as JSON, without its newline; a list, ready to be written in pieces.
    init(_ reply: Reply) {
        var output: [UInt8] = []
        switch reply.result {
        case .success(.value(let value)):
            output.reserveCapacity(256)
            JSONWriter.write(RPC.result(id: reply.id, value), into: &output)
        case .success(.timer(let timer)):
            output.reserveCapacity(512)
            RPC.writeResult(id: reply.id, into: &output) { RPC.writeTimerResult(timer, into: &$0) }
        case .success(.list(let records, let now, let ringing)):
            self = .list(ListReply(id: reply.id, records: records, at: now, ringing: ringing))
            return
        case .failure(let error):
            output.reserveCapacity(256)
            JSONWriter.write(RPC.error(id: reply.id, error), into: &output)
        }
        self = .bytes(output)
    }

    /// The whole text.
    func written() -> [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .list(let list): list.written()
        }
    }
}

extension JSONValue {
    /// About how many bytes it takes written (escapes aside).
    fileprivate var estimatedJSONBytes: Int {
        switch self {
        case .null: 4
        case .bool: 5
        case .integer, .number: 6
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + $1.estimatedJSONBytes + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.estimatedJSONBytes }
        }
    }
}

extension TimerInfo {
    /// About how many bytes `writeJSON` writes: its fixed fields, and the text the timer holds.
    fileprivate var estimatedJSONBytes: Int {
        300 + name.utf8.count + (message?.utf8.count ?? 0) + todos.reduce(0) { $0 + 32 + $1.text.utf8.count }
    }
}
