import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// report: a deadline in two hours with three items: write intro, proofread, send.
private func report() throws -> TimerTable {
    var table = TimerTable()
    try table.startDeadline("report", at: t0.wall + .hours(2), at: t0)
    _ = try table.todoAdd(name: "report", texts: ["write intro", "proofread", "send"], at: t0)
    return table
}

private func texts(_ table: TimerTable, _ now: Moment = t0) throws -> [String] {
    try table.get("report", at: now).todos.map { "\($0.id) \($0.done ? "x" : "-") \($0.text)" }
}

@Suite struct TimerTableChecklistTests {
    @Test func itemsAreAddedInOrderWithIncreasingIds() throws {
        var table = try report()
        #expect(try texts(table) == ["1 - write intro", "2 - proofread", "3 - send"])
        let outcome = try table.todoAdd(name: "report", texts: ["print"], at: t0)
        #expect(outcome.timer.todos.map(\.id) == [1, 2, 3, 4])
        #expect(outcome.effects == [.event(.todo, outcome.timer)], "a todo event, no notification")
    }

    @Test func tickingUntickingAndRewordingKeepTheOrder() throws {
        var table = try report()
        _ = try table.todoSet(name: "report", id: 2, change: TodoChange(done: true), at: t0)
        _ = try table.todoSet(name: "report", id: 1, change: TodoChange(text: "write the intro"), at: t0)
        #expect(try texts(table) == ["1 - write the intro", "2 x proofread", "3 - send"])
        _ = try table.todoSet(name: "report", id: 2, change: TodoChange(done: false, text: "proofread twice"), at: t0)
        #expect(try texts(table) == ["1 - write the intro", "2 - proofread twice", "3 - send"])
    }

    @Test func removingByIdOrEveryDoneItemKeepsTheOthersAndTheirIds() throws {
        var table = try report()
        _ = try table.todoRemove(name: "report", ids: [2], doneOnly: false, at: t0)
        #expect(try texts(table) == ["1 - write intro", "3 - send"])
        _ = try table.todoSet(name: "report", id: 3, change: TodoChange(done: true), at: t0)
        _ = try table.todoRemove(name: "report", ids: [], doneOnly: true, at: t0)
        #expect(try texts(table) == ["1 - write intro"])
        // Ids are never reused: a client holding id 3 cannot tick the new item by mistake.
        _ = try table.todoAdd(name: "report", texts: ["print"], at: t0)
        #expect(try table.get("report", at: t0).todos.map(\.id) == [1, 4])
    }

    @Test func theLastItemDoneOnARunningTimerCongratulatesOnce() throws {
        var table = try report()
        let now = t0.advanced(by: .minutes(30))
        for id in [1, 2] {
            let outcome = try table.todoSet(name: "report", id: id, change: TodoChange(done: true), at: now)
            #expect(outcome.effects.count == 1)
        }
        let last = try table.todoSet(name: "report", id: 3, change: TodoChange(done: true), at: now)
        #expect(last.timer.todosComplete)
        #expect(last.effects == [.event(.todo, last.timer), .checklistDone(last.timer)])
        #expect(last.timer.state == .running, "the deadline still counts down")
        #expect(last.timer.remaining == .minutes(90))

        // Rewording a done item, or ticking it again, congratulates no more.
        let again = try table.todoSet(name: "report", id: 3, change: TodoChange(done: true, text: "sent"), at: now)
        #expect(again.effects == [.event(.todo, again.timer)])
        // Unticking and ticking again does: the list was completed anew.
        _ = try table.todoSet(name: "report", id: 3, change: TodoChange(done: false), at: now)
        let anew = try table.todoSet(name: "report", id: 3, change: TodoChange(done: true), at: now)
        #expect(anew.effects.contains(.checklistDone(anew.timer)))
    }

    @Test func removingTheOpenItemsCompletesTheList() throws {
        var table = try report()
        _ = try table.todoSet(name: "report", id: 1, change: TodoChange(done: true), at: t0)
        let outcome = try table.todoRemove(name: "report", ids: [2, 3], doneOnly: false, at: t0)
        #expect(outcome.effects.contains(.checklistDone(outcome.timer)))
    }

