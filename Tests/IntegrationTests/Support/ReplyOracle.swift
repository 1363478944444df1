import Protocol

/// What the daemon must answer to some bytes, worked out apart from it: the bytes are cut into
/// lines as the protocol says (`\n`, a `\r` before it dropped, blank lines skipped), each line is
/// read as the protocol says, and every line that asks for an answer gets exactly one, in order.
///
/// For a line that cannot be read, or a request that is refused before it reaches a timer,
/// the answer is known to the letter (code and message); for a request that is read, the id
/// must come back with a result or a documented error.
enum ReplyOracle {
    /// One line of reply the daemon owes.
    enum Expected {
        case single(ExpectedReply)
        case batch([ExpectedReply])
    }

    struct ExpectedReply {
        var id: JSONValue
        /// The error it must be, or nil when the request was read and anything documented may come back.
        var error: RPCError?
    }

    static let documentedCodes: Set<Int64> = [-32700, -32600, -32601, -32602, -32603, -32001, -32002, -32003, -32004, -32005]

    /// The replies owed for `bytes` followed by a newline; nil if a line is over the limit
    /// (the generators never make one).
    static func expected(for bytes: [UInt8]) -> [Expected]? {
        var framer = LineFramer(maxLineLength: Limits.maxRequestBytes)
        framer.append(contentsOf: bytes + [UInt8(ascii: "\n")])
        var owed: [Expected] = []
        while true {
            let line: [UInt8]?
            do { line = try framer.nextLine() } catch { return nil }
            guard let line else { return owed }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            switch RPC.decodeIncoming(line) {
            case .unreadable(let error): owed.append(.single(ExpectedReply(id: .null, error: error)))
            case .call(let call): if let reply = expectedReply(call) { owed.append(.single(reply)) }
            case .batch(let calls):
                let replies = calls.compactMap(expectedReply)
                if !replies.isEmpty { owed.append(.batch(replies)) }
            }
        }
    }

    private static func expectedReply(_ call: RPCCall) -> ExpectedReply? {
        guard let id = call.id else { return nil }
        switch call.request {
        case .success: return ExpectedReply(id: id, error: nil)
        case .failure(let error): return ExpectedReply(id: id, error: error)
        }
    }

    /// Nil when `reply` is what was owed, else what is wrong with it.
    static func problem(with reply: JSONValue, _ expected: Expected) -> String? {
        switch expected {
        case .single(let owed):
            return problem(with: reply, owed)
        case .batch(let owed):
            guard let replies = reply.arrayValue else { return "expected an array of \(owed.count) replies" }
            guard replies.count == owed.count else { return "expected \(owed.count) replies in the array, got \(replies.count)" }
            for (r, o) in zip(replies, owed) {
                if let problem = problem(with: r, o) { return problem }
            }
            return nil
        }
    }

    private static func problem(with reply: JSONValue, _ owed: ExpectedReply) -> String? {
        guard reply["jsonrpc"] == "2.0" else { return "no \"jsonrpc\":\"2.0\"" }
        guard let id = reply["id"], sameID(id, owed.id) else {
            return "id \(reply["id"].map(JSONWriter.string) ?? "missing"), expected \(JSONWriter.string(owed.id))"
        }
        let result = reply["result"], error = reply["error"]
        guard (result == nil) != (error == nil) else { return "not exactly one of result and error" }
        if let owedError = owed.error {
            guard error?["code"]?.int64Value == Int64(owedError.code) else { return "expected error \(owedError.code)" }
            guard error?["message"]?.stringValue == owedError.message else { return "expected the message \(owedError.message)" }
            return nil
        }
        guard let error else { return nil }
        guard let code = error["code"]?.int64Value, documentedCodes.contains(code) else { return "an undocumented error code" }
        guard let message = error["message"]?.stringValue, !message.isEmpty else { return "an error without a message" }
        return nil
    }

    /// Ids are echoed as sent; a number may come back written another way (`1.0` as `1`).
    private static func sameID(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.doubleValue, let y = b.doubleValue { return x == y }
        return a == b
    }

    /// Bytes as a test failure shows them: printable ASCII as is, the rest escaped, cut short.
    static func show(_ bytes: [UInt8], limit: Int = 600) -> String {
        var out = ""
        for byte in bytes.prefix(limit) {
            switch byte {
            case 0x20...0x7E where byte != UInt8(ascii: "\\"): out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "\\"): out += "\\\\"
            case 0x0A: out += "\\n"
            default: out += "\\x" + String(byte, radix: 16).leftPadded(to: 2)
            }
        }
        return bytes.count > limit ? out + "… (\(bytes.count) bytes)" : out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
