import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// A running countdown with this id, named after it.
private func record(_ id: UInt64, minutes: Int64 = 8) -> TimerRecord {
    TimerRecord(
        id: id, name: "t\(id)", kind: .countdown, length: .minutes(minutes), total: .minutes(minutes),
        phase: .running(due: .boot(t0.boot + .minutes(minutes))), createdAt: t0.wall, startedAt: t0.wall)
}

@Suite struct TimerRecordExtrasTests {
    @Test func aPlainTimerHasNoExtrasAndReadsTheDefaults() {
        let plain = record(1)
        #expect(plain.message == nil)
        #expect(plain.reminders.isEmpty)
        #expect(plain.sound == .standard)
        #expect(plain.chain == nil)
        #expect(plain.todos.isEmpty)
        #expect(plain.nextTodoID == 1)
    }

    @Test func extrasReadBackAndCompareByValue() {
        var a = record(1)
        a.message = "drain"
        a.reminders = [.minutes(2)]
        a.sound = .silent
        a.todos = [TodoItem(id: 1, text: "salt")]
        a.nextTodoID = 2
        #expect(a.message == "drain")
        #expect(a.reminders == [.minutes(2)])
        #expect(a.sound == .silent)
        #expect(a.todos == [TodoItem(id: 1, text: "salt")])
        #expect(a.nextTodoID == 2)
        var b = record(1)
        b.message = "drain"
        b.reminders = [.minutes(2)]
        b.sound = .silent
        b.todos = [TodoItem(id: 1, text: "salt")]
        b.nextTodoID = 2
        #expect(a == b)
        b.message = nil
        #expect(a != b)
    }

    @Test func aCopyIsIndependent() {
        var a = record(1)
        a.message = "drain"
        var b = a
        b.message = "stir"
        b.reminders = [.seconds(30)]
        #expect(a.message == "drain")
        #expect(a.reminders.isEmpty)
        #expect(b.message == "stir")
    }

    @Test func settingTheDefaultsBackEqualsAPlainTimer() {
        var a = record(1)
        a.message = "drain"
        a.message = nil
        #expect(a == record(1))
    }

    @Test func lengthsKeepNanoseconds() {
        var a = record(1)
        a.length = .nanoseconds(1_234_567_891)
        a.total = .seconds(-3)
        #expect(a.length == .nanoseconds(1_234_567_891))
        #expect(a.total == .seconds(-3))
    }
}

@Suite struct TimerRecordSizeTests {
    /// The daemon may hold a million of these: a plain timer must stay small.
    @Test func aRecordStaysSmall() {
        #expect(MemoryLayout<TimerRecord?>.stride <= 96)
    }
}
