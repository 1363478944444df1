import Testing
import Protocol

@Suite struct RPCTests {
    static func incoming(_ line: String) -> Incoming {
        RPC.decodeIncoming(Array(line.utf8))
    }

    /// A line that does not hold what the test expects; thrown, so the test stops there.
    struct Unexpected: Error, CustomStringConvertible {
        var description: String
    }

    /// The single call `line` holds.
    static func call(_ line: String) throws -> RPCCall {
        guard case .call(let call) = incoming(line) else { throw Unexpected(description: "not one call: \(incoming(line))") }
        return call
    }

    /// The error of an unreadable line.
    static func unreadable(_ line: String) throws -> RPCError {
        guard case .unreadable(let error) = incoming(line) else {
            throw Unexpected(description: "not unreadable: \(incoming(line))")
        }
        return error
    }

    static func outgoing(_ line: String) -> Result<Outgoing, RPCError> {
        Result { () throws(RPCError) in try RPC.decodeOutgoing(Array(line.utf8)) }
    }

    static let pasta = TimerInfo(
        name: "pasta", kind: .countdown, state: .running, duration: .seconds(480), remaining: .seconds(240),
        endsAt: instant("2026-11-30T12:04:00Z"), createdAt: instant("2026-11-30T11:56:00Z"))
    static let pastaJSON = """
        {"name":"pasta","kind":"countdown","state":"running","duration":480,"remaining":240,\
        "endsAt":"2026-11-30T12:04:00.000Z","createdAt":"2026-11-30T11:56:00.000Z","firedAt":null,"missed":false,"ringing":false,"message":null,"remind":[],"sound":null,"silent":false,"volume":null,"todos":[],"cycle":null,"exec":null,"every":null}
        """

    // MARK: Requests the daemon reads

