/// The protocol's version, bumped on every incompatible change; `ping` reports it.
public let protocolVersion = 2

/// One JSON-RPC request read by the daemon: its id (nil for a notification, which gets no
/// reply) and the typed request or the reason it could not be read.
public struct RPCCall: Sendable, Equatable {
    public var id: JSONValue?
    public var request: Result<Request, RPCError>

    public init(id: JSONValue?, request: Result<Request, RPCError>) {
        self.id = id
        self.request = request
    }

    /// A notification (no `id`) is carried out but never answered.
    public var wantsReply: Bool { id != nil }
}

/// What one line from a client holds.
public enum Incoming: Sendable, Equatable {
    case call(RPCCall)
    /// A JSON-RPC batch: answered with an array of the replies, in order.
    case batch([RPCCall])
    /// The line could not be read as any request: answer with this error and id null.
    case unreadable(RPCError)
}

/// What one line from the daemon holds, as the client sees it.
public enum Outgoing: Sendable, Equatable {
    case reply(id: JSONValue, result: Result<JSONValue, RPCError>)
    case event(TimerEvent, TimerInfo)
    /// An event this version does not know (a later daemon's): a client passes over it, as
    /// it does over fields it does not know.
    case otherEvent(String)
}

/// JSON-RPC 2.0 envelopes, one per line.
public enum RPC {
    // MARK: Daemon side

    /// Reads one line (without its newline) sent by a client.
    public static func decodeIncoming(_ line: [UInt8]) -> Incoming {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            return .unreadable(.parseError("The line could not be read as JSON (\(error.message)); send one JSON-RPC request object per line."))
        }
        switch value {
        case .array(let items):
            guard !items.isEmpty else { return .unreadable(.invalidRequest("An empty batch holds no requests.")) }
            guard items.count <= Limits.maxBatchRequests else {
                return .unreadable(.invalidRequest(
                    "A batch holds at most \(Limits.maxBatchRequests) requests and this one has \(items.count); "
                        + "send them in smaller batches, or one request per line."))
            }
            return .batch(items.map(call))
        default:
            return .call(call(value))
        }
    }

    private static func call(_ value: JSONValue) -> RPCCall {
        guard case .object(let o) = value else {
            return RPCCall(id: .null, request: .failure(.invalidRequest(
                "A request must be a JSON object such as {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}.")))
        }
        var id: JSONValue?
        switch o["id"] {
        case nil: id = nil
        case .null?, .string?, .integer?, .number?: id = o["id"]
        default:
            return RPCCall(id: .null, request: .failure(.invalidRequest("\"id\" must be a string, a number or null.")))
        }
        guard case .string("2.0")? = o["jsonrpc"] else {
            return RPCCall(id: id ?? .null, request: .failure(.invalidRequest("A request needs \"jsonrpc\": \"2.0\".")))
        }
        guard case .string(let method)? = o["method"] else {
            return RPCCall(id: id ?? .null, request: .failure(.invalidRequest(
                "A request needs \"method\", a string such as \"list\".")))
        }
        do {
            return RPCCall(id: id, request: .success(try Request(method: method, params: o["params"])))
        } catch {
            return RPCCall(id: id, request: .failure(error))
        }
    }

    public static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    public static func error(id: JSONValue, _ error: RPCError) -> JSONValue {
        var e: JSONObject = ["code": .integer(Int64(error.code)), "message": .string(error.message)]
        if let data = error.data { e["data"] = data }
        return ["jsonrpc": "2.0", "id": id, "error": .object(e)]
    }

    public static func event(_ event: TimerEvent, _ timer: TimerInfo) -> JSONValue {
        ["jsonrpc": "2.0", "method": "event", "params": ["event": .string(event.rawValue), "timer": timer.json]]
    }

    /// Appends a successful reply whose result `writeResult` appends: the bytes `line` writes
    /// for `result(id:_:)`, less the newline, without building the result as a value.
    public static func writeResult(id: JSONValue, into output: inout [UInt8], _ writeResult: (inout [UInt8]) -> Void) {
        writeResultOpening(id: id, into: &output)
        writeResult(&output)
        output.append(ASCII.closeBrace)
    }

    /// Appends what comes before the result in `writeResult(id:into:_:)`, for a reply written
    /// in pieces; a closing brace after the result ends it.
    public static func writeResultOpening(id: JSONValue, into output: inout [UInt8]) {
        JSONWriter.append(#"{"jsonrpc":"2.0","id":"#, to: &output)
        JSONWriter.write(id, into: &output)
        JSONWriter.append(#","result":"#, to: &output)
    }

    /// Appends the result `{"timer": …}`, as `["timer": timer.json]` is written.
    public static func writeTimerResult(_ timer: TimerInfo, into output: inout [UInt8]) {
        JSONWriter.append(#"{"timer":"#, to: &output)
        timer.writeJSON(into: &output)
        output.append(ASCII.closeBrace)
    }

    /// `line(event(event, timer))`, written directly.
    public static func eventLine(_ event: TimerEvent, _ timer: TimerInfo) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        JSONWriter.append(#"{"jsonrpc":"2.0","method":"event","params":{"event":"#, to: &output)
        JSONWriter.writeString(event.rawValue, into: &output)
        JSONWriter.append(#","timer":"#, to: &output)
        timer.writeJSON(into: &output)
        JSONWriter.append("}}\n", to: &output)
        return output
    }

    /// The value followed by a newline, ready to write.
    public static func line(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        JSONWriter.write(value, into: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // MARK: Client side

    public static func request(id: Int64, _ request: Request) -> JSONValue {
        var o: JSONObject = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(request.method)]
        let params = request.params
        if params.count > 0 { o["params"] = .object(params) }
        return .object(o)
    }

    /// Reads one line sent by the daemon.
    public static func decodeOutgoing(_ line: [UInt8]) throws(RPCError) -> Outgoing {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line, maxDepth: 16)
        } catch {
            throw RPCError(code: RPCError.parseErrorCode, message: "The daemon sent a line that is not JSON (\(error.message)).")
        }
        guard case .object(let o) = value else { throw unexpected() }
        if case .string("event")? = o["method"] {
            guard let params = o["params"], let name = params["event"]?.stringValue, let timer = params["timer"]
            else { throw unexpected() }
            // An event, or a timer (a kind, a state), that a later daemon has and this version
            // has not: passed over, as fields it does not know are.
            guard let event = TimerEvent(rawValue: name), let info = try? TimerInfo(json: timer) else {
                return .otherEvent(name)
            }
            return .event(event, info)
        }
        guard let id = o["id"] else { throw unexpected() }
        if let result = o["result"] { return .reply(id: id, result: .success(result)) }
        guard let e = o["error"], let code = e["code"]?.int64Value, let message = e["message"]?.stringValue else {
            throw unexpected()
        }
        return .reply(id: id, result: .failure(RPCError(code: Int(code), message: message, data: e["data"])))
    }

    private static func unexpected() -> RPCError {
        RPCError(code: RPCError.internalErrorCode, message: "The daemon sent a line this timerctl does not understand; are both from the same version?")
    }
}
