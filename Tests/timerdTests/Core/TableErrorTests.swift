import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Every refusal the daemon gives a reason for: its code, its `data` (the reason and the facts
/// it names) and a message in the protocol's terms, never a client's command line.
@Suite struct TableErrorTests {
    /// A refusal for `reason`, got the way a client gets it: by asking the table (or the
    /// server) for what it refuses. The switch has a case for every reason, so a reason added
    /// to the protocol does not build here until it has one.
    static func refusal(_ reason: ErrorReason) throws -> RPCError {
        var table = TimerTable(maxTimers: 5)
        try table.startCountdown("pasta", .minutes(8), at: t0)
        try table.startCountdown("tea break", .minutes(3), at: t0)
        _ = try table.pause(name: "tea break", at: t0)
        try table.startDeadline("report", at: t0.wall + .hours(2), at: t0)
        try table.startCountdown("egg", .minutes(1), at: t0)
        let now = t0.advanced(by: .minutes(2))
        _ = table.fireDue(at: now)
        _ = try table.todoAdd(name: "report", texts: ["write intro"], at: now)
        let refused: TableError?
        switch reason {
        case .notFound: refused = table.refusal { try $0.pause(name: "nope", at: now) }
        case .exists: refused = table.refusal { try $0.startCountdown("pasta", .minutes(1), at: now) }
        case .tooManyTimers:
            try table.startCountdown("rice", .minutes(20), at: now)
            refused = table.refusal { try $0.startCountdown("one more", .minutes(1), at: now) }
        case .checklistFull:
            refused = table.refusal { try $0.todoAdd(name: "report", texts: (1...TodoItem.maxItems).map { "\($0)" }, at: now) }
        case .paused: refused = table.refusal { try $0.pause(name: "tea break", at: now) }
        case .running: refused = table.refusal { try $0.resume(name: "pasta", at: now) }
        case .done: refused = table.refusal { try $0.pause(name: "egg", at: now) }
        case .notDone: refused = table.refusal { try $0.snooze(name: "tea break", by: .minutes(5), at: now) }
        case .deadlineNoPause: refused = table.refusal { try $0.pause(name: "report", at: now) }
        case .deadlineNoReset: refused = table.refusal { try $0.reset(name: "report", at: now) }
        case .doneNeedsPositive: refused = table.refusal { try $0.extend(name: "egg", by: .minutes(-1), at: now) }
        case .noItem:
            refused = table.refusal { try $0.todoSet(name: "report", id: 7, change: TodoChange(done: true), at: now) }
        case .stopwatchNoExtend:
            _ = try table.startStopwatch(name: "bread", at: now)
            refused = table.refusal { try $0.extend(name: "bread", by: .minutes(5), at: now) }
        case .stopwatchNoSnooze:
            _ = try table.startStopwatch(name: "bread", at: now)
            refused = table.refusal { try $0.snooze(name: "bread", by: .minutes(5), at: now) }
        case .notStopwatch: refused = table.refusal { try $0.lap(name: "pasta", at: now) }
        case .lapPaused:
            _ = try table.startStopwatch(name: "bread", at: now)
            _ = try table.pause(name: "bread", at: now)
            refused = table.refusal { try $0.lap(name: "bread", at: now) }
        case .lapsFull:
            _ = try table.startStopwatch(name: "bread", at: now)
            for _ in 0..<Lap.maxLaps { _ = try table.lap(name: "bread", at: now) }
            refused = table.refusal { try $0.lap(name: "bread", at: now) }
        case .invalid: refused = table.refusal { try $0.startCountdown("zero", .zero, at: now) }
        case .otherUser: return Server.otherUserRefusal(peer: 65_534, owner: 1_000)
        case .rootNotAllowed: return Server.otherUserRefusal(peer: 0, owner: 1_000)
        }
        return RPCError(try #require(refused, "no refusal for \(reason.rawValue)"))
    }

    @Test(arguments: ErrorReason.allCases)
    func everyReasonIsGivenWithItsCodeAndFacts(_ reason: ErrorReason) throws {
        let error = try Self.refusal(reason)
        #expect(error.reason == reason)
        #expect(error.code == reason.code)
        guard case .object(let data)? = error.data else {
            Issue.record("\(reason.rawValue) has no data")
            return
        }
        #expect(data.keys == ["reason"] + reason.fields.map(\.rawValue))
        #expect(data.values.allSatisfy { $0 != .null })
    }

    @Test(arguments: ErrorReason.allCases)
    func noMessageNamesAClientsCommand(_ reason: ErrorReason) throws {
        let message = try Self.refusal(reason).message
        #expect(!message.contains("timerctl"), "\(message)")
        #expect(message.hasSuffix("."), "a sentence: \(message)")
    }

    /// The facts, not only their names: what a client needs to say what it would say.
    @Test func theFactsAreTheTimersAsItIsThen() throws {
        #expect(try Self.refusal(.exists).data == ["reason": "exists", "name": "pasta", "kind": "countdown", "state": "running", "remaining": 360])
        #expect(try Self.refusal(.notDone).data == ["reason": "not-done", "name": "tea break", "state": "paused"])
        #expect(try Self.refusal(.deadlineNoReset).data == ["reason": "deadline-no-reset", "name": "report", "kind": "deadline", "state": "running"])
        #expect(try Self.refusal(.done).data == ["reason": "done", "name": "egg", "state": "done"])
        #expect(try Self.refusal(.tooManyTimers).data == ["reason": "too-many-timers", "limit": 5])
        #expect(try Self.refusal(.checklistFull).data == ["reason": "checklist-full", "name": "report", "state": "running", "items": 1, "limit": 1000])
        #expect(try Self.refusal(.noItem).data == ["reason": "no-item", "name": "report", "state": "running", "id": 7])
        #expect(try Self.refusal(.invalid).data == ["reason": "invalid"])
        #expect(try Self.refusal(.stopwatchNoExtend).data == ["reason": "stopwatch-no-extend", "name": "bread", "kind": "stopwatch", "state": "running"])
        #expect(try Self.refusal(.notStopwatch).data == ["reason": "not-stopwatch", "name": "pasta", "kind": "countdown", "state": "running"])
        #expect(try Self.refusal(.lapPaused).data == ["reason": "lap-paused", "name": "bread", "state": "paused"])
        #expect(try Self.refusal(.lapsFull).data == ["reason": "laps-full", "name": "bread", "state": "running", "limit": 1000])
    }

    /// Rounded up, so that a client counting whole seconds (as `TimeFormat.remaining` does)
    /// never shows a second less than the daemon's own message.
    @Test func timeLeftIsRoundedUpToTheMillisecond() {
        let exists = { (left: Duration) in
            RPCError(TableError.exists(name: "pasta", kind: .countdown, state: .running, remaining: left))
        }
        #expect(exists(.nanoseconds(479_000_400_000))[.remaining] == .number(479.001))
        #expect(exists(.nanoseconds(479_000_400_000)).message.contains("(8:00 left)"))
        #expect(exists(.seconds(479))[.remaining] == .integer(479))
        #expect(exists(.nanoseconds(1))[.remaining] == .number(0.001))
    }

    /// docs/protocol.md's table of reasons, row for row, is what `ErrorReason` declares.
    @Test func theProtocolsTableListsExactlyTheReasons() throws {
        let rows = try Self.table(after: "| reason | code | `data` besides `reason` | when |")
        let declared = ErrorReason.allCases.map { reason in
            let fields = reason.fields.isEmpty ? "none" : reason.fields.map { "`\($0.rawValue)`" }.joined(separator: ", ")
            return "| `\(reason.rawValue)` | `\(reason.code)` | \(fields) | \(reason.meaning) |"
        }
        #expect(rows == declared)
    }

    @Test func theProtocolsTableListsExactlyTheFields() throws {
        let rows = try Self.table(after: "| `data` field | meaning |")
        #expect(rows == ErrorField.allCases.map { "| `\($0.rawValue)` | \($0.meaning) |" })
    }

    private static func table(after header: String) throws -> [String] {
        let page = try ManualTests.read("docs/protocol.md")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: header), "docs/protocol.md has no table \(header)")
        return Array(lines[(start + 2)...].prefix { $0.hasPrefix("|") })
    }
}