    @Test func validRequest() throws {
        let call = try Self.call(#"{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"pasta","seconds":480}}"#)
        #expect(call == RPCCall(id: 1, request: .success(.start(name: "pasta", spec: .countdown(.seconds(480)), message: nil))))
        #expect(call.wantsReply)
    }

    @Test func membersMayComeInAnyOrder() throws {
        let call = try Self.call(#"{"method":"get","params":{"name":"pasta"},"id":"a","jsonrpc":"2.0"}"#)
        #expect(call == RPCCall(id: "a", request: .success(.get(name: "pasta"))))
    }

    @Test func notificationHasNoIdAndWantsNoReply() throws {
        let call = try Self.call(#"{"jsonrpc":"2.0","method":"ping"}"#)
        #expect(call == RPCCall(id: nil, request: .success(.ping)))
        #expect(!call.wantsReply)
    }

    @Test func notificationWithBadParamsStillWantsNoReply() throws {
        let call = try Self.call(#"{"jsonrpc":"2.0","method":"get","params":{"name":5}}"#)
        #expect(call.id == nil)
        #expect(!call.wantsReply)
        #expect(throws: RPCError.self) { try call.request.get() }
    }

    @Test(arguments: [
        (#""abc""#, JSONValue.string("abc")),
        (#""""#, ""),
        ("7", 7),
        ("-3", -3),
        ("0", 0),
        ("null", nil),
        ("1.5", 1.5),
        ("1e3", 1000.0),
    ])
    func acceptedIds(text: String, id: JSONValue) throws {
        let call = try Self.call(#"{"jsonrpc":"2.0","id":\#(text),"method":"ping"}"#)
        #expect(call == RPCCall(id: id, request: .success(.ping)))
        #expect(call.wantsReply)
    }

    @Test(arguments: [#"{"n":1}"#, "[1]", "[]", "true", "false"])
    func invalidIdsMakeAnInvalidRequestAnsweredWithIdNull(id: String) throws {
        let call = try Self.call(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
        #expect(call.id == .null)
        #expect(call.request == .failure(.invalidRequest("\"id\" must be a string, a number or null.")))
    }

    @Test(arguments: [
        #"{"id":1,"method":"ping"}"#, #"{"jsonrpc":"1.0","id":1,"method":"ping"}"#,
        #"{"jsonrpc":2.0,"id":1,"method":"ping"}"#, #"{"jsonrpc":null,"id":1,"method":"ping"}"#,
    ])
    func missingOrWrongJSONRPCVersion(line: String) throws {
        let call = try Self.call(line)
        #expect(call.id == 1)
        #expect(call.request == .failure(.invalidRequest("A request needs \"jsonrpc\": \"2.0\".")))
    }

    @Test func notificationWithoutVersionIsAnsweredWithIdNull() throws {
        let call = try Self.call(#"{"method":"ping"}"#)
        #expect(call.id == .null)
        #expect(call.wantsReply)
        #expect(call.request == .failure(.invalidRequest("A request needs \"jsonrpc\": \"2.0\".")))
    }

    @Test(arguments: [#"{"jsonrpc":"2.0","id":1}"#, #"{"jsonrpc":"2.0","id":1,"method":5}"#, #"{"jsonrpc":"2.0","id":1,"method":null}"#])
    func missingMethod(line: String) throws {
        let call = try Self.call(line)
        #expect(call.id == 1)
        #expect(call.request == .failure(.invalidRequest("A request needs \"method\", a string such as \"list\".")))
    }

    @Test(arguments: ["5", #""x""#, "null", "true"])
    func notAnObject(line: String) throws {
        let call = try Self.call(line)
        #expect(call.id == .null)
        let error = try #require(call.request.failure)
        #expect(error.code == RPCError.invalidRequestCode)
        #expect(error.message.contains(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#))
    }

    @Test func requestErrorsKeepTheirId() throws {
        let unknown = try Self.call(#"{"jsonrpc":"2.0","id":9,"method":"stop"}"#)
        #expect(unknown.id == 9)
        #expect(unknown.request.failure?.code == RPCError.methodNotFoundCode)
        let badParams = try Self.call(#"{"jsonrpc":"2.0","id":"x","method":"start","params":{"name":"pasta"}}"#)
        #expect(badParams.id == "x")
        #expect(badParams.request.failure?.code == RPCError.invalidParamsCode)
    }

    @Test func batchIsReadInOrder() {
        let line = """
            [{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"list"},5,\
            {"jsonrpc":"2.0","id":"c","method":"cancel","params":{"name":"pasta"}}]
            """
        #expect(Self.incoming(line) == .batch([
            RPCCall(id: 1, request: .success(.ping)),
            RPCCall(id: nil, request: .success(.list)),
            RPCCall(id: .null, request: .failure(.invalidRequest(
                "A request must be a JSON object such as {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}."))),
            RPCCall(id: "c", request: .success(.cancel(name: "pasta"))),
        ]))
    }

    @Test func batchOfOne() {
        #expect(Self.incoming(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#) == .batch([RPCCall(id: 1, request: .success(.ping))]))
    }

    @Test(arguments: ["[]", " [ ] "])
    func emptyBatchIsUnreadable(line: String) throws {
        let error = try Self.unreadable(line)
        #expect(error.code == RPCError.invalidRequestCode)
        #expect(error.message == "An empty batch holds no requests.")
    }

    @Test func aBatchOfTheMostRequestsIsRead() throws {
        let one = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        let line = "[" + Array(repeating: one, count: Limits.maxBatchRequests).joined(separator: ",") + "]"
        guard case .batch(let calls) = Self.incoming(line) else { Issue.record("not a batch"); return }
        #expect(calls.count == Limits.maxBatchRequests)
    }

    @Test func aBatchOfMoreIsRefusedWholeWithTheLimitAndTheWayOut() throws {
        let line = "[" + Array(repeating: "1", count: Limits.maxBatchRequests + 1).joined(separator: ",") + "]"
        let error = try Self.unreadable(line)
        #expect(error.code == RPCError.invalidRequestCode)
        #expect(error.message == "A batch holds at most 1000 requests and this one has 1001; send them in smaller batches, or one request per line.")
    }

    @Test(arguments: [
        "", "   ", "{", "ping", #"{"jsonrpc":"2.0","id":1,"method":"ping",}"#, #"{"jsonrpc":"2.0"} {"id":1}"#,
        "{'jsonrpc':'2.0'}", "\u{1}",
    ])
    func invalidJSONIsUnreadableAndSaysHowToSend(line: String) throws {
        let error = try Self.unreadable(line)
        #expect(error.code == RPCError.parseErrorCode)
        #expect(error.message.hasPrefix("The line could not be read as JSON ("))
        #expect(error.message.hasSuffix("); send one JSON-RPC request object per line."))
    }

    @Test func invalidUTF8IsUnreadable() throws {
        guard case .unreadable(let error) = RPC.decodeIncoming(Array(#"{"method":""#.utf8) + [0xFF, 0x22, 0x7D]) else {
            throw Unexpected(description: "invalid UTF-8 was read")
        }
        #expect(error.code == RPCError.parseErrorCode)
    }

    @Test func duplicateKeysAreUnreadable() throws {
        let error = try Self.unreadable(#"{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}"#)
        #expect(error.code == RPCError.parseErrorCode)
        #expect(error.message.contains("duplicate key \"id\""))
    }

    @Test func duplicateKeysInParamsAreUnreadable() throws {
        let error = try Self.unreadable(#"{"jsonrpc":"2.0","id":1,"method":"get","params":{"name":"a","name":"b"}}"#)
        #expect(error.code == RPCError.parseErrorCode)
    }

    @Test func deepNestingIsUnreadable() throws {
        let depth = JSONParser.defaultMaxDepth + 1
        let line = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":"# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}"
        let error = try Self.unreadable(line)
        #expect(error.code == RPCError.parseErrorCode)
        #expect(error.message.contains("nesting deeper than"))
    }

    @Test func hostileNestingIsUnreadableWithoutExhaustingTheStack() throws {
        let error = try Self.unreadable(String(repeating: "[", count: 100_000))
        #expect(error.code == RPCError.parseErrorCode)
    }

    @Test func nestingWithinTheLimitReachesTheParamsCheck() throws {
        let call = try Self.call(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":[[[[1]]]]}"#)
        #expect(call.request.failure?.code == RPCError.invalidParamsCode)
    }

    // MARK: What the daemon writes

    @Test func result() {
        #expect(JSONWriter.string(RPC.result(id: 1, ["version": "1.0.0", "protocol": 1]))
            == #"{"jsonrpc":"2.0","id":1,"result":{"version":"1.0.0","protocol":1}}"#)
        #expect(JSONWriter.string(RPC.result(id: "a", [:])) == #"{"jsonrpc":"2.0","id":"a","result":{}}"#)
    }

    @Test func error() {
        #expect(JSONWriter.string(RPC.error(id: 7, RPCError(code: RPCError.notFoundCode, message: "No timer \"pasta\".")))
            == #"{"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"No timer \"pasta\"."}}"#)
        let withData = RPCError(code: RPCError.alreadyExistsCode, message: "pasta exists.", data: ["name": "pasta"])
        #expect(JSONWriter.string(RPC.error(id: nil, withData))
            == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32002,"message":"pasta exists.","data":{"name":"pasta"}}}"#)
    }

    @Test func anEventThisVersionDoesNotKnowIsPassedOver() throws {
        let line = #"{"jsonrpc":"2.0","method":"event","params":{"event":"exploded","timer":{}}}"#
        #expect(try RPC.decodeOutgoing(Array(line.utf8)) == .otherEvent("exploded"))
    }

    /// A later daemon's timer (a kind this version has not) in a known event: passed over too,
    /// so that `watch` and `bar --follow` go on.
    @Test func anEventAboutATimerThisVersionCannotReadIsPassedOver() throws {
        guard case .object(var timer) = Self.pasta.json else { Issue.record("a timer is an object"); return }
        timer["kind"] = "hourglass"
        let line = JSONWriter.string(.object(["jsonrpc": "2.0", "method": "event", "params": ["event": "fired", "timer": .object(timer)]]))
        #expect(try RPC.decodeOutgoing(Array(line.utf8)) == .otherEvent("fired"))
        let partial = #"{"jsonrpc":"2.0","method":"event","params":{"event":"fired","timer":{"name":"pasta"}}}"#
        #expect(try RPC.decodeOutgoing(Array(partial.utf8)) == .otherEvent("fired"))
    }

    /// Fields this version does not know are passed over.
    @Test func fieldsThisVersionDoesNotKnowArePassedOver() throws {
        guard case .object(var timer) = Self.pasta.json else { Issue.record("a timer is an object"); return }
        timer["colour"] = "red"
        timer["alarm"] = ["days": ["mon"], "snoozes": 3]
        let line = JSONWriter.string(.object(["jsonrpc": "2.0", "method": "event", "params": ["event": "fired", "timer": .object(timer)]]))
        #expect(try RPC.decodeOutgoing(Array(line.utf8)) == .event(.fired, Self.pasta))
    }

    @Test func event() {
        #expect(JSONWriter.string(RPC.event(.fired, Self.pasta))
            == #"{"jsonrpc":"2.0","method":"event","params":{"event":"fired","timer":"# + Self.pastaJSON + "}}")
    }

    @Test func request() {
        #expect(JSONWriter.string(RPC.request(id: 3, .start(name: "パスタ", spec: .countdown(.milliseconds(1500)), message: "stir")))
            == #"{"jsonrpc":"2.0","id":3,"method":"start","params":{"name":"パスタ","seconds":1.5,"message":"stir"}}"#)
        #expect(JSONWriter.string(RPC.request(id: 4, .start(name: "report", spec: .deadline(instant("2026-12-24T18:00:00+01:00")), message: nil)))
            == #"{"jsonrpc":"2.0","id":4,"method":"start","params":{"name":"report","at":"2026-12-24T17:00:00.000Z"}}"#)
        #expect(JSONWriter.string(RPC.request(id: 5, .extend(name: "pasta", by: .seconds(-60))))
            == #"{"jsonrpc":"2.0","id":5,"method":"extend","params":{"name":"pasta","seconds":-60}}"#)
    }

    @Test(arguments: [Request.list, .subscribe, .ping])
    func requestWithoutParamsLeavesThemOut(request: Request) {
        #expect(JSONWriter.string(RPC.request(id: 1, request)) == #"{"jsonrpc":"2.0","id":1,"method":""# + request.method + #""}"#)
    }

    @Test func requestsTheClientWritesAreWhatTheDaemonReads() throws {
        for (n, request) in RequestTests.everyRequest.map(\.0).enumerated() {
            let call = try Self.call(JSONWriter.string(RPC.request(id: Int64(n), request)))
            #expect(call == RPCCall(id: .integer(Int64(n)), request: .success(request)))
        }
    }

    @Test func lineEndsInOneNewline() {
        let bytes = RPC.line(RPC.result(id: 1, "a\nb"))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"jsonrpc":"2.0","id":1,"result":"a\nb"}"# + "\n")
        #expect(bytes.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    }

    // MARK: What the client reads

    @Test func replyWithResult() throws {
        let timer = try JSONParser.parse(Self.pastaJSON)
        #expect(Self.outgoing(#"{"jsonrpc":"2.0","id":1,"result":{"timer":"# + Self.pastaJSON + "}}")
            == .success(.reply(id: 1, result: .success(["timer": timer]))))
        #expect(Self.outgoing(#"{"jsonrpc":"2.0","id":"a","result":null}"#) == .success(.reply(id: "a", result: .success(nil))))
    }

    @Test func replyWithError() {
        #expect(Self.outgoing(#"{"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"No timer."}}"#)
            == .success(.reply(id: 2, result: .failure(RPCError(code: -32001, message: "No timer.")))))
        #expect(Self.outgoing(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Not JSON.","data":{"at":3}}}"#)
            == .success(.reply(id: nil, result: .failure(RPCError(code: -32700, message: "Not JSON.", data: ["at": 3])))))
    }

    @Test func whatTheDaemonWritesReadsBack() throws {
        let error = RPCError(code: RPCError.wrongStateCode, message: "pasta is paused.", data: ["state": "paused"])
        for (line, expected) in [
            (RPC.line(RPC.result(id: 4, ["n": 1])), Outgoing.reply(id: 4, result: .success(["n": 1]))),
            (RPC.line(RPC.error(id: 5, error)), .reply(id: 5, result: .failure(error))),
            (RPC.line(RPC.event(.paused, Self.pasta)), .event(.paused, Self.pasta)),
        ] {
            #expect(try RPC.decodeOutgoing(Array(line.dropLast())) == expected)
        }
    }

    @Test(arguments: TimerEvent.allCases)
    func everyEventReadsBack(event: TimerEvent) throws {
        let line = JSONWriter.string(RPC.event(event, Self.pasta))
        #expect(try RPC.decodeOutgoing(Array(line.utf8)) == .event(event, Self.pasta))
    }

    @Test(arguments: [
        "", "{", "5", "[]", #"[{"jsonrpc":"2.0","id":1,"result":1}]"#, "{}", #"{"jsonrpc":"2.0","id":1}"#,
        #"{"jsonrpc":"2.0","result":1}"#,
        #"{"jsonrpc":"2.0","id":1,"error":{"message":"x"}}"#,
        #"{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"x"}}"#,
        #"{"jsonrpc":"2.0","id":1,"error":{"code":-1}}"#,
        #"{"jsonrpc":"2.0","id":1,"error":"bad"}"#,
        #"{"jsonrpc":"2.0","method":"event"}"#,
        #"{"jsonrpc":"2.0","method":"event","params":{"event":"fired"}}"#,
    ])
    func garbageFromTheDaemonIsRejected(line: String) throws {
        let error = try #require(Self.outgoing(line).failure)
        #expect([RPCError.parseErrorCode, RPCError.internalErrorCode].contains(error.code))
        #expect(!error.message.isEmpty)
    }

    @Test func notJSONFromTheDaemonIsAParseError() throws {
        let error = try #require(Self.outgoing("timerd 1.0").failure)
        #expect(error.code == RPCError.parseErrorCode)
        #expect(error.message.hasPrefix("The daemon sent a line that is not JSON"))
    }
}

extension Result {
    var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
