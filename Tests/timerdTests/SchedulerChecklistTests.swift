import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Checklists through the scheduler: saved with the change, told to subscribers, congratulated,
/// and kept across a restart.
@Suite struct SchedulerChecklistTests {
    static func report(_ h: Harness) async throws {
        _ = try timer(await h.send(.start(name: "report", spec: .deadline(t0.wall + .hours(2)), message: nil)))
        let added = try timer(await h.send(.todoAdd(name: "report", texts: ["write intro", "proofread", "send"])))
        #expect(added.todos.map(\.text) == ["write intro", "proofread", "send"])
    }

    @Test func eachChangeIsSavedBeforeTheReplyAndToldToSubscribers() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        try await Self.report(h)
        let commits = h.store.commits
        let ticked = try timer(await h.send(.todoSet(name: "report", id: 2, change: TodoChange(done: true))))
        #expect(h.store.commits == commits + 1)
        #expect(h.store.timer(named: "report")?.todos == ticked.todos)
        let events = try watcher.events()
        #expect(events.count == 3)  // started, todo (added), todo (ticked)
        #expect(events.last == .event(.todo, ticked))
    }

    @Test func aChecklistSurvivesARestart() async throws {
        let store = MemoryStore()
        let before = Harness(store: store)
        try await Self.report(before)
        _ = await before.send(.todoSet(name: "report", id: 1, change: TodoChange(done: true)))
        _ = await before.send(.todoRemove(name: "report", ids: [3], doneOnly: false))
        let saved = try timer(await before.send(.get(name: "report"))).todos

        let after = Harness(store: store)
        _ = try await after.scheduler.start()
        #expect(try timer(await after.send(.get(name: "report"))).todos == saved)
        // Ids go on from where they were, the removed 3 not reused.
        let added = try timer(await after.send(.todoAdd(name: "report", texts: ["print"])))
        #expect(added.todos.map(\.id) == [1, 2, 4])
    }

    @Test func theLastTickCongratulatesWithNormalUrgencyAndTheDeadlineGoesOn() async throws {
        let h = Harness()
        try await Self.report(h)
        h.clock.advance(by: .minutes(30))
        for id in [1, 2, 3] { _ = await h.send(.todoSet(name: "report", id: id, change: TodoChange(done: true))) }
        #expect(h.notifier.shown.map(\.summary) == ["report: all 3 tasks done"])
        #expect(h.notifier.shown.first?.urgency == .normal)
        let report = try timer(await h.send(.get(name: "report")))
        #expect(report.state == .running && report.todosComplete)
        #expect(h.alarm.armings.last?.wall == t0.wall + .hours(2), "the deadline is still armed")
    }

    @Test func theDeadlineNotificationListsWhatIsNotDone() async throws {
        let h = Harness()
        try await Self.report(h)
        _ = await h.send(.todoSet(name: "report", id: 2, change: TodoChange(done: true)))
        h.clock.advance(by: .hours(2))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.body) == ["Deadline reached: Fri 20:34\n2 of 3 tasks not done: write intro, send"])
    }

    @Test func aChangeThatCannotBeSavedIsRefusedAndUndone() async throws {
        let h = Harness()
        try await Self.report(h)
        h.store.fail(with: "the disk is full")
        let refused = try error(await h.send(.todoSet(name: "report", id: 2, change: TodoChange(done: true))))
        #expect(refused.code == RPCError.storageFailedCode)
        #expect(try timer(await h.send(.get(name: "report"))).todos.allSatisfy { !$0.done })
    }

    @Test func anUnknownItemIsAnInvalidParamsErrorThatNamesTheFix() async throws {
        let h = Harness()
        try await Self.report(h)
        let refused = try error(await h.send(.todoRemove(name: "report", ids: [7], doneOnly: false)))
        #expect(refused.message == "\"report\" has no checklist item 7; method `get` lists them.")
        #expect(refused.code != RPCError.storageFailedCode)
    }
}
