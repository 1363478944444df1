import Testing
import Protocol

@Suite struct TimerInfoTests {
    static let created = instant("2026-11-30T11:56:00Z")

    static let running = TimerInfo(
        name: "pasta", kind: .countdown, state: .running, duration: .seconds(480),
        remaining: .milliseconds(239_500), endsAt: instant("2026-11-30T12:03:59.500Z"), createdAt: created)
    static let paused = TimerInfo(
        name: "パスタ", kind: .countdown, state: .paused, duration: .seconds(600), remaining: .seconds(150),
        endsAt: nil, createdAt: created, message: "stir")
    static let done = TimerInfo(
        name: "tea", kind: .countdown, state: .done, duration: .milliseconds(180_250), remaining: .zero,
        endsAt: instant("2026-11-30T11:59:00.250Z"), createdAt: created,
        firedAt: instant("2026-11-30T11:59:00.251Z"), message: "green tea\nnot too long")
    static let deadline = TimerInfo(
        name: "report", kind: .deadline, state: .running, duration: .seconds(4 * 86_400),
        remaining: .seconds(3 * 86_400 + 5 * 3600), endsAt: instant("2026-12-04T17:00:00+01:00"), createdAt: created)

    /// A deadline with two reminders and a sound file of its own.
    static let reminded = TimerInfo(
        name: "report", kind: .deadline, state: .running, duration: .seconds(4 * 86_400),
        remaining: .seconds(3 * 86_400 + 5 * 3600), endsAt: instant("2026-12-04T16:00:00Z"), createdAt: created,
        reminders: [.seconds(3600), .seconds(600)], sound: .file("/usr/share/sounds/freedesktop/stereo/complete.oga"))
    /// A silent countdown with a reminder a minute and a half before its end.
    static let silent = TimerInfo(
        name: "tea", kind: .countdown, state: .paused, duration: .seconds(180), remaining: .seconds(120),
        endsAt: nil, createdAt: created, reminders: [.milliseconds(90_500)], sound: .silent)

    /// A deadline with a checklist, one item of three done.
    static let checklist = TimerInfo(
        name: "report", kind: .deadline, state: .running, duration: .seconds(4 * 86_400),
        remaining: .seconds(3 * 86_400 + 5 * 3600), endsAt: instant("2026-12-04T16:00:00Z"), createdAt: created,
        todos: [TodoItem(id: 1, text: "write intro", done: true), TodoItem(id: 2, text: "proofread"),
                TodoItem(id: 4, text: "send \"final\" copy")])

    /// A timer that fired and rings, at 40% volume.
    static let ringing = TimerInfo(
        name: "eggs", kind: .countdown, state: .done, duration: .seconds(390), remaining: .zero,
        endsAt: instant("2026-11-30T12:02:30Z"), createdAt: created, firedAt: instant("2026-11-30T12:02:30Z"),
        volume: 40, ringing: true)

    static let examples = [running, paused, done, deadline, reminded, silent, checklist, ringing]

