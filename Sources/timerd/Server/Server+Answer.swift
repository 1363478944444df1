import Protocol

/// Reading lines into requests, and having the scheduler answer a batch of them.
extension Server {
    /// One client's part of an answered batch.
    struct Answered: Sendable {
        var client: ClientID
        /// The replies, one line per request line (a JSON-RPC batch gets one array); where a
        /// `list` was answered, those before it.
        var output: [UInt8]
        /// The `list` answered, written a piece at a time after `output`, and what follows it.
        var list: (reply: ListReply, after: [UInt8])?
        /// The lines not answered (the client's replies reached the budget): they go first
        /// in a later batch.
        var unanswered: [PendingLine]
        /// The client subscribed to events in this batch.
        var subscribed: Bool
    }

    /// A line as read, decoded. In a JSON-RPC batch, only the first call that asks for much
    /// (a `list`) is carried out: its reply is one line with the others', and a thousand lists
    /// of many timers in one line would be gigabytes.
    static func pendingLine(_ line: [UInt8]) -> PendingLine {
        var incoming = RPC.decodeIncoming(line)
        if case .batch(var calls) = incoming,
            let first = calls.firstIndex(where: \.asksForMuch),
            calls[(first + 1)...].contains(where: \.asksForMuch)
        {
            for index in calls.indices.dropFirst(first + 1) where calls[index].asksForMuch {
                calls[index].request = .failure(oneLongCallPerBatch)
            }
            incoming = .batch(calls)
        }
        return PendingLine(incoming, size: line.count)
    }

    /// Stands in `pending` for the over-long line, so its error reply keeps its place after
    /// the replies to the lines before it.
    static let tooLongLine = PendingLine(.unreadable(lineTooLong), size: 0)

    /// Has the scheduler answer every call in one hop, and puts the replies in lines.
    static func answer(
        _ batch: [(ClientID, [PendingLine])], replyBudget: Int, scheduler: isolated Scheduler, server: Server
    ) -> [Answered]
    {
        let incoming = batch.map { _, lines in lines.map(\.incoming) }
        let calls = zip(batch, incoming).map { entry, items in
            ClientCalls(
                client: entry.0, sink: ConnectionSink(server: server, id: entry.0), lines: items.map(\.calls),
                replyBudget: replyBudget)
        }
        let replies =
            calls.contains { $0.lines.contains { !$0.isEmpty } }
            ? scheduler.handle(calls) : calls.map { ClientReplies(replies: [], linesAnswered: $0.lines.count) }
        return batch.indices.map { client in
            let answered = replies[client].linesAnswered
            var output = Output()
            var next = 0
            for item in incoming[client].prefix(answered) {
                switch item {
                case .unreadable(let error):
                    output.append(RPC.line(RPC.error(id: .null, error)))
                case .call:
                    if let reply = replies[client].replies[next] {
                        output.append(reply)
                        output.append(Array("\n".utf8))
                    }
                    next += 1
                case .batch(let calls):
                    let answers = replies[client].replies[next..<next + calls.count].compactMap { $0 }
                    next += calls.count
                    // A batch of notifications only gets no reply at all (JSON-RPC 2.0, section 6).
                    guard !answers.isEmpty else { continue }
                    output.append([UInt8(ascii: "[")])
                    for (n, answer) in answers.enumerated() {
                        if n > 0 { output.append([UInt8(ascii: ",")]) }
                        output.append(answer)
                    }
                    output.append(Array("]\n".utf8))
                }
            }
            let subscribed = calls[client].lines.prefix(answered).joined().contains { call in
                if case .success(.subscribe) = call.request { true } else { false }
            }
            return Answered(
                client: batch[client].0, output: output.before, list: output.list.map { ($0, output.after) },
                unanswered: Array(batch[client].1.dropFirst(answered)), subscribed: subscribed)
        }
    }

    /// One client's replies as they are put together: the bytes, and at most one `list` among
    /// them, which the server writes later, in pieces (a batch holds one list at most, and a
    /// line holding one is answered on its own).
    private struct Output {
        var before: [UInt8] = []
        var list: ListReply?
        var after: [UInt8] = []

        mutating func append(_ bytes: [UInt8]) {
            if list == nil { before += bytes } else { after += bytes }
        }

        /// Writes `reply` (`ReplyText(_:)`), or keeps it for later if it is the first list.
        mutating func append(_ reply: Reply) {
            switch ReplyText(reply) {
            case .bytes(let bytes): append(bytes)
            case .list(let reply) where list == nil: list = reply
            case .list(let reply): append(reply.written())
            }
        }
    }

    static let lineTooLong = RPCError.invalidRequest(
        "The line is longer than \(Limits.maxRequestBytes / 1024) KiB, the most timerd reads; "
            + "the connection is closed. Send one request per line.")

    static let oneLongCallPerBatch = RPCError.invalidRequest(
        "A batch may hold one \"list\" or \"history\"; this one was not carried out. "
            + "Send the others in batches of their own, or one request per line.")
}
