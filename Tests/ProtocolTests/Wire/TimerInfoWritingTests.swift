import TestSupport
import Protocol
import Testing

/// The direct writers must produce, byte for byte, what writing the values produces: the
/// wire format does not depend on which path a reply took.
@Suite struct TimerInfoWritingTests {
    static func written(_ timer: TimerInfo) -> [UInt8] {
        var output: [UInt8] = []
        timer.writeJSON(into: &output)
        return output
    }

    static func reference(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        JSONWriter.write(value, into: &output)
        return output
    }

    @Test func theExamplesAreWrittenAsTheirValues() {
        for timer in TimerInfoTests.examples + [Self.everything] {
            #expect(String(decoding: Self.written(timer), as: UTF8.self) == JSONWriter.string(timer.json))
        }
    }

    /// Every optional part present, with text that needs escaping.
    static let everything = TimerInfo(
        name: "a \"quoted\" \\ name\u{2028}", kind: .countdown, state: .done, duration: .milliseconds(1_500),
        remaining: .zero, endsAt: instant("2026-11-30T12:00:00.001Z"), createdAt: instant("1969-12-31T23:59:59.999Z"),
        firedAt: instant("2026-11-30T12:00:05Z"), message: "line\nbreak\ttab\u{1}", reminders: [.seconds(60), .milliseconds(1)],
        sound: .file("/tmp/a \"b\".oga"), cycle: Cycle(round: 2, rounds: 4, step: "break"),
        todos: [TodoItem(id: 1, text: "one", done: true), TodoItem(id: 12, text: "t\u{7F}wo")])

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomTimersAreWrittenAsTheirValues(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func text() -> String {
            let pieces = ["pasta", "é", "\"", "\\", "\n", "\u{1}", "\u{2028}", "🍝", " ", "x"]
            return (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }
        func instant() -> Timestamp { Timestamp(nanoseconds: Int64.random(in: -1_000_000_000_000_000_000...4_000_000_000_000_000_000, using: &rng)) }
        func duration() -> Duration {
            [Duration.nanoseconds(Int64.random(in: 0...1_000_000_000_000_000, using: &rng)), .seconds(Int64.random(in: 0...1_000_000, using: &rng)),
             .milliseconds(Int64.random(in: -5_000...5_000, using: &rng)), .zero].randomElement(using: &rng)!
        }
        for _ in 0..<300 {
            let state = TimerState.allCases.randomElement(using: &rng)!
            let timer = TimerInfo(
                name: text(), kind: TimerKind.allCases.randomElement(using: &rng)!, state: state, duration: duration(),
                remaining: duration(), endsAt: Bool.random(using: &rng) ? instant() : nil, createdAt: instant(),
                firedAt: Bool.random(using: &rng) ? instant() : nil, message: Bool.random(using: &rng) ? text() : nil,
                reminders: (0..<Int.random(in: 0...3, using: &rng)).map { _ in duration() },
                sound: [NotifyOptions.Sound.standard, .silent, .file(text())].randomElement(using: &rng)!,
                cycle: Bool.random(using: &rng) ? Cycle(round: Int.random(in: 1...100, using: &rng), rounds: 100, step: text()) : nil,
                todos: (0..<Int.random(in: 0...3, using: &rng)).map { TodoItem(id: $0 * 7, text: text(), done: Bool.random(using: &rng)) })
            let written = Self.written(timer)
            guard written == Self.reference(timer.json) else {
                Issue.record("seed \(seed): \(String(decoding: written, as: UTF8.self)) != \(JSONWriter.string(timer.json))")
                return
            }
        }
    }

    @Test(arguments: [JSONValue.integer(7), .string("req-1"), .null, .number(2.5)])
    func aResultEnvelopeIsWrittenAsItsValue(id: JSONValue) {
        var output: [UInt8] = []
        RPC.writeResult(id: id, into: &output) { RPC.writeTimerResult(TimerInfoTests.checklist, into: &$0) }
        #expect(output + [0x0A] == RPC.line(RPC.result(id: id, ["timer": TimerInfoTests.checklist.json])))
    }

    @Test func anEventLineIsWrittenAsItsValue() {
        for timer in TimerInfoTests.examples {
            #expect(RPC.eventLine(.fired, timer) == RPC.line(RPC.event(.fired, timer)))
        }
    }

    /// `format` is built on `write`; both against the text assembled field by field.
    @Test func timestampsAreWrittenAsFormatted() {
        var rng = SplitMix64(seed: 9)
        func padded(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        for _ in 0..<2_000 {
            let t = Timestamp(nanoseconds: Int64.random(in: Int64.min...Int64.max, using: &rng))
            let days = Int((t.seconds - ((t.seconds % 86_400) + 86_400) % 86_400) / 86_400)
            let date = CivilDate(daysSinceEpoch: days)
            let second = Int(t.seconds - Int64(days) * 86_400)
            let ms = Int(((t.nanoseconds % 1_000_000_000) + 1_000_000_000) % 1_000_000_000 / 1_000_000)
            let expected = "\(padded(date.year, 4))-\(padded(date.month, 2))-\(padded(date.day, 2))T"
                + "\(padded(second / 3600, 2)):\(padded(second / 60 % 60, 2)):\(padded(second % 60, 2)).\(padded(ms, 3))Z"
            var bytes: [UInt8] = []
            RFC3339.write(t, into: &bytes)
            guard RFC3339.format(t) == expected, bytes == Array(expected.utf8) else {
                Issue.record("\(t.nanoseconds): \(RFC3339.format(t)) != \(expected)")
                return
            }
        }
    }
}

/// A stopwatch's own fields: written both ways alike, read back, and absent from the other kinds.
@Suite struct StopwatchTimerInfoTests {
    static let bread = TimerInfo(
        name: "bread", kind: .stopwatch, state: .running, duration: .milliseconds(3_010_500), remaining: .zero,
        endsAt: nil, createdAt: instant("2026-11-30T11:00:00Z"), elapsed: .milliseconds(3_010_500),
        countsFrom: instant("2026-11-30T11:00:00Z"),
        laps: [Lap(elapsed: .seconds(60), split: .seconds(60)), Lap(elapsed: .milliseconds(150_250), split: .milliseconds(90_250))],
        notifyEvery: .seconds(1500))

    @Test func itsFieldsAreWrittenAndReadBack() throws {
        let json = Self.bread.json
        #expect(json["elapsed"] == .number(3010.5))
        #expect(json["countsFrom"] == "2026-11-30T11:00:00.000Z")
        #expect(json["laps"] == [["elapsed": 60, "split": 60], ["elapsed": 150.25, "split": 90.25]])
        #expect(json["notifyEvery"] == 1500)
        #expect(json["remaining"] == 0 && json["endsAt"] == .null)
        #expect(String(decoding: TimerInfoWritingTests.written(Self.bread), as: UTF8.self) == JSONWriter.string(json))
        #expect(try TimerInfo(json: json) == Self.bread)
        var paused = Self.bread
        paused.state = .paused
        paused.countsFrom = nil
        paused.notifyEvery = nil
        paused.laps = []
        #expect(String(decoding: TimerInfoWritingTests.written(paused), as: UTF8.self) == JSONWriter.string(paused.json))
        #expect(try TimerInfo(json: paused.json) == paused)
    }

    @Test func otherKindsHaveNoneOfThem() {
        for timer in TimerInfoTests.examples {
            #expect(timer.json["elapsed"] == nil && timer.json["laps"] == nil, "\(timer.name)")
        }
    }

    @Test func aClientCountsOnFromCountsFrom() {
        #expect(Self.bread.elapsed(at: instant("2026-11-30T12:00:00Z")) == .seconds(3600))
        var paused = Self.bread
        paused.state = .paused
        #expect(paused.elapsed(at: instant("2026-11-30T13:00:00Z")) == .milliseconds(3_010_500))
    }

    @Test func lapsAreSplitFromTheTimesTheyWereTaken() {
        #expect(Lap.laps(at: [.seconds(10), .seconds(25), .seconds(26)]) == [
            Lap(elapsed: .seconds(10), split: .seconds(10)), Lap(elapsed: .seconds(25), split: .seconds(15)),
            Lap(elapsed: .seconds(26), split: .seconds(1)),
        ])
    }
}
