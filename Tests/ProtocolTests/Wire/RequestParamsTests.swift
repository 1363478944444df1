import Testing
import Protocol

/// Params of the wrong type, params that are not an object, and params a method does not take.
@Suite struct RequestParamsTests: ReadsRequests {
    /// A method, params with one value of the wrong type, and the key the message must name.
    static let wrongTypes: [(String, JSONValue, String)] = [
        ("start", ["name": 5, "seconds": 480], "name"),
        ("start", ["name": ["pasta"], "seconds": 480], "name"),
        ("start", ["name": "pasta", "seconds": "8m"], "seconds"),
        ("start", ["name": "pasta", "seconds": true], "seconds"),
        ("start", ["name": "pasta", "at": 17], "at"),
        ("start", ["name": "pasta", "at": "fri 17:00"], "at"),
        ("start", ["name": "pasta", "at": "2026-12-24T17:00:00"], "at"),
        ("start", ["name": "pasta", "seconds": 480, "message": 5], "message"),
        ("get", ["name": 5], "name"),
        ("pause", ["name": false], "name"),
        ("resume", ["name": [:]], "name"),
        ("reset", ["name": 1.5], "name"),
        ("cancel", ["name": 5], "name"),
        ("extend", ["name": 5, "seconds": 60], "name"),
        ("extend", ["name": "pasta", "seconds": "+2m"], "seconds"),
        ("extend", ["name": "pasta", "seconds": ["2m"]], "seconds"),
        ("snooze", ["name": 5], "name"),
        ("snooze", ["name": "pasta", "seconds": "5m"], "seconds"),
        ("snooze", ["name": "pasta", "seconds": "300"], "seconds"),
        ("snooze", ["name": "pasta", "seconds": true], "seconds"),
        ("snooze", ["name": "pasta", "seconds": [300]], "seconds"),
        ("start", ["name": "pasta", "seconds": 480, "remind": 600], "remind"),
        ("start", ["name": "pasta", "seconds": 480, "remind": "10m"], "remind"),
        ("start", ["name": "pasta", "seconds": 480, "remind": ["10m"]], "remind"),
        ("start", ["name": "pasta", "seconds": 480, "remind": [600, 0]], "remind"),
        ("start", ["name": "pasta", "seconds": 480, "remind": [-600]], "remind"),
        ("start", ["name": "pasta", "seconds": 480, "remind": [1e300]], "remind"),
        ("start", ["name": "pasta", "seconds": 480, "sound": 5], "sound"),
        ("start", ["name": "pasta", "seconds": 480, "sound": "bell.oga"], "sound"),
        ("start", ["name": "pasta", "seconds": 480, "sound": "~/bell.oga"], "sound"),
    ]

    @Test(arguments: wrongTypes)
    func wrongTypeIsRefusedNamingTheKeyWithAnExample(method: String, params: JSONValue, key: String) throws {
        let error = try #require(Self.refusal(method, params))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"\(key)\""), "\(error.message)")
        #expect(error.message.contains("such as"), "\(error.message)")
    }

    @Test func secondsBeyondWhatADurationHoldsAreRefused() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "seconds": 1e300]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"seconds\""))
    }

    @Test(arguments: ["start", "get", "extend", "snooze", "list", "ping"], [JSONValue.array(["pasta", 480]), "pasta", 5, true])
    func paramsThatAreNotAnObjectAreRefusedWithAnExample(method: String, params: JSONValue) throws {
        let error = try #require(Self.refusal(method, params))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "params of \(method) must be an object, such as {\"name\": \"pasta\"}.")
    }

    // MARK: Unknown params

    @Test func unknownParamIsNamedWithTheAcceptedOnes() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "secs": 480]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "start has no parameter \"secs\"; it takes name, seconds, at, message, remind, sound, silent, volume, rounds, then, exec, every.")
    }

    @Test func misspeltNameIsNamedRatherThanReportedMissing() throws {
        let error = try #require(Self.refusal("pause", ["nmae": "pasta"]))
        #expect(error.message == "pause has no parameter \"nmae\"; it takes name.")
    }

    @Test func unknownParamIsRefusedEvenWhenTheRestIsValid() throws {
        let error = try #require(Self.refusal("extend", ["name": "pasta", "seconds": 60, "by": 60]))
        #expect(error.message == "extend has no parameter \"by\"; it takes name, seconds.")
    }

    @Test(arguments: ["list", "subscribe", "ping"])
    func methodsWithoutParamsRefuseAnyParam(method: String) throws {
        let error = try #require(Self.refusal(method, ["name": "pasta"]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "\(method) has no parameter \"name\"; it takes no params.")
    }

    @Test func unknownParamWithAControlCharacterIsShownEscaped() throws {
        let error = try #require(Self.refusal("get", ["name": "pasta", "x\ny": 1]))
        #expect(error.message.contains(#""x\ny""#))
    }
}
