import Testing
import Protocol

@Suite struct HistoryEntryTests {
    static let onTime = HistoryEntry(
        name: "tea", kind: .countdown, dueAt: instant("2026-11-30T11:59:00.250Z"),
        firedAt: instant("2026-11-30T11:59:00.251Z"), duration: .milliseconds(180_250), message: "green tea\nnot too long")
    static let missedDeadline = HistoryEntry(
        name: "レポート", kind: .deadline, dueAt: instant("2026-11-30T09:00:00+01:00"),
        firedAt: instant("2026-11-30T08:12:30Z"), duration: .seconds(4 * 86_400), message: nil)

    static let hookFailed = HistoryEntry(
        name: "pasta", kind: .countdown, dueAt: instant("2026-11-30T12:04:00Z"), firedAt: instant("2026-11-30T12:04:00.001Z"),
        duration: .seconds(480), message: nil, hookFailure: "hook exit 1, hook timed out")

    static let examples = [onTime, missedDeadline, hookFailed]

    /// `onTime` fired `late` after it was due.
    static func firing(_ late: Duration) -> HistoryEntry {
        var entry = onTime
        entry.firedAt = entry.dueAt + late
        return entry
    }

    @Test func jsonHasExactlyTheDocumentedKeysInOrder() {
        for entry in Self.examples {
            #expect(entry.json.objectValue?.keys == ["name", "kind", "dueAt", "firedAt", "missed", "duration", "message", "hookFailure"])
        }
    }

    @Test func onTimeCountdown() {
        #expect(JSONWriter.string(Self.onTime.json) == """
            {"name":"tea","kind":"countdown","dueAt":"2026-11-30T11:59:00.250Z","firedAt":"2026-11-30T11:59:00.251Z",\
            "missed":false,"duration":180.25,"message":"green tea\\nnot too long","hookFailure":null}
            """)
    }

    @Test func missedDeadlineInUTC() {
        #expect(JSONWriter.string(Self.missedDeadline.json) == """
            {"name":"レポート","kind":"deadline","dueAt":"2026-11-30T08:00:00.000Z","firedAt":"2026-11-30T08:12:30.000Z",\
            "missed":true,"duration":345600,"message":null,"hookFailure":null}
            """)
    }

    // MARK: Missed

    @Test(arguments: [
        (Duration.zero, false),
        (.milliseconds(1), false),
        (.seconds(2), false),
        (.milliseconds(2001), true),
        (.seconds(12 * 60), true),
        // A clock stepped back between due and fired: early is not missed.
        (.seconds(-30), false),
    ])
    func missedMeansMoreThanTwoSecondsLate(late: Duration, missed: Bool) {
        let entry = Self.firing(late)
        #expect(entry.missed == missed)
        #expect(entry.json["missed"] == .bool(missed))
    }

    @Test func theThresholdIsTheProtocolsLimit() {
        #expect(Limits.lateAfter == .seconds(2))
        #expect(!Self.firing(Limits.lateAfter).missed)
        #expect(Self.firing(Limits.lateAfter + .nanoseconds(1)).missed)
    }

    // MARK: Reading

    @Test(arguments: examples)
    func roundTrips(entry: HistoryEntry) throws {
        #expect(try HistoryEntry(json: entry.json) == entry)
        #expect(try HistoryEntry(json: JSONParser.parse(JSONWriter.string(entry.json))) == entry)
    }

    @Test func readsAnyOffsetAndWholeOrFractionalSeconds() throws {
        let json: JSONValue = [
            "name": "report", "kind": "deadline", "dueAt": "2026-11-30T09:00:00+01:00",
            "firedAt": "2026-11-30T08:12:30Z", "missed": true, "duration": 345_600.0,
        ]
        #expect(try HistoryEntry(json: json) == Self.missedDeadline.renamed("report"))
    }

    @Test func absentOrNullMessageReadsAsNil() throws {
        guard case .object(var o) = Self.onTime.json else { return }
        o["message"] = .null
        #expect(try HistoryEntry(json: .object(o)).message == nil)
        o["message"] = nil
        #expect(try HistoryEntry(json: .object(o)).message == nil)
    }

    @Test func aFailedHookIsTextAndAnOlderDaemonsEntryHasNone() throws {
        #expect(Self.hookFailed.json["hookFailure"] == "hook exit 1, hook timed out")
        guard case .object(var o) = Self.hookFailed.json else { return }
        o["hookFailure"] = nil
        #expect(try HistoryEntry(json: .object(o)).hookFailure == nil)
        o["hookFailure"] = true
        #expect(throws: RPCError.self) { try HistoryEntry(json: .object(o)) }
    }

    @Test func unknownFieldsAreIgnored() throws {
        guard case .object(var o) = Self.onTime.json else { return }
        o["snoozed"] = 3
        o["notification"] = ["id": 17, "closed": true]
        #expect(try HistoryEntry(json: .object(o)) == Self.onTime)
    }

    /// A field and a bad value for it (nil: left out).
    static let badFields: [(String, JSONValue?)] = [
        ("name", nil), ("name", 5), ("name", .null),
        ("kind", nil), ("kind", "hourglass"), ("kind", "Countdown"),
        ("dueAt", nil), ("dueAt", .null), ("dueAt", "fri 17:00"), ("dueAt", 1_764_500_000),
        ("firedAt", nil), ("firedAt", .null), ("firedAt", "2026-11-30T12:00:00"),
        ("duration", nil), ("duration", "3m"), ("duration", 1e300),
        ("message", 5), ("message", ["green tea"]),
    ]

    @Test(arguments: badFields)
    func badFieldsAreRefusedNamingTheField(field: String, value: JSONValue?) throws {
        guard case .object(var o) = Self.onTime.json else { return }
        o[field] = value
        let error = try #require(throws: RPCError.self) { try HistoryEntry(json: .object(o)) }
        #expect(error.code == RPCError.internalErrorCode)
        #expect(error.message == "The daemon sent a history entry with a bad \"\(field)\" field.")
    }

    @Test(arguments: [JSONValue.array(["tea"]), "tea", .null, 5])
    func anEntryThatIsNotAnObjectIsRefused(json: JSONValue) throws {
        let error = try #require(throws: RPCError.self) { try HistoryEntry(json: json) }
        #expect(error.code == RPCError.internalErrorCode)
        #expect(error.message == "The daemon sent a history entry that is not an object.")
    }
}

extension HistoryEntry {
    fileprivate func renamed(_ name: String) -> HistoryEntry {
        var entry = self
        entry.name = name
        return entry
    }
}
