import Protocol

/// `timerctl todo NAME …`: a timer's checklist. Items are numbered 1, 2, 3… in the order they
/// were added; the numbers only change when an item is removed, and then the list is shown again.
enum TodoCommand: Equatable {
    case list
    case add([String])
    case done([Int])
    case undo([Int])
    case remove([Int])
    case edit(Int, String)
    case clearDone

    /// Parses the words after the timer's name.
    static func parse(_ words: [String]) throws(UsageError) -> TodoCommand {
        guard let verb = words.first else { return .list }
        let rest = Array(words.dropFirst())
        func numbers() throws(UsageError) -> [Int] {
            guard !rest.isEmpty else {
                throw UsageError(message: "todo … \(verb) needs the number of an item, e.g. `timerctl todo report \(verb) 2`.", topic: "todo")
            }
            var found: [Int] = []
            for word in rest {
                guard let n = Int(word), n > 0 else {
                    throw UsageError(
                        message: "\"\(word)\" is not an item number; `timerctl todo NAME` lists the items with their numbers.",
                        topic: "todo")
                }
                found.append(n)
            }
            return found
        }
        switch verb {
        case "add":
            guard !rest.isEmpty else {
                throw UsageError(message: "todo … add needs the text of an item, e.g. `timerctl todo report add \"write intro\"`.", topic: "todo")
            }
            for text in rest {
                if let problem = TodoItem.problem(withText: text) { throw UsageError(message: problem, topic: "todo") }
            }
            return .add(rest)
        case "done", "check": return .done(try numbers())
        case "undo", "uncheck": return .undo(try numbers())
        case "rm", "remove": return .remove(try numbers())
        case "edit":
            guard rest.count >= 2, let n = Int(rest[0]), n > 0 else {
                throw UsageError(message: "todo … edit needs a number and the new text, e.g. `timerctl todo report edit 2 \"proofread twice\"`.", topic: "todo")
            }
            let text = rest.dropFirst().joined(separator: " ")
            if let problem = TodoItem.problem(withText: text) { throw UsageError(message: problem, topic: "todo") }
            return .edit(n, text)
        case "clear-done": 
            guard rest.isEmpty else { throw UsageError(message: "todo … clear-done takes nothing more.", topic: "todo") }
            return .clearDone
        default:
            throw UsageError(
                message: "todo does not know \"\(verb)\"; it takes add, done, undo, rm, edit or clear-done (or nothing, to list).",
                topic: "todo")
        }
    }

    /// The requests for `timer`'s checklist as it is now: item numbers become ids.
    func requests(for timer: TimerInfo) throws(CtlFailure) -> [Request] {
        func id(_ number: Int) throws(CtlFailure) -> Int {
            guard timer.todos.indices.contains(number - 1) else {
                let has = timer.todos.isEmpty ? "has no checklist items" : "has items 1 to \(timer.todos.count)"
                throw .refused("\(timer.name) \(has); there is no item \(number).")
            }
            return timer.todos[number - 1].id
        }
        switch self {
        case .list: return []
        case .add(let texts): return [.todoAdd(name: timer.name, texts: texts)]
        case .done(let numbers):
            var requests: [Request] = []
            for n in numbers { requests.append(.todoSet(name: timer.name, id: try id(n), change: TodoChange(done: true))) }
            return requests
        case .undo(let numbers):
            var requests: [Request] = []
            for n in numbers { requests.append(.todoSet(name: timer.name, id: try id(n), change: TodoChange(done: false))) }
            return requests
        case .remove(let numbers):
            var ids: [Int] = []
            for n in numbers { ids.append(try id(n)) }
            return [.todoRemove(name: timer.name, ids: ids, doneOnly: false)]
        case .edit(let n, let text): return [.todoSet(name: timer.name, id: try id(n), change: TodoChange(text: text))]
        case .clearDone:
            guard timer.todos.contains(where: \.done) else { throw .refused("\(timer.name) has no items that are done.") }
            return [.todoRemove(name: timer.name, ids: [], doneOnly: true)]
        }
    }

    /// Whether the numbers change, so that the list is worth showing again.
    var renumbers: Bool {
        switch self {
        case .remove, .clearDone: true
        default: false
        }
    }
}

extension Render {
    /// `timerctl todo NAME`: the timer's time on top, its tasks below.
    ///
    ///     report: 2 of 5 tasks done, 2:03:04 left
    ///       1. [x] write intro
    ///       2. [ ] proofread
    func checklist(_ timer: TimerInfo) -> String {
        guard !timer.todos.isEmpty else {
            return "\(timer.name) has no tasks. Add some with `timerctl todo \(TimerText.shellWord(timer.name)) add \"write intro\"`.\n"
        }
        let time = timer.state == .paused ? "\(left(timer)) left, paused" : timer.state == .done ? left(timer) : "\(left(timer)) left"
        return (["\(timer.name): \(Self.tally(timer)), \(time)"] + Self.taskLines(timer.todos, indent: "  "))
            .joined(separator: "\n") + "\n"
    }

    /// "2 of 5 tasks done", or "all 5 tasks done"; without `noun`, "2 of 5 done".
    static func tally(_ timer: TimerInfo, noun: Bool = true) -> String {
        let all = timer.todos.count
        let tasks = noun ? (all == 1 ? " task" : " tasks") : ""
        if timer.todosComplete && all > 1 { return "all \(all)\(tasks) done" }
        return "\(all - timer.openTodos.count) of \(all)\(tasks) done"
    }

    /// One line per item, numbered from 1 with the numbers right-aligned: `  1. [x] write intro`.
    static func taskLines(_ items: [TodoItem], indent: String) -> [String] {
        let width = String(items.count).count
        return items.enumerated().map { index, item in
            let number = String(index + 1)
            let pad = String(repeating: " ", count: width - number.count)
            return "\(indent)\(pad)\(number). [\(item.done ? "x" : " ")] \(item.text)"
        }
    }
}
