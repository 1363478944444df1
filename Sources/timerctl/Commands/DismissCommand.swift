import Protocol

/// `timerctl dismiss NAME...` or `dismiss --all`: the alarm stops, as with the notification's
/// Dismiss button.
struct DismissCommand: Command {
    static let topic = Help.Topic(
        name: "dismiss", aliases: ["ok"], usage: "timerctl dismiss NAME... | --all",
        summary: "Stop a ringing alarm and close its notification.",
        details: """
              -a, --all   every ringing timer, and the notifications of all that are done

            A timer that fired rings until it is answered: dismissed here or in its
            notification, snoozed, restarted, cancelled, or until the ring runs its length
            (ring in timerd.conf, 1 minute unless set). Dismissing keeps the timer, done, in
            the list; cancel removes it.
            """,
        examples: ["timerctl dismiss pasta", "timerctl dismiss --all"], options: ["--all"],
        operands: Completion.Operands(first: .timer(.ringing), rest: .timer(.ringing)))

    /// The timers to dismiss; nil: every ringing one (`--all`).
    var names: [String]?

    init(names: [String]?) { self.names = names }

    init(_ input: CommandInput) throws(UsageError) { names = try input.namesOrAll() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        guard let names else {
            let reply = try context.request(.dismissAll)
            guard let count = reply["dismissed"]?.int64Value else {
                throw .unreachable("The daemon's reply does not say how many timers it dismissed.")
            }
            guard count > 0 else { return context.output("Nothing was ringing.\n") }
            return context.output("Dismissed \(count) ringing timer\(count == 1 ? "" : "s").\n")
        }
        try context.each(names, Request.dismiss, verb: "dismissed", finished: true)
    }
}