    @Test func aFinishedTimerKeepsItsListButIsNotCongratulated() throws {
        var table = try report()
        _ = table.fireDue(at: t0.wallJumped(by: .hours(2)))
        let now = t0.wallJumped(by: .hours(3))
        for id in [1, 2, 3] {
            let outcome = try table.todoSet(name: "report", id: id, change: TodoChange(done: true), at: now)
            #expect(!outcome.effects.contains { if case .checklistDone = $0 { true } else { false } })
        }
        #expect(try table.get("report", at: now).state == .done)
        #expect(try table.get("report", at: now).todosComplete)
    }

    @Test func aTimerStartedOverAFinishedOneStartsWithoutItsList() throws {
        var table = try report()
        _ = table.fireDue(at: t0.wallJumped(by: .hours(2)))
        let now = t0.wallJumped(by: .hours(2) + .seconds(1))
        let outcome = try table.startCountdown("report", .minutes(5), at: now)
        #expect(outcome.timer.todos.isEmpty)
    }

    @Test func snoozeResetAndExtendKeepTheList() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), at: t0)
        _ = try table.todoAdd(name: "pasta", texts: ["salt the water"], at: t0)
        _ = try table.extend(name: "pasta", by: .minutes(1), at: t0)
        _ = try table.reset(name: "pasta", at: t0)
        _ = table.fireDue(at: t0.advanced(by: .minutes(8)))
        let snoozed = try table.snooze(name: "pasta", by: .minutes(1), at: t0.advanced(by: .minutes(9)))
        #expect(snoozed.timer.todos == [TodoItem(id: 1, text: "salt the water")])
    }

    // MARK: Refusals

    @Test func anUnknownItemIsRefusedAndNothingChanges() throws {
        var table = try report()
        let before = table.records
        let set = table.refusal { try $0.todoSet(name: "report", id: 9, change: TodoChange(done: true), at: t0) }
        #expect(set == .noItem(name: "report", state: .running, id: 9))
        #expect(set?.message == "\"report\" has no checklist item 9; method `get` lists them.")
        let remove = table.refusal { try $0.todoRemove(name: "report", ids: [1, 9], doneOnly: false, at: t0) }
        #expect(remove == .noItem(name: "report", state: .running, id: 9))
        #expect(table.records == before, "item 1 was not removed either")
    }

    @Test func anUnknownTimerIsRefused() {
        var table = TimerTable()
        #expect(table.refusal { try $0.todoAdd(name: "nope", texts: ["x"], at: t0) } == .notFound(name: "nope"))
    }

    @Test func aThousandItemsIsTheLimit() throws {
        var table = TimerTable()
        try table.startDeadline("report", at: t0.wall + .hours(2), at: t0)
        _ = try table.todoAdd(name: "report", texts: (1...998).map { "item \($0)" }, at: t0)
        let error = table.refusal { try $0.todoAdd(name: "report", texts: ["a", "b", "c"], at: t0) }
        #expect(error == .checklistFull(name: "report", state: .running, items: 998, limit: 1000))
        #expect(error?.message == """
            "report" has 998 checklist items and a timer holds at most 1000; remove some first \
            (method `todo.remove` with "done": true removes those done).
            """)
        #expect(try table.get("report", at: t0).todos.count == 998)
        _ = try table.todoAdd(name: "report", texts: ["a", "b"], at: t0)
        #expect(try table.get("report", at: t0).todos.count == 1000)
    }

    @Test(arguments: ["", "   ", String(repeating: "x", count: 501), "a\tb"])
    func badTextIsRefusedEvenFromInsideTheDaemon(text: String) throws {
        var table = try report()
        #expect(table.refusal { try $0.todoAdd(name: "report", texts: [text], at: t0) } != nil)
        #expect(table.refusal { try $0.todoSet(name: "report", id: 1, change: TodoChange(text: text), at: t0) } != nil)
        #expect(try texts(table) == ["1 - write intro", "2 - proofread", "3 - send"])
    }

    @Test func aChangeIsJournaledSoItCanBeStoredOrRolledBack() throws {
        var table = try report()
        _ = table.takeJournal()
        _ = try table.todoSet(name: "report", id: 2, change: TodoChange(done: true), at: t0)
        let journal = table.takeJournal()
        #expect(journal.count == 1)
        table.rollBack(journal, at: t0)
        #expect(try texts(table) == ["1 - write intro", "2 - proofread", "3 - send"])
    }
}
