import Testing
import Protocol

/// `dismiss`: one name or "all": true; `start`'s `volume`.
@Suite struct RequestDismissTests: ReadsRequests {
    @Test func dismissWithAllTrueAnswersEveryRingingTimer() throws {
        #expect(try Request(method: "dismiss", params: ["all": true]) == .dismissAll)
        #expect(try Request(method: "dismiss", params: ["name": "pasta", "all": nil]) == .dismiss(name: "pasta"))
    }

    @Test func dismissWithBothANameAndAllIsRefusedNamingBoth() throws {
        let error = try #require(Self.refusal("dismiss", ["name": "pasta", "all": true]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "dismiss takes either \"name\" (one timer) or \"all\": true (every ringing timer), not both.")
    }

    @Test(arguments: [JSONValue.bool(false), "true", 1])
    func dismissAllOtherThanTrueIsRefused(all: JSONValue) throws {
        let error = try #require(Self.refusal("dismiss", ["all": all]))
        #expect(error.message == "\"all\" may only be true (dismiss every ringing timer); to dismiss one timer, give its \"name\" alone.")
    }

    @Test(arguments: [JSONValue.object([:]), nil])
    func dismissWithNeitherSaysBoth(params: JSONValue?) throws {
        let error = try #require(Self.refusal("dismiss", params))
        #expect(error.message == "dismiss needs \"name\", the timer's name (a string such as \"pasta\"), or \"all\": true to dismiss every ringing timer.")
    }

    @Test(arguments: [JSONValue.integer(0), 100, 40, 70.0])
    func aVolumeFrom0To100IsTaken(volume: JSONValue) throws {
        let request = try Request(method: "start", params: ["name": "eggs", "seconds": 390, "volume": volume])
        #expect(request == .start(
            name: "eggs", spec: .countdown(.seconds(390)), message: nil, notify: NotifyOptions(volume: Int(volume.int64Value!))))
    }

    @Test(arguments: [JSONValue.integer(101), -1, 40.5, "40%", true])
    func anotherVolumeIsRefusedSayingWhatIsTaken(volume: JSONValue) throws {
        let error = try #require(Self.refusal("start", ["name": "eggs", "seconds": 390, "volume": volume]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "\"volume\" must be a whole number of percent from 0 to 100, such as 70.")
    }
}
