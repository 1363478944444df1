import Protocol
import Testing
@testable import timerctl

/// `timerctl todo NAME …`: the words, the requests they become and what is printed.
@Suite struct TodoCommandTests {
    static let now = RenderTests.now
    static let render = RenderTests.render

    /// report, a deadline 2 h 3 min 4 s away, with tasks whose ids have a gap (3 was removed).
    static let report = TimerInfo(
        name: "report", kind: .deadline, state: .running, duration: .seconds(5 * 3600), remaining: .seconds(7384),
        endsAt: now + .seconds(7384), createdAt: now - .seconds(3 * 3600),
        todos: [
            TodoItem(id: 1, text: "write intro", done: true), TodoItem(id: 2, text: "proofread"),
            TodoItem(id: 4, text: "charts", done: true), TodoItem(id: 5, text: "send"),
        ])

    // MARK: Words

    static let parsed: [([String], any Command)] = [
        (["todo", "report"], TodoCommand(name: "report", .list, json: false)),
        (["todo", "report", "--json"], TodoCommand(name: "report", .list, json: true)),
        (["todo", "report", "add", "write intro", "proofread"], TodoCommand(name: "report", .add(["write intro", "proofread"]), json: false)),
        (["todo", "report", "done", "1", "3"], TodoCommand(name: "report", .done([1, 3]), json: false)),
        (["todo", "report", "check", "2"], TodoCommand(name: "report", .done([2]), json: false)),
        (["todo", "report", "undo", "2"], TodoCommand(name: "report", .undo([2]), json: false)),
        (["todo", "report", "rm", "2", "4"], TodoCommand(name: "report", .remove([2, 4]), json: false)),
        (["todo", "report", "edit", "2", "proofread", "twice"], TodoCommand(name: "report", .edit(2, "proofread twice"), json: false)),
        (["todo", "report", "clear-done"], TodoCommand(name: "report", .clearDone, json: false)),
        (["todo", "tax return", "add", "--", "--receipts--"], TodoCommand(name: "tax return", .add(["--receipts--"]), json: false)),
    ]

    @Test(arguments: parsed)
    func wordsBecomeACommand(arguments: [String], expected: any Command) throws {
        #expect(try ArgumentsTests.command(arguments) == expected)
    }

    static let refused: [([String], String)] = [
        (["todo"], "todo needs the name of a timer, e.g. `timerctl todo report add \"write intro\"`."),
        (["todo", "report", "add"], "todo … add needs the text of an item, e.g. `timerctl todo report add \"write intro\"`."),
        (["todo", "report", "done"], "todo … done needs the number of an item, e.g. `timerctl todo report done 2`."),
        (["todo", "report", "done", "two"], "\"two\" is not an item number; `timerctl todo NAME` lists the items with their numbers."),
        (["todo", "report", "rm", "0"], "\"0\" is not an item number; `timerctl todo NAME` lists the items with their numbers."),
        (["todo", "report", "edit", "2"],
         "todo … edit needs a number and the new text, e.g. `timerctl todo report edit 2 \"proofread twice\"`."),
        (["todo", "report", "clear-done", "1"], "todo … clear-done takes nothing more."),
        (["todo", "report", "tick", "1"],
         "todo does not know \"tick\"; it takes add, done, undo, rm, edit or clear-done (or nothing, to list)."),
        (["todo", "report", "add", ""], "A checklist item needs some text, such as \"write intro\"."),
        (["todo", "report", "add", "a\nb"], "A checklist item is one line of printable text; remove the control characters (newlines, tabs)."),
        (["todo", "report", "-m", "x"], "todo does not take --message."),
    ]

    @Test(arguments: refused)
    func badWordsAreRefusedSayingWhatToType(arguments: [String], message: String) throws {
        let error = try ArgumentsTests.refusal(arguments)
        #expect(error.message == message)
        #expect(error.topic == "todo")
    }

    // MARK: Numbers become ids

