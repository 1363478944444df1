import Protocol

/// `timerctl alarm NAME TIME [--days SPEC]`: the phone clock's alarm, a deadline at a time of
/// day that comes again on those days (every day by default).
struct AlarmCommand: Command {
    static let topic = Help.Topic(
        name: "alarm", usage: "timerctl alarm NAME TIME [--days SPEC] [OPTIONS]",
        summary: "Set an alarm at a time of day, every day or on chosen days.",
        details: """
            TIME, in local time: 7:30, 6:45am, 18:00. The alarm rings at the next TIME on
            one of its days, then on each such day; it stays at TIME on the wall clock when
            the clocks change. The same as `timerctl until NAME TIME --every SPEC`.
              --days SPEC          day (the default), weekday (mon-fri), weekend, or days
                                   such as mon,wed,fri or mon-fri
              --fresh-todo         untick its checklist each time (default: keep)
            \(NotifyOptionWords.helpLines)
            `timerctl skip NAME` skips its next time; pause stops it, resume restarts it.
            """,
        examples: [
            "timerctl alarm wake 7:30 --days weekday", "timerctl alarm plants 18:00 --days mon,thu",
            "timerctl alarm standup 9:55 --days mon-fri --remind 5m",
        ],
        options: NotifyOptionWords.options.union(["--days", "--fresh-todo"]),
        operands: Completion.Operands(first: .nothing))

    var until: UntilCommand

    init(_ input: CommandInput) throws(UsageError) {
        let args = input.operands
        guard args.count >= 2 else {
            throw input.refusal(
                args.isEmpty
                    ? "alarm needs a name and a time of day, e.g. `timerctl alarm wake 7:30 --days weekday`."
                    : "alarm needs a time of day after the name, e.g. `timerctl alarm \(TimerText.shellWord(args[0])) 7:30`.")
        }
        let every = try RecurrenceWords(input, spec: input.options.values["days"] ?? "day", flag: "--days")
        until = UntilCommand(
            name: args[0], when: input.restSpaced, message: input.message, notify: try input.notifyOptions(),
            exec: try input.exec(), every: every)
    }

    func run(_ context: CommandContext) throws(CtlFailure) { try until.run(context) }
}
