import Protocol
import Testing

@testable import timerd

/// What the notifications say about a timer's checklist.
@Suite struct ChecklistNotificationTests {
    static let utc = NotificationContentTests.utc

    static func items(_ texts: [String], done: Set<Int>) -> [TodoItem] {
        texts.enumerated().map { TodoItem(id: $0.offset + 1, text: $0.element, done: done.contains($0.offset + 1)) }
    }

    static let five = items(["write intro", "proofread", "charts", "send", "print"], done: [3, 4, 5])

    @Test func theDeadlineSaysWhatIsLeft() {
        var firing = NotificationContentTests.deadline("report", at: instant("2026-11-27T17:00:00Z"))
        firing.info.todos = Self.five
        let content = NotificationContent.fired([firing], calendar: Self.utc)
        #expect(content.summary == "report")
        #expect(content.body == "Deadline reached: Fri 17:00\n2 of 5 tasks not done: write intro, proofread")
        #expect(content.urgency == .critical)
    }

    @Test func aDoneListOrNoListAddsNothing() {
        var firing = NotificationContentTests.deadline("report", at: instant("2026-11-27T17:00:00Z"))
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body == "Deadline reached: Fri 17:00")
        firing.info.todos = Self.items(["a", "b"], done: [1, 2])
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body == "Deadline reached: Fri 17:00")
    }

    @Test func manyOpenItemsAreCutAfterFive() {
        var firing = NotificationContentTests.deadline("report", at: instant("2026-11-27T17:00:00Z"))
        firing.info.todos = Self.items((1...8).map { "t\($0)" }, done: [])
        #expect(NotificationContent.fired([firing], calendar: Self.utc).body
            == "Deadline reached: Fri 17:00\n8 of 8 tasks not done: t1, t2, t3, t4, t5 and 3 more")
    }

    @Test func aReminderSaysWhatIsLeftToo() {
        let at = instant("2026-11-27T17:00:00Z")
        var reminding = NotificationContentTests.reminding("report", .deadline, ends: at, before: .hours(1))
        reminding.info.todos = Self.five
        let content = NotificationContent.reminder(reminding, now: at - .hours(1), calendar: Self.utc)
        #expect(content.summary == "report: 1 hour left")
        #expect(content.body == "Deadline Fri 17:00\n2 of 5 tasks not done: write intro, proofread")
    }

    @Test func aCompletedListIsCongratulatedWithNormalUrgency() {
        let at = instant("2026-11-27T17:00:00Z")
        let info = TimerInfo(
            name: "report", kind: .deadline, state: .running, duration: .hours(4), remaining: .minutes(90),
            endsAt: at, createdAt: at - .hours(4), todos: Self.items(["a", "b", "c"], done: [1, 2, 3]))
        let content = NotificationContent.checklistDone(info, now: at - .minutes(90), calendar: Self.utc)
        #expect(content.summary == "report: all 3 tasks done")
        #expect(content.body == "1:30:00 before the deadline (17:00). Well done.")
        #expect(content.urgency == .normal)
        #expect(content.actions == [.dismiss])
        #expect(content.timers == ["report"])
    }
}
