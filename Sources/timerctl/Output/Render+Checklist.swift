import Protocol

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
        let time = timer.kind == .stopwatch
            ? "\(TimeFormat.elapsed(timer.elapsed)) on the stopwatch\(timer.state == .paused ? ", paused" : "")"
            : timer.state == .paused ? "\(left(timer)) left, paused" : timer.state == .done ? left(timer) : "\(left(timer)) left"
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
