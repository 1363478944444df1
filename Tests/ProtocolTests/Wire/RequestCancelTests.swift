import Testing
import Protocol

/// `cancel`: one name or "all": true.
@Suite struct RequestCancelTests: ReadsRequests {
    @Test func cancelWithAllTrueCancelsEveryTimer() throws {
        #expect(try Request(method: "cancel", params: ["all": true]) == .cancelAll)
        #expect(try Request(method: "cancel", params: ["all": true, "name": nil]) == .cancelAll, "null counts as absent")
        #expect(try Request(method: "cancel", params: ["name": "pasta", "all": nil]) == .cancel(name: "pasta"))
        #expect(Request.cancelAll.method == "cancel")
    }

    @Test func cancelWithBothANameAndAllIsRefusedNamingBoth() throws {
        let error = try #require(Self.refusal("cancel", ["name": "pasta", "all": true]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "cancel takes either \"name\" (one timer) or \"all\": true (every timer), not both.")
    }

    @Test(arguments: [
        JSONValue.bool(false), "true", 1, 0, [true], [:],
    ])
    func cancelAllOtherThanTrueIsRefused(all: JSONValue) throws {
        for params: JSONValue in [["all": all], ["all": all, "name": "pasta"]] {
            let error = try #require(Self.refusal("cancel", params), "\(params)")
            #expect(error.code == RPCError.invalidParamsCode)
            #expect(error.message == "\"all\" may only be true (cancel every timer); to cancel one timer, give its \"name\" alone.")
        }
    }

    @Test(arguments: [JSONValue.object([:]), ["name": nil], ["all": nil], nil])
    func cancelWithNeitherSaysBoth(params: JSONValue?) throws {
        let error = try #require(Self.refusal("cancel", params))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "cancel needs \"name\", the timer's name (a string such as \"pasta\"), or \"all\": true to cancel every timer.")
    }

    @Test func cancelRefusesOtherParamsListingBoth() throws {
        let error = try #require(Self.refusal("cancel", ["al": true]))
        #expect(error.message == "cancel has no parameter \"al\"; it takes name, all.")
        #expect(Self.refusal("pause", ["all": true])?.message == "pause has no parameter \"all\"; it takes name.")
    }
}
