import Testing
import Protocol

/// `start`: seconds or at, message, name, reminders and sound (and `extend` without seconds).
@Suite struct RequestStartTests: ReadsRequests {
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
}