    @Test func jsonHasExactlyTheDocumentedKeysInOrder() {
        for timer in Self.examples {
            #expect(timer.json.objectValue?.keys
                == ["name", "kind", "state", "duration", "remaining", "endsAt", "createdAt", "firedAt", "missed", "ringing", "message", "remind", "sound", "silent", "volume", "todos", "cycle", "exec", "every"])
        }
    }

    @Test func runningCountdown() {
        #expect(JSONWriter.string(Self.running.json) == """
            {"name":"pasta","kind":"countdown","state":"running","duration":480,"remaining":239.5,\
            "endsAt":"2026-11-30T12:03:59.500Z","createdAt":"2026-11-30T11:56:00.000Z","firedAt":null,"missed":false,"ringing":false,"message":null,"remind":[],"sound":null,"silent":false,"volume":null,"todos":[],"cycle":null,"exec":null,"every":null}
            """)
    }

    @Test func pausedCountdownHasNoEnd() {
        #expect(JSONWriter.string(Self.paused.json) == """
            {"name":"パスタ","kind":"countdown","state":"paused","duration":600,"remaining":150,\
            "endsAt":null,"createdAt":"2026-11-30T11:56:00.000Z","firedAt":null,"missed":false,"ringing":false,"message":"stir","remind":[],"sound":null,"silent":false,"volume":null,"todos":[],"cycle":null,"exec":null,"every":null}
            """)
    }

    @Test func doneCountdown() {
        #expect(JSONWriter.string(Self.done.json) == """
            {"name":"tea","kind":"countdown","state":"done","duration":180.25,"remaining":0,\
            "endsAt":"2026-11-30T11:59:00.250Z","createdAt":"2026-11-30T11:56:00.000Z",\
            "firedAt":"2026-11-30T11:59:00.251Z","missed":false,"ringing":false,"message":"green tea\\nnot too long","remind":[],"sound":null,"silent":false,"volume":null,"todos":[],"cycle":null,"exec":null,"every":null}
            """)
    }

    @Test func deadlineInstantsAreUTC() {
        #expect(JSONWriter.string(Self.deadline.json) == """
            {"name":"report","kind":"deadline","state":"running","duration":345600,"remaining":277200,\
            "endsAt":"2026-12-04T16:00:00.000Z","createdAt":"2026-11-30T11:56:00.000Z","firedAt":null,"missed":false,"ringing":false,"message":null,"remind":[],"sound":null,"silent":false,"volume":null,"todos":[],"cycle":null,"exec":null,"every":null}
            """)
    }

    @Test func remindersAndASoundFile() {
        #expect(JSONWriter.string(Self.reminded.json) == """
            {"name":"report","kind":"deadline","state":"running","duration":345600,"remaining":277200,\
            "endsAt":"2026-12-04T16:00:00.000Z","createdAt":"2026-11-30T11:56:00.000Z","firedAt":null,"missed":false,"ringing":false,"message":null,\
            "remind":[3600,600],"sound":"/usr/share/sounds/freedesktop/stereo/complete.oga","silent":false,"volume":null,"todos":[],"cycle":null,"exec":null,"every":null}
            """)
    }

    @Test func silentWithAFractionalReminder() {
        #expect(JSONWriter.string(Self.silent.json) == """
            {"name":"tea","kind":"countdown","state":"paused","duration":180,"remaining":120,\
            "endsAt":null,"createdAt":"2026-11-30T11:56:00.000Z","firedAt":null,"missed":false,"ringing":false,"message":null,\
            "remind":[90.5],"sound":null,"silent":true,"volume":null,"todos":[],"cycle":null,"exec":null,"every":null}
            """)
    }

    @Test func aRingingTimerAndItsVolume() {
        #expect(JSONWriter.string(Self.ringing.json) == """
            {"name":"eggs","kind":"countdown","state":"done","duration":390,"remaining":0,\
            "endsAt":"2026-11-30T12:02:30.000Z","createdAt":"2026-11-30T11:56:00.000Z","firedAt":"2026-11-30T12:02:30.000Z",\
            "missed":false,"ringing":true,"message":null,"remind":[],"sound":null,"silent":false,"volume":40,"todos":[],"cycle":null,"exec":null,"every":null}
            """)
    }

    @Test func checklistItemsAreObjectsInOrder() {
        #expect(JSONWriter.string(Self.checklist.json["todos"]!) == #"""
            [{"id":1,"text":"write intro","done":true},{"id":2,"text":"proofread","done":false},\#
            {"id":4,"text":"send \"final\" copy","done":false}]
            """#)
        #expect(Self.checklist.openTodos.map(\.id) == [2, 4])
        #expect(!Self.checklist.todosComplete)
        #expect(!Self.running.todosComplete, "an empty checklist is not complete")
    }

    @Test func aChecklistIsCompleteWhenEveryItemIsDone() {
        var timer = Self.checklist
        for i in timer.todos.indices { timer.todos[i].done = true }
        #expect(timer.todosComplete)
        #expect(timer.openTodos.isEmpty)
    }

    @Test func anOlderDaemonWithoutChecklistsReadsAsAnEmptyOne() throws {
        guard case .object(var o) = Self.running.json else { return }
        o["todos"] = nil
        #expect(try TimerInfo(json: .object(o)).todos == [])
        o["todos"] = .null
        #expect(try TimerInfo(json: .object(o)).todos == [])
    }

    /// What each combination of the three fields reads as; nil: the field is left out, as an
    /// older daemon does.
    static let notifyFields: [(JSONValue?, JSONValue?, JSONValue?, [Duration], NotifyOptions.Sound)] = [
        (nil, nil, nil, [], .standard),
        (.null, .null, .null, [], .standard),
        ([], .null, false, [], .standard),
        ([3600, 600], nil, nil, [.seconds(3600), .seconds(600)], .standard),
        ([0.25], "/a.oga", false, [.milliseconds(250)], .file("/a.oga")),
        (nil, "/a.oga", nil, [], .file("/a.oga")),
        (nil, nil, true, [], .silent),
        // Never sent together; silence wins, as it is what the daemon would do.
        (nil, "/a.oga", true, [], .silent),
    ]

    @Test(arguments: notifyFields)
    func notifyFieldsAreRead(remind: JSONValue?, sound: JSONValue?, silent: JSONValue?, reminders: [Duration],
                             expected: NotifyOptions.Sound) throws {
        guard case .object(var o) = Self.running.json else { return }
        o["remind"] = remind
        o["sound"] = sound
        o["silent"] = silent
        let timer = try TimerInfo(json: .object(o))
        #expect(timer.reminders == reminders)
        #expect(timer.sound == expected)
    }

    @Test(arguments: [
        (Duration.nanoseconds(1_234_567_890), JSONValue.number(1.235)),
        (.nanoseconds(1_999_600_000), .integer(2)),
        (.nanoseconds(100), .integer(0)),
    ])
    func secondsAreRoundedToTheMillisecond(remaining: Duration, wire: JSONValue) {
        var timer = Self.running
        timer.remaining = remaining
        #expect(timer.json["remaining"] == wire)
    }

    @Test func instantsAreCutToTheMillisecond() {
        var timer = Self.running
        timer.endsAt = Timestamp(nanoseconds: instant("2026-11-30T12:04:00Z").nanoseconds - 1)
        #expect(timer.json["endsAt"] == "2026-11-30T12:03:59.999Z")
    }

    @Test(arguments: examples)
    func roundTrips(timer: TimerInfo) throws {
        #expect(try TimerInfo(json: timer.json) == timer)
        #expect(try TimerInfo(json: JSONParser.parse(JSONWriter.string(timer.json))) == timer)
    }

    @Test func unknownFieldsAreIgnored() throws {
        guard case .object(var o) = Self.paused.json else { return }
        o["colour"] = "red"
        o["repeat"] = ["every": 60]
        #expect(try TimerInfo(json: .object(o)) == Self.paused)
    }

    @Test func absentOptionalFieldsReadAsNil() throws {
        let json: JSONValue = [
            "name": "pasta", "kind": "countdown", "state": "paused", "duration": 480, "remaining": 60.5,
            "createdAt": "2026-11-30T11:56:00Z",
        ]
        #expect(try TimerInfo(json: json) == TimerInfo(
            name: "pasta", kind: .countdown, state: .paused, duration: .seconds(480), remaining: .milliseconds(60_500),
            endsAt: nil, createdAt: Self.created))
    }

    /// A field and a bad value for it (nil: left out).
    static let badFields: [(String, JSONValue?)] = [
        ("name", 5), ("name", nil), ("kind", "hourglass"), ("state", "stopped"), ("duration", "8m"),
        ("remaining", nil), ("remaining", .null), ("endsAt", "tomorrow"), ("createdAt", nil), ("createdAt", .null),
        ("firedAt", 17), ("message", 5), ("message", ["text": "stir"]),
        ("remind", "600"), ("remind", 600), ("remind", ["10m"]), ("remind", [600, nil]), ("remind", ["at": 600]),
        ("sound", 5), ("sound", ["/usr/share/sounds/a.oga"]), ("sound", true),
        ("silent", "yes"), ("silent", 1), ("silent", [true]),
        ("volume", "70%"), ("volume", 101), ("volume", -1), ("volume", true),
        ("ringing", "yes"), ("ringing", 1),
    ]

    @Test(arguments: badFields)
    func badFieldsAreNamed(field: String, value: JSONValue?) throws {
        guard case .object(var o) = Self.running.json else { return }
        o[field] = value
        let error = try #require(throws: RPCError.self) { try TimerInfo(json: .object(o)) }
        #expect(error.code == RPCError.internalErrorCode)
        #expect(error.message.contains("\"\(field)\""))
    }

    @Test func notAnObjectIsRefused() {
        #expect(throws: RPCError.self) { try TimerInfo(json: ["pasta"]) }
    }

    // MARK: Missed

    @Test(arguments: [
        (Duration.milliseconds(1), false), (.seconds(2), false), (.milliseconds(2001), true), (.seconds(720), true),
    ])
    func aDoneTimerIsMissedWhenItFiredMoreThanTwoSecondsAfterItsEnd(late: Duration, missed: Bool) {
        var timer = Self.done
        timer.firedAt = timer.endsAt.map { $0 + late }
        #expect(timer.missed == missed)
        #expect(timer.json["missed"] == .bool(missed))
    }

    @Test func onlyADoneTimerWithBothInstantsCanBeMissed() {
        var timer = Self.done
        timer.firedAt = timer.endsAt.map { $0 + .seconds(720) }
        timer.state = .running
        #expect(!timer.missed)
        timer.state = .done
        timer.endsAt = nil
        #expect(!timer.missed)
    }

    // MARK: Progress

    @Test(arguments: [
        (TimerState.running, Duration.seconds(480), Duration.seconds(480), 0.0),
        (.running, .seconds(480), .seconds(360), 0.25),
        (.running, .seconds(480), .zero, 1.0),
        (.paused, .seconds(600), .seconds(150), 0.75),
        (.done, .seconds(180), .zero, 1.0),
        (.done, .seconds(180), .seconds(60), 1.0),
        (.running, .seconds(60), .seconds(120), 0.0),
        (.running, .zero, .zero, 0.0),
    ])
    func progress(state: TimerState, duration: Duration, remaining: Duration, expected: Double) {
        let timer = TimerInfo(
            name: "pasta", kind: .countdown, state: state, duration: duration, remaining: remaining,
            endsAt: nil, createdAt: Self.created)
        #expect(timer.progress == expected)
        #expect((0...1).contains(timer.progress))
    }
}
