import Protocol

/// The help texts, made from the commands' topics (`Commands.all`): the overview that lists
/// them and each command's page.
enum Help {
    /// What a command says about itself: its help page, and what the parser and the completion
    /// scripts know of it.
    struct Topic: Sendable {
        var name: String
        var aliases: [String] = []
        var usage: String
        var summary: String
        var details: String = ""
        var examples: [String] = []
        /// Options the command accepts (besides the global ones).
        var options: Set<String> = []
        /// What its operands complete to; nil: nothing (or a subcommand first, see `subcommands`).
        var operands: Completion.Operands? = nil
        /// The subcommands it takes first, and what each one's operands complete to.
        var subcommands: [(name: String, operands: Completion.Operands)] = []
    }

    /// Every command's topic, in the order of `Commands.all`.
    static let topics: [Topic] = Commands.all.map { $0.topic }

    static func topic(_ name: String) -> Topic? { topics.first { $0.name == name } }

    static func canonicalName(_ word: String) -> String? {
        topics.first { $0.name == word || $0.aliases.contains(word) }?.name
    }

    /// The closest command to a mistyped one, if any is close (edit distance at most 2).
    /// What people mean by words timerctl has no command for: the commands that do it.
    static let meanings: [String: [String]] = [
        "stop": ["pause", "cancel"], "halt": ["pause", "cancel"], "delete": ["cancel"], "remove": ["cancel"],
        "kill": ["cancel"], "del": ["cancel"], "clear": ["cancel"], "end": ["cancel"], "in": ["start"], "after": ["start"],
        "timer": ["start"], "new": ["start"], "add": ["start"], "create": ["start"], "countdown": ["start"], "at": ["until"],
        "deadline": ["until"], "by": ["until"], "status": ["ls"], "continue": ["resume"], "unpause": ["resume"],
        "again": ["reset"], "more": ["extend"], "add-time": ["extend"], "silence": ["dismiss"],
        "mute": ["dismiss"], "quiet": ["dismiss"], "every": ["alarm"], "repeat": ["alarm"],
    ]
    /// Words said before the time ("in 10m tea", "at 17:00 report"): the time goes after the name.
    static let timeFirst: Set<String> = ["in", "after", "at", "by"]

    /// The corrected command lines for an unknown `verb` with these operands, from what people
    /// mean by it (`stop` → pause or cancel), else the nearest spelling; empty if none is near.
    static func corrections(for verb: String, operands: [String]) -> [String] {
        let lower = verb.lowercased()
        let commands = meanings[lower].map { $0.filter { named in topics.contains { $0.name == named } } } ?? []
        let chosen = commands.isEmpty ? (suggestion(for: lower).map { [$0] } ?? []) : commands
        var operands = operands
        if timeFirst.contains(lower), operands.count >= 2 { operands.append(operands.removeFirst()) }
        let rest = operands.map(TimerText.shellWord).joined(separator: " ")
        return chosen.map { "timerctl \($0)" + (rest.isEmpty ? "" : " " + rest) }
    }

    static func suggestion(for word: String) -> String? {
        nearest(word, among: topics.flatMap { [$0.name] + $0.aliases })
    }

    /// The candidate nearest a mistyped `word` (a command, an option), if one is at most 2 edits away.
    static func nearest(_ word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    static var overview: String {
        let width = topics.map(\.name.count).max() ?? 0
        let lines = topics.map { topic in
            let aliases = topic.aliases.isEmpty ? "" : " Also: \(topic.aliases.joined(separator: ", "))."
            return "  " + topic.name.padding(width) + "  " + topic.summary + aliases
        }
        return """
            timerctl: timers and deadlines that end in a desktop notification.

            Usage: timerctl [COMMAND [ARGUMENTS]] [--socket PATH] [--no-spawn]

            With no command, timerctl lists the timers, as `timerctl ls` does.

            Commands:
            \(lines.joined(separator: "\n"))

            Global options:
              --socket PATH   talk to the daemon at PATH (default: $TIMERD_SOCKET, else
                              the per-user socket)
              --no-spawn      do not start timerd when it is not running
              -h, --help      show this help, or a command's help after its name
              -V, --version   print the version

            Examples:
              timerctl start pasta 8m
              timerctl until report "fri 17:00"
              timerctl ls

            Exit status: 0 success, 1 the daemon refused (no such timer…), 2 usage error,
            3 no daemon.
            `timerctl help COMMAND` shows a command's details.
            """
    }

    static func text(for name: String) -> String {
        guard let topic = topic(name) else { return overview }
        var text = "Usage: \(topic.usage)\n\n\(topic.summary)\n"
        if !topic.details.isEmpty { text += "\n\(topic.details)\n" }
        if !topic.aliases.isEmpty { text += "\nAlso: \(topic.aliases.map { "timerctl \($0)" }.joined(separator: ", "))\n" }
        if !topic.examples.isEmpty {
            text += "\nExamples:\n" + topic.examples.map { "  \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// Edits (insert, delete, substitute, or swap two neighbours) that turn `a` into `b`. Swaps
    /// count once, so that the commonest typo, "wiat", is nearer "wait" than "list".
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}

extension String {
    /// Pads with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
