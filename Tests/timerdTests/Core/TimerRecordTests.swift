import Protocol
import Testing

@testable import timerd

@Suite struct TimerRecordExtrasTests {
    @Test func aPlainTimerHasNoExtrasAndReadsTheDefaults() {
        let plain = runningRecord(1)
        #expect(plain.message == nil)
        #expect(plain.reminders.isEmpty)
        #expect(plain.sound == .standard)
        #expect(plain.chain == nil)
        #expect(plain.todos.isEmpty)
        #expect(plain.nextTodoID == 1)
    }

    @Test func extrasReadBackAndCompareByValue() {
        /// Built anew each time: two records with extras of their own.
        func dressed() -> TimerRecord {
            var record = runningRecord(1)
            record.message = "drain"
            record.reminders = [.minutes(2)]
            record.sound = .silent
            record.todos = [TodoItem(id: 1, text: "salt")]
            record.nextTodoID = 2
            return record
        }
        let a = dressed()
        #expect(a.message == "drain")
        #expect(a.reminders == [.minutes(2)])
        #expect(a.sound == .silent)
        #expect(a.todos == [TodoItem(id: 1, text: "salt")])
        #expect(a.nextTodoID == 2)
        var b = dressed()
        #expect(a == b)
        b.message = nil
        #expect(a != b)
    }

    @Test func aCopyIsIndependent() {
        var a = runningRecord(1)
        a.message = "drain"
        var b = a
        b.message = "stir"
        b.reminders = [.seconds(30)]
        #expect(a.message == "drain")
        #expect(a.reminders.isEmpty)
        #expect(b.message == "stir")
    }

    @Test func settingTheDefaultsBackEqualsAPlainTimer() {
        var a = runningRecord(1)
        a.message = "drain"
        a.message = nil
        #expect(a == runningRecord(1))
    }

    @Test func lengthsKeepNanoseconds() {
        var a = runningRecord(1)
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
