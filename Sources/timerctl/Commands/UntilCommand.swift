import Protocol

/// `timerctl until NAME WHEN`: a deadline.
struct UntilCommand: Command {
    static let topic = Help.Topic(
        name: "until", usage: "timerctl until NAME WHEN [OPTIONS]",
        summary: "Count down to a time of day or a date (a deadline).",
        details: """
            WHEN, in local time: 17:00, 5pm, tomorrow 9:00, tonight 21:00, fri 17:00,
            2026-12-24 18:00, dec 24 18:00, midnight (or eod, the end of today), +45m,
            or an RFC 3339 instant.
            A time without a day means its next occurrence.
            \(NotifyOptionWords.helpLines)
            \(RecurrenceWords.helpLines)
            """,
        examples: [
            "timerctl until report \"fri 17:00\"", "timerctl until sale midnight",
            "timerctl until report \"fri 17:00\" --remind 1h --remind 10m",
            "timerctl until train 17:42 --sound ~/sounds/whistle.oga",
            "timerctl until meeting 9:55 --exec 'curl -d \"$TIMERD_NAME\" ntfy.sh/my-topic'",
            "timerctl until standup 9:55 --every weekday",
            "timerctl until sale midnight --every day",
        ],
        options: NotifyOptionWords.options.union(["--every", "--fresh-todo"]),
        // A new name: nothing to offer.
        operands: Completion.Operands(first: .nothing))

    var name: String
    /// As typed, several words joined; `RequestBuilder` reads it against the clock.
    var when: String
    var message: String?
    var notify: NotifyOptions
    /// What timerd runs when it comes (`--exec`).
    var exec: String?
    /// When it comes again (`--every`, `--fresh-todo`), as typed.
    var every: RecurrenceWords?

    init(
        name: String, when: String, message: String?, notify: NotifyOptions = NotifyOptions(), exec: String? = nil,
        every: RecurrenceWords? = nil
    ) {
        self.name = name
        self.when = when
        self.message = message
        self.notify = notify
        self.exec = exec
        self.every = every
    }

    init(_ input: CommandInput) throws(UsageError) {
        let args = input.operands
        guard args.count >= 2 else {
            throw input.refusal(
                args.isEmpty
                    ? "until needs a name and a time, e.g. `timerctl until report \"fri 17:00\"`."
                    : "until needs a time after the name, e.g. `timerctl until \(TimerText.shellWord(args[0])) 17:00`.")
        }
        self.init(
            name: args[0], when: input.restSpaced, message: input.message, notify: try input.notifyOptions(),
            exec: try input.exec(), every: try RecurrenceWords(input, spec: input.options.values["every"], flag: "--every"))
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let (request, note) = try context.builder.deadlineNoting(
            name: name, when: when, message: message, notify: notify, exec: exec, every: every)
        try context.start(request, note: note)
    }
}
