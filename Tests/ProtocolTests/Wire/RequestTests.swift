import Testing
import Protocol

@Suite struct RequestTests {
    /// The request read from `method` and `params`, or the error it was refused with.
    static func read(_ method: String, _ params: JSONValue?) -> Result<Request, RPCError> {
        Result { () throws(RPCError) in try Request(method: method, params: params) }
    }

    /// The error `method` with `params` is refused with, or nil if it is accepted.
    static func refusal(_ method: String, _ params: JSONValue?) -> RPCError? {
        read(method, params).failure
    }

    // MARK: Every method, both ways

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

    // MARK: start

    @Test(arguments: [
        (JSONValue.integer(480), Duration.seconds(480)),
        (.number(1.5), .milliseconds(1500)),
        (.number(480.0), .seconds(480)),
        (.number(0.001), .milliseconds(1)),
    ])
    func startWithSeconds(seconds: JSONValue, expected: Duration) throws {
        let request = try Request(method: "start", params: ["name": "pasta", "seconds": seconds])
        #expect(request == .start(name: "pasta", spec: .countdown(expected), message: nil))
    }

    @Test(arguments: [
        ("2026-12-24T18:00:00+01:00", "2026-12-24T17:00:00Z"),
        ("2026-12-24T17:00:00Z", "2026-12-24T17:00:00Z"),
        ("2026-12-24T12:30:00-04:30", "2026-12-24T17:00:00Z"),
        ("2026-12-24T17:00:00.250Z", "2026-12-24T17:00:00.250Z"),
    ])
    func startWithAt(at: String, utc: String) throws {
        let request = try Request(method: "start", params: ["name": "report", "at": .string(at)])
        #expect(request == .start(name: "report", spec: .deadline(instant(utc)), message: nil))
    }

