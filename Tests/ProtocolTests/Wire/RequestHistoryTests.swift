import Testing
import Protocol

/// `history` and its limit.
@Suite struct RequestHistoryTests: ReadsRequests {
    static let historyLimits: [(JSONValue, Int?)] = [
        ([:], nil),
        (["limit": nil], nil),
        (["limit": 1], 1),
        (["limit": 20], 20),
        (["limit": 20.0], 20),
        (["limit": 1000], 1000),
    ]

    @Test(arguments: historyLimits)
    func historyLimitIsOptional(params: JSONValue, limit: Int?) throws {
        #expect(try Request(method: "history", params: params) == .history(limit: limit))
    }

    @Test(arguments: [JSONValue.integer(0), -1, 1001, .integer(Int64.max), 2.5, 1e300, "20", true, [20]])
    func historyLimitOutOfRangeOrNotAWholeNumberIsRefusedNamingIt(limit: JSONValue) throws {
        let error = try #require(Self.refusal("history", ["limit": limit]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "\"limit\" must be a whole number from 1 to 1000, such as 20.")
    }

    @Test func historyRefusesOtherParams() throws {
        let error = try #require(Self.refusal("history", ["count": 20]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "history has no parameter \"count\"; it takes limit.")
    }
}
