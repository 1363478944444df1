import Testing
import Protocol

/// Every method, both ways: each request's documented params, read back to the same request.
@Suite struct RequestTests: ReadsRequests {
    static let everyRequest: [(Request, JSONValue)] = [
        (.start(name: "pasta", spec: .countdown(.seconds(480)), message: nil), ["name": "pasta", "seconds": 480]),
        (.start(name: "tea break", spec: .countdown(.milliseconds(210_500)), message: "green tea"),
         ["name": "tea break", "seconds": 210.5, "message": "green tea"]),
        (.start(name: "report", spec: .deadline(instant("2026-12-04T16:00:00Z")), message: nil),
         ["name": "report", "at": "2026-12-04T16:00:00.000Z"]),
        (.list, [:]),
        (.get(name: "pasta"), ["name": "pasta"]),
        (.pause(name: "pasta"), ["name": "pasta"]),
        (.resume(name: "pasta"), ["name": "pasta"]),
        (.reset(name: "pasta"), ["name": "pasta"]),
        (.cancel(name: "pasta"), ["name": "pasta"]),
        (.cancelAll, ["all": true]),
        (.extend(name: "pasta", by: .seconds(120)), ["name": "pasta", "seconds": 120]),
        (.extend(name: "pasta", by: .seconds(-60)), ["name": "pasta", "seconds": -60]),
        (.subscribe, [:]),
        (.ping, [:]),
        (.history(limit: nil), [:]),
        (.snooze(name: "pasta", by: nil), ["name": "pasta"]),
        (.snooze(name: "pasta", by: .seconds(60)), ["name": "pasta", "seconds": 60]),
        (.dismiss(name: "pasta"), ["name": "pasta"]),
        (.dismissAll, ["all": true]),
        (.toggle(name: "@next"), ["name": "@next"]),
        (.skip(name: "standup"), ["name": "standup"]),
        (.stopwatch(name: "bread"), ["name": "bread"]),
        (.stopwatch(name: "bread", notifyEvery: .seconds(1500)), ["name": "bread", "notifyEvery": 1500]),
        (.lap(name: "bread"), ["name": "bread"]),
        (.start(name: "eggs", spec: .countdown(.seconds(390)), message: nil, notify: NotifyOptions(volume: 40)),
         ["name": "eggs", "seconds": 390, "volume": 40]),
        (.start(name: "report", spec: .deadline(instant("2026-12-04T16:00:00Z")), message: nil,
                notify: NotifyOptions(reminders: [.seconds(3600), .seconds(600)], sound: .silent)),
         ["name": "report", "at": "2026-12-04T16:00:00.000Z", "remind": [3600, 600], "silent": true]),
        (.start(name: "tea", spec: .countdown(.seconds(180)), message: nil,
                notify: NotifyOptions(reminders: [], sound: .file("/usr/share/sounds/a.oga"))),
         ["name": "tea", "seconds": 180, "remind": [], "sound": "/usr/share/sounds/a.oga"]),
        (.history(limit: 20), ["limit": 20]),
        (.todoAdd(name: "report", texts: ["write intro", "proofread"]), ["name": "report", "items": ["write intro", "proofread"]]),
        (.todoSet(name: "report", id: 2, change: TodoChange(done: true)), ["name": "report", "id": 2, "done": true]),
        (.todoSet(name: "report", id: 2, change: TodoChange(text: "proofread twice")),
         ["name": "report", "id": 2, "text": "proofread twice"]),
        (.todoSet(name: "report", id: 3, change: TodoChange(done: false, text: "send")),
         ["name": "report", "id": 3, "done": false, "text": "send"]),
        (.todoRemove(name: "report", ids: [2, 5], doneOnly: false), ["name": "report", "ids": [2, 5]]),
        (.todoRemove(name: "report", ids: [], doneOnly: true), ["name": "report", "done": true]),
    ]

    @Test(arguments: everyRequest)
    func encodesToItsDocumentedParams(request: Request, params: JSONValue) {
        #expect(JSONValue.object(request.params) == params)
        #expect(Methods.names.contains(request.method))
    }

    @Test(arguments: everyRequest)
    func decodesFromItsParamsAndRoundTrips(request: Request, params: JSONValue) throws {
        #expect(try Request(method: request.method, params: params) == request)
        #expect(try Request(method: request.method, params: .object(request.params)) == request)
    }

    @Test func everyMethodIsCovered() {
        #expect(Set(Self.everyRequest.map(\.0.method)) == Set(Methods.names))
    }

    @Test(arguments: ["list", "subscribe", "ping", "history"])
    func absentOrNullParamsCountAsEmpty(method: String) throws {
        let expected = try Request(method: method, params: [:])
        #expect(try Request(method: method, params: nil) == expected)
        #expect(try Request(method: method, params: .null) == expected)
    }
}
