import Protocol

/// `timerctl cancel NAME...` or `cancel --all`.
struct CancelCommand: Command {
    static let topic = Help.Topic(
        name: "cancel", aliases: ["rm"], usage: "timerctl cancel NAME... | --all",
        summary: "Remove timers (running, paused or done).",
        details: "  -a, --all   remove every timer",
        examples: ["timerctl cancel pasta", "timerctl rm --all"], options: ["--all"],
        operands: Completion.Operands(first: .timer(.any), rest: .timer(.any)))

    /// The timers to cancel; nil: every one (`--all`).
    var names: [String]?

    init(names: [String]?) { self.names = names }

    /// `cancel --all`.
    static let all = CancelCommand(names: nil)

    init(_ input: CommandInput) throws(UsageError) { names = try input.namesOrAll() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        guard let names else {
            let count = try cancelAll(context)
            guard count > 0 else { return context.output("No timers to cancel.\n") }
            return context.output("Cancelled \(count) timer\(count == 1 ? "" : "s").\n")
        }
        try context.each(names, Request.cancel, verb: "cancelled", finished: true)
    }

    /// Cancels every timer in one request and returns how many there were. A daemon from
    /// before `cancel` took `"all"` refuses the parameter (`-32602`: a daemon that knows it
    /// never answers so); from it the timers are listed and cancelled one by one.
    private func cancelAll(_ context: CommandContext) throws(CtlFailure) -> Int {
        var connection = try context.connect()
        switch try connection.exchange(.cancelAll) {
        case .success(let reply):
            guard let count = reply["cancelled"]?.int64Value else {
                throw .unreachable("The daemon's reply does not say how many timers it cancelled.")
            }
            return Int(count)
        case .failure(let error) where error.code == RPCError.invalidParamsCode:
            break
        case .failure(let error):
            throw .refused(Hints.text(for: error))
        }
        let names = try context.list(&connection).timers.map(\.name)
        var cancelled = 0
        var refusals: [String] = []
        for result in try connection.exchange(names.map { Request.cancel(name: $0) }) {
            switch result {
            case .success: cancelled += 1
            // Cancelled meanwhile by someone else: gone all the same.
            case .failure(let error) where error.code == RPCError.notFoundCode: continue
            case .failure(let error):
                let text = Hints.text(for: error)
                if !refusals.contains(text) { refusals.append(text) }
            }
        }
        if !refusals.isEmpty { throw .refused(refusals.joined(separator: "\ntimerctl: ")) }
        return cancelled
    }
}
