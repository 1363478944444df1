import Protocol

/// `timerctl history`: the timers that fired, newest first.
struct HistoryCommand: Command {
    static let topic = Help.Topic(
        name: "history", usage: "timerctl history [-n N] [--json]",
        summary: "List the timers that fired, newest first; missed ones are marked.",
        details: """
            A timer is missed when it fired more than 2 s after it was due, because timerd
            was not running or the computer was asleep. timerd keeps the last \(Limits.historyLength).
              -n, --limit N   only the N most recent (1-\(Limits.historyLength))
              --json          print the protocol's history entries, for scripts
            """,
        examples: ["timerctl history", "timerctl history -n 5", "timerctl history --json | jq -r '.[] | select(.missed) | .name'"],
        options: ["--limit", "--json"])

    /// At most this many fired timers (nil: as many as the daemon keeps).
    var limit: Int?
    var json: Bool

    init(limit: Int?, json: Bool) {
        self.limit = limit
        self.json = json
    }

    init(_ input: CommandInput) throws(UsageError) {
        let args = input.operands
        if args.count == 1, let count = Int(args[0]), (1...Limits.historyLength).contains(count) {
            throw input.refusal("history takes no arguments; for the last \(count), type `timerctl history -n \(count)`.")
        }
        try input.noArguments()
        self.init(limit: try input.options.values["limit"].map { text throws(UsageError) in try Self.limit(text, input) },
                  json: input.json)
    }

    /// The value of `-n`: how many entries to show.
    private static func limit(_ text: String, _ input: CommandInput) throws(UsageError) -> Int {
        guard let limit = Int(text), (1...Limits.historyLength).contains(limit) else {
            throw input.refusal(
                "-n/--limit must be a whole number from 1 to \(Limits.historyLength), not \(TimerText.quoted(text)); "
                    + "e.g. `timerctl history -n 20` shows the last 20.")
        }
        return limit
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let reply = try context.request(.history(limit: limit))
        guard case .array(let items)? = reply["entries"] else { throw .unreachable("The daemon's reply has no entries in it.") }
        var entries: [HistoryEntry] = []
        for item in items {
            do { entries.append(try HistoryEntry(json: item)) } catch { throw .unreachable(error.message) }
        }
        context.output(json ? JSONWriter.string(.array(items)) + "\n" : context.render.history(entries))
    }
}