    @Test func numbersArePositionsAndBecomeTheItemsIds() throws {
        #expect(try TodoCommand.Action.done([3, 4]).requests(for: Self.report) == [
            .todoSet(name: "report", id: 4, change: TodoChange(done: true)),
            .todoSet(name: "report", id: 5, change: TodoChange(done: true)),
        ])
        #expect(try TodoCommand.Action.undo([1]).requests(for: Self.report) == [
            .todoSet(name: "report", id: 1, change: TodoChange(done: false)),
        ])
        #expect(try TodoCommand.Action.remove([2, 3]).requests(for: Self.report) == [.todoRemove(name: "report", ids: [2, 4], doneOnly: false)])
        #expect(try TodoCommand.Action.edit(4, "send it").requests(for: Self.report) == [
            .todoSet(name: "report", id: 5, change: TodoChange(text: "send it")),
        ])
        #expect(try TodoCommand.Action.add(["print"]).requests(for: Self.report) == [.todoAdd(name: "report", texts: ["print"])])
        #expect(try TodoCommand.Action.clearDone.requests(for: Self.report) == [.todoRemove(name: "report", ids: [], doneOnly: true)])
        #expect(try TodoCommand.Action.list.requests(for: Self.report) == [])
    }

    @Test func aNumberPastTheEndIsRefusedBeforeAnythingIsSent() {
        let error = #expect(throws: CtlFailure.self) { try TodoCommand.Action.done([2, 5]).requests(for: Self.report) }
        #expect(error?.message == "report has items 1 to 4; there is no item 5.")
        #expect(error?.exitCode == 1)
        var empty = Self.report
        empty.todos = []
        let none = #expect(throws: CtlFailure.self) { try TodoCommand.Action.remove([1]).requests(for: empty) }
        #expect(none?.message == "report has no checklist items; there is no item 1.")
    }

    @Test func clearDoneWithNothingDoneAsksNothing() throws {
        var open = Self.report
        for i in open.todos.indices { open.todos[i].done = false }
        // Nothing to do is not a failure: the command says so and exits 0 (an integration test).
        #expect(try TodoCommand.Action.clearDone.requests(for: open).isEmpty)
    }

    // MARK: What is printed

    @Test func theListShowsTheTimeOnTopAndNumberedTasksBelow() {
        #expect(Self.render.checklist(Self.report) == """
            report: 2 of 4 tasks done, 2:03:04 left
              1. [x] write intro
              2. [ ] proofread
              3. [x] charts
              4. [ ] send

            """)
    }

    @Test func numbersAreRightAlignedPastNine() {
        var long = Self.report
        long.todos = (1...10).map { TodoItem(id: $0, text: "t\($0)") }
        let lines = Self.render.checklist(long).split(separator: "\n")
        #expect(lines[1] == "   1. [ ] t1")
        #expect(lines[10] == "  10. [ ] t10")
    }

    @Test func aCompleteListAndAFinishedTimerSaySo() {
        var done = Self.report
        for i in done.todos.indices { done.todos[i].done = true }
        #expect(Self.render.checklist(done).hasPrefix("report: all 4 tasks done, 2:03:04 left\n"))
        done.state = .done
        done.remaining = .zero
        done.endsAt = Self.now - .seconds(300)
        done.firedAt = done.endsAt
        #expect(Self.render.checklist(done).hasPrefix("report: all 4 tasks done, done 5 min ago\n"))
    }

    @Test func aTimerWithoutTasksSaysHowToAddOne() {
        var empty = Self.report
        empty.todos = []
        empty.name = "tax return"
        #expect(Self.render.checklist(empty) == "tax return has no tasks. Add some with `timerctl todo 'tax return' add \"write intro\"`.\n")
    }

    @Test func showPrintsTheTasksUnderTheCountdown() {
        let detail = Self.render.detail(Self.report)
        #expect(detail.hasSuffix("""
              created   Mon 30 Nov 09:00
              tasks     2 of 4 done
                1. [x] write intro
                2. [ ] proofread
                3. [x] charts
                4. [ ] send

            """))
    }
}