    @Test func startWithBothSecondsAndAtIsRefusedNamingBoth() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "seconds": 480, "at": "2026-12-24T17:00:00Z"]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"seconds\""))
        #expect(error.message.contains("\"at\""))
    }

    @Test func startWithNeitherIsRefusedNamingBothWithExamples() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta"]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"seconds\""))
        #expect(error.message.contains("\"at\""))
        #expect(error.message.contains("480"))
    }

    static let messages: [(JSONValue, String?)] = [
        (["name": "pasta", "seconds": 480], nil),
        (["name": "pasta", "seconds": 480, "message": nil], nil),
        (["name": "pasta", "seconds": 480, "message": "drain it"], "drain it"),
        (["name": "pasta", "seconds": 480, "message": "line one\nline two"], "line one\nline two"),
    ]

    @Test(arguments: messages)
    func startMessageIsOptional(params: JSONValue, message: String?) throws {
        let request = try Request(method: "start", params: params)
        #expect(request == .start(name: "pasta", spec: .countdown(.seconds(480)), message: message))
    }

    @Test func startWithoutNameSaysWhatANameIs() throws {
        let error = try #require(Self.refusal("start", ["seconds": 480]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"name\""))
        #expect(error.message.contains("\"pasta\""))
    }

    @Test func extendWithoutSecondsGivesAnExample() throws {
        let error = try #require(Self.refusal("extend", ["name": "pasta"]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"seconds\""))
        #expect(error.message.contains("e.g. 120"))
    }

    // MARK: start: reminders and sound

    /// `remind`, `sound` and `silent` as sent, and the options read from them.
    static let notifyParams: [(JSONObject, NotifyOptions)] = [
        ([:], NotifyOptions()),
        (["remind": nil, "sound": nil, "silent": nil], NotifyOptions()),
        (["remind": []], NotifyOptions(reminders: [])),
        (["remind": [600]], NotifyOptions(reminders: [.seconds(600)])),
        (["remind": [600, 3600, 600]], NotifyOptions(reminders: [.seconds(600), .seconds(3600), .seconds(600)])),
        (["remind": [0.5, 90.25]], NotifyOptions(reminders: [.milliseconds(500), .milliseconds(90_250)])),
        (["remind": .array(Array(repeating: 60, count: 10))],
         NotifyOptions(reminders: Array(repeating: .seconds(60), count: 10))),
        (["sound": "/usr/share/sounds/a.oga"], NotifyOptions(sound: .file("/usr/share/sounds/a.oga"))),
        (["sound": "/usr/share/sounds/a.oga", "silent": false], NotifyOptions(sound: .file("/usr/share/sounds/a.oga"))),
        (["silent": true], NotifyOptions(sound: .silent)),
        (["silent": false], NotifyOptions()),
        (["sound": nil, "silent": true], NotifyOptions(sound: .silent)),
    ]

    @Test(arguments: notifyParams)
    func startReadsRemindersAndSound(extra: JSONObject, notify: NotifyOptions) throws {
        var params: JSONObject = ["name": "pasta", "seconds": 480]
        for (key, value) in extra { params[key] = value }
        let request = try Request(method: "start", params: .object(params))
        #expect(request == .start(name: "pasta", spec: .countdown(.seconds(480)), message: nil, notify: notify))
        #expect(try Request(method: "start", params: .object(request.params)) == request)
    }

    @Test func moreThanTenRemindersAreRefusedSayingHowMany() throws {
        let error = try #require(Self.refusal(
            "start", ["name": "pasta", "seconds": 480, "remind": .array(Array(repeating: 60, count: 11))]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "\"remind\" must be an array of at most 10 numbers of seconds before the end, such as [3600, 600].")
    }

    @Test func aSoundPathWithAControlCharacterOrLongerThanAPathIsRefused() throws {
        let newline = try #require(Self.refusal("start", ["name": "pasta", "seconds": 480, "sound": "/tmp/a\n.oga"]))
        #expect(newline.code == RPCError.invalidParamsCode)
        #expect(newline.message == "\"sound\" contains a control character (such as a newline); give the path of a sound file.")
        let long = "/" + String(repeating: "a", count: Limits.maxSoundPathBytes)
        let tooLong = try #require(Self.refusal("start", ["name": "pasta", "seconds": 480, "sound": .string(long)]))
        #expect(tooLong.message == "\"sound\" is too long for a path; give one of at most 4096 bytes.")
        let longest = "/" + String(repeating: "a", count: Limits.maxSoundPathBytes - 1)
        #expect(Self.refusal("start", ["name": "pasta", "seconds": 480, "sound": .string(longest)]) == nil)
    }

    @Test func soundAndSilentTogetherAreRefused() throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "seconds": 480, "sound": "/a.oga", "silent": true]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == "Give either \"sound\" or \"silent\", not both.")
    }

    @Test(arguments: [JSONValue.string("yes"), 1, [true]])
    func silentMustBeABoolean(silent: JSONValue) throws {
        let error = try #require(Self.refusal("start", ["name": "pasta", "seconds": 480, "silent": silent]))
        #expect(error.message == "\"silent\" must be true or false.")
    }

    // MARK: snooze

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

    // MARK: cancel

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

    // MARK: history

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

    // MARK: Wrong types

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
        #expect(error.message == "start has no parameter \"secs\"; it takes name, seconds, at, message, remind, sound, silent, rounds, then.")
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

    // MARK: Names

    @Test(arguments: [
        ("", "needs a name"),
        (String(repeating: "a", count: 65), "too long"),
        (String(repeating: "パ", count: 65), "too long"),
        ("pas\nta", "control character"),
        ("pas\tta", "control character"),
        ("pasta\u{7F}", "control character"),
        ("pasta\u{85}", "control character"),
        (" pasta", "starts or ends with a space"),
        ("pasta ", "starts or ends with a space"),
        ("\u{3000}pasta", "starts or ends with a space"),
    ])
    func namesBreakingTheRulesAreRefused(name: String, problem: String) throws {
        for method in ["start", "get", "cancel"] {
            var params: JSONObject = ["name": .string(name)]
            if method == "start" { params["seconds"] = 480 }
            let error = try #require(Self.refusal(method, .object(params)))
            #expect(error.code == RPCError.invalidParamsCode)
            #expect(error.message.contains(problem), "\(error.message)")
        }
    }

    @Test(arguments: ["パスタ", "煮海鲜", "라면", "🍝", "tea break", "e\u{301}clair", String(repeating: "🍝", count: 64)])
    func namesInAnyScriptAreAccepted(name: String) throws {
        let request = try Request(method: "start", params: ["name": .string(name), "seconds": 480])
        #expect(request == .start(name: name, spec: .countdown(.seconds(480)), message: nil))
        #expect(try Request(method: "get", params: ["name": .string(name)]) == .get(name: name))
    }

    /// A new timer's name follows every rule; looking one up only needs a name a timer may
    /// have, so that one saved before a rule was added stays reachable.
    @Test(arguments: ["tea\u{200B}", "\u{FEFF}tea", "tea\u{2060}", "tea\u{AD}", "\u{200D}", "\u{200F}", "\u{301}tea"])
    func lookAlikeNamesAreRefusedForNewTimersOnly(name: String) throws {
        let error = try #require(Self.refusal("start", ["name": .string(name), "seconds": 480]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == TimerText.problem(withName: name))
        let then = try #require(Self.refusal(
            "start", ["name": "focus", "seconds": 1_500, "then": ["name": .string(name), "seconds": 300]]))
        #expect(then.message == "\"then\": " + TimerText.problem(withName: name)!)
        #expect(try Request(method: "get", params: ["name": .string(name)]) == .get(name: name))
        #expect(try Request(method: "cancel", params: ["name": .string(name)]) == .cancel(name: name))
    }

    @Test func namesAreReadInNFC() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        guard let start = try Request(
            method: "start", params: ["name": .string(decomposed), "seconds": 480, "then": ["name": .string(decomposed + "!"), "seconds": 60]]).body
            as? Methods.Start
        else {
            Issue.record("not a start")
            return
        }
        let (name, repeats) = (start.name, start.repeats)
        #expect(Array(name.utf8) == Array(composed.utf8))
        #expect(Array(try #require(repeats?.then?.name).utf8) == Array((composed + "!").utf8))
        guard case .one(let cancelled)? = (try Request(method: "cancel", params: ["name": .string(decomposed)]).body as? Methods.Cancel)?.target else {
            Issue.record("not a cancel")
            return
        }
        #expect(Array(cancelled.utf8) == Array(composed.utf8))
    }

    @Test func sixtyFourCharactersIsTheLongestName() throws {
        let name = String(repeating: "a", count: 64)
        #expect(try Request(method: "get", params: ["name": .string(name)]) == .get(name: name))
    }

    // MARK: Methods

    @Test(arguments: ["stop", "", "list_timers", "ping "])
    func unknownMethodListsTheMethods(method: String) throws {
        let error = try #require(Self.refusal(method, nil))
        #expect(error.code == RPCError.methodNotFoundCode)
        #expect(error.message == """
            Unknown method "\(method)"; the methods are start, list, get, pause, resume, reset, cancel, extend, \
            snooze, subscribe, ping, history, todo.add, todo.set, todo.remove.
            """)
    }

    @Test(arguments: [("START", "start"), ("Start", "start"), ("PING", "ping"), ("sUbScRiBe", "subscribe")])
    func wrongCaseGetsADidYouMean(method: String, meant: String) throws {
        let error = try #require(Self.refusal(method, nil))
        #expect(error.code == RPCError.methodNotFoundCode)
        #expect(error.message == "Unknown method \"\(method)\"; did you mean \"\(meant)\"? Method names are lower case.")
    }

    @Test func unknownMethodWithAControlCharacterIsShownEscaped() throws {
        let error = try #require(Self.refusal("pi\u{1}ng", nil))
        #expect(error.message.hasPrefix(#"Unknown method "pi\u{1}ng";"#))
    }

    // MARK: Wire times

    @Test(arguments: [
        (Duration.seconds(480), JSONValue.integer(480)),
        (.zero, .integer(0)),
        (.milliseconds(1500), .number(1.5)),
        (.seconds(-60), .integer(-60)),
        (.milliseconds(-1500), .number(-1.5)),
        (.nanoseconds(1_234_567_890), .number(1.235)),
        (.nanoseconds(999_999_999), .integer(1)),
        (.nanoseconds(400_000), .integer(0)),
        (.nanoseconds(500_000), .number(0.001)),
    ])
    func secondsGoOnTheWireToTheMillisecond(duration: Duration, wire: JSONValue) {
        #expect(WireTime.seconds(duration) == wire)
    }

    @Test func instantsGoOnTheWireAsUTCWithMilliseconds() {
        #expect(WireTime.instant(instant("2026-12-24T18:00:00.123456+01:00")) == "2026-12-24T17:00:00.123Z")
        #expect(WireTime.instant(nil) == .null)
    }
}
