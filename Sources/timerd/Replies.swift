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
    /// The reply to each call of the lines answered, in order, as JSON text without the
    /// newline; nil for a notification (a call without an id).
    var replies: [[UInt8]?] = []
    /// How many of the client's lines were answered, and so carried out; the rest wait.
    var linesAnswered = 0
}

/// A call's result before it is written: most are values, but a timer or a `list` of them is
/// written straight into the reply's bytes.
enum ReplyBody {
    case value(JSONValue)
    case timer(TimerInfo)
    /// Every timer, as the table holds them when the reply is written.
    case list
}

extension ReplyBody {
    /// The reply to call `id`, as a line of JSON without its newline.
    static func reply(to id: JSONValue, _ result: Result<ReplyBody, RPCError>, table: TimerTable, at now: Moment) -> [UInt8] {
        var output: [UInt8] = []
        switch result {
        case .success(.value(let value)):
            output.reserveCapacity(256)
            JSONWriter.write(RPC.result(id: id, value), into: &output)
        case .success(.timer(let timer)):
            output.reserveCapacity(512)
            RPC.writeResult(id: id, into: &output) { RPC.writeTimerResult(timer, into: &$0) }
        case .success(.list):
            // Room for a plain timer each, and the newline the server adds: the buffer then
            // never grows by copying. Pages reserved and not written are never touched.
            output.reserveCapacity(64 + table.count * 400)
            RPC.writeResult(id: id, into: &output) { output in
                output.append(contentsOf: #"{"timers":["#.utf8)
                var first = true
                for record in table.records.values {
                    if !first { output.append(UInt8(ascii: ",")) }
                    first = false
                    record.info(at: now).writeJSON(into: &output)
                }
                output.append(contentsOf: "]}".utf8)
            }
        case .failure(let error):
            output.reserveCapacity(256)
            JSONWriter.write(RPC.error(id: id, error), into: &output)
        }
        return output
    }
}
