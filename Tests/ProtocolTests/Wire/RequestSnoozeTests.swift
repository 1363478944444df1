import Testing
import Protocol

/// `snooze`, and seconds beyond any timer.
@Suite struct RequestSnoozeTests: ReadsRequests {
    static let snoozes: [(JSONValue, Duration?)] = [
        (["name": "pasta"], nil),
        (["name": "pasta", "seconds": nil], nil),
        (["name": "pasta", "seconds": 300], .seconds(300)),
        (["name": "pasta", "seconds": 90.5], .milliseconds(90_500)),
        (["name": "pasta", "seconds": 600.0], .seconds(600)),
    ]

    @Test(arguments: snoozes)
    func snoozeSecondsAreOptional(params: JSONValue, by: Duration?) throws {
        let request = try Request(method: "snooze", params: params)
        #expect(request == .snooze(name: "pasta", by: by))
        #expect(try Request(method: "snooze", params: .object(request.params)) == request)
    }

    @Test func snoozeWithoutANameSaysWhatANameIs() throws {
        for params: JSONValue? in [nil, [:], ["seconds": 300]] {
            let error = try #require(Self.refusal("snooze", params))
            #expect(error.code == RPCError.invalidParamsCode)
            #expect(error.message == "snooze needs \"name\": the timer's name, a string such as \"pasta\".")
        }
    }

    @Test func snoozeSecondsAsAStringAreRefused() throws {
        let error = try #require(Self.refusal("snooze", ["name": "pasta", "seconds": "5m"]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "\"seconds\" must be a number of seconds, such as 480 or 1.5.")
    }

    @Test(arguments: [1e308, -1e308, 1e10, 9.3e9, Double(Int64.max)])
    func secondsBeyondAnyTimerAreCalledTooMany(seconds: Double) throws {
        for method in ["start", "extend", "snooze"] {
            let error = try #require(Self.refusal(method, ["name": "pasta", "seconds": .number(seconds)]))
            #expect(error.code == RPCError.invalidParamsCode)
            #expect(error.message.hasPrefix("\"seconds\" is \(JSONWriter.string(.number(seconds))) seconds, far more than any timer can run"))
            #expect(error.message.hasSuffix("a countdown lasts at most 365 days (31536000 seconds)."))
        }
    }

    @Test func theLargestIntegerIsTooManySecondsToo() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "seconds": .integer(.max)]))
        #expect(error.message.hasPrefix("\"seconds\" is 9223372036854775807 seconds, far more"))
    }

    static let otherSnoozeParams: [(String, JSONValue)] = [("minutes", 5), ("by", 300), ("message", "again"), ("remind", [60])]

    @Test(arguments: otherSnoozeParams)
    func snoozeRefusesOtherParams(key: String, value: JSONValue) throws {
        var params: JSONObject = ["name": "pasta", "seconds": 300]
        params[key] = value
        let error = try #require(Self.refusal("snooze", .object(params)))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "snooze has no parameter \(TimerText.quoted(key)); it takes name, seconds.")
    }
}
