import Protocol

/// `timerctl todo NAME …`: a timer's checklist. Items are numbered 1, 2, 3… in the order they
/// were added; the numbers only change when an item is removed, and then the list is shown again.
struct TodoCommand: Command {
    static let topic = Help.Topic(
        name: "todo", usage: "timerctl todo NAME [SUBCOMMAND] [--json]",
        summary: "A timer's checklist: add tasks, tick them off, see what is left.",
        details: """
              (nothing)       list the tasks, numbered, [x] for those done
              add TEXT...     add tasks at the end (quote each one)
              done N...       tick tasks off; undo N... unticks them
              rm N...         remove tasks (the others are numbered again)
              edit N TEXT     reword a task
              clear-done      remove every task that is done
              --json          print the checklist as the protocol's items, for scripts
            Numbers stay the same between listings until a task is removed.
            `timerctl ls` shows [done/all] beside the name; the notification at the
            end (and each reminder) names the tasks not done yet.
            """,
        examples: [
            "timerctl todo report add 'write intro' proofread 'send it'", "timerctl todo report done 1 2",
            "timerctl todo report",
        ],
        options: ["--json"],
        operands: Completion.Operands(first: .timer(.any), rest: .checklist))

    /// A word after the timer's name: what it does, and which items' numbers follow it (for
    /// completion). The one list of them: the parser reads its aliases here too.
    struct Verb: Sendable {
        var name: String
        var aliases: [String] = []
        var summary: String
        /// The items whose numbers it takes; nil: it takes none.
        var items: Items?
        /// It takes one number, then text (`edit`).
        var takesOne = false

        /// Which items a verb's numbers may name, where it makes sense: only open items can be
        /// ticked off, only done ones unticked.
        enum Items: Sendable {
            case open, done, all

            func accepts(_ item: TodoItem) -> Bool {
                switch self {
                case .open: !item.done
                case .done: item.done
                case .all: true
                }
            }
        }

        static let all: [Verb] = [
            Verb(name: "add", summary: "add tasks at the end"),
            Verb(name: "done", aliases: ["check"], summary: "tick tasks off", items: .open),
            Verb(name: "undo", aliases: ["uncheck"], summary: "untick tasks", items: .done),
            Verb(name: "rm", aliases: ["remove"], summary: "remove tasks", items: .all),
            Verb(name: "edit", summary: "reword a task", items: .all, takesOne: true),
            Verb(name: "clear-done", summary: "remove every task that is done"),
        ]

        /// The verb `word` names, by its name or an alias.
        static func named(_ word: String) -> Verb? { all.first { $0.name == word || $0.aliases.contains(word) } }
    }

    var name: String
    var action: Action
    var json: Bool

    init(name: String, _ action: Action, json: Bool) {
        self.name = name
        self.action = action
        self.json = json
    }

    init(_ input: CommandInput) throws(UsageError) {
        guard let name = input.operands.first else {
            throw input.refusal("todo needs the name of a timer, e.g. `timerctl todo report add \"write intro\"`.")
        }
        self.init(name: name, try Action.parse(Array(input.operands.dropFirst())), json: input.json)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        var connection = try context.connect()
        let current = try context.timer(try connection.call(.get(name: name)))
        if action == .clearDone, !json, !current.todos.contains(where: \.done) {
            // Nothing to do is not a failure (exit 0): the list as it is.
            context.output("\(current.name) has no items that are done; nothing to clear.\n")
            return context.output(context.render.checklist(current))
        }
        let requests = try action.requests(for: current)
        var latest = current
        for result in try connection.call(requests) {
            latest = try context.timer(try result.get())
        }
        if json { return context.output(JSONWriter.string(.array(latest.todos.map(\.json))) + "\n") }
        if action.renumbers { context.output("Removed; the numbers are now:\n") }
        context.output(context.render.checklist(latest))
    }

    /// What to do with the checklist: the words after the timer's name.
    enum Action: Equatable, Sendable {
        case list
        case add([String])
        case done([Int])
        case undo([Int])
        case remove([Int])
        case edit(Int, String)
        case clearDone

        /// Parses the words after the timer's name.
        static func parse(_ words: [String]) throws(UsageError) -> Action {
            guard let word = words.first else { return .list }
            let verb = Verb.named(word)?.name ?? word
            let rest = Array(words.dropFirst())
            func numbers() throws(UsageError) -> [Int] {
                guard !rest.isEmpty else {
                    throw UsageError(message: "todo … \(word) needs the number of an item, e.g. `timerctl todo report \(word) 2`.", topic: "todo")
                }
                var found: [Int] = []
                for typed in rest {
                    guard let n = Int(typed), n > 0 else {
                        throw UsageError(
                            message: "\"\(typed)\" is not an item number; `timerctl todo NAME` lists the items with their numbers.",
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
            case "done": return .done(try numbers())
            case "undo": return .undo(try numbers())
            case "rm": return .remove(try numbers())
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
                    message: "todo does not know \"\(word)\"; it takes \(Verb.all.dropLast().map(\.name).joined(separator: ", ")) "
                        + "or \(Verb.all.last!.name) (or nothing, to list).",
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
                guard timer.todos.contains(where: \.done) else { return [] }
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
}
