import Protocol

/// `timerctl stopwatch NAME`: counts up from zero.
struct StopwatchCommand: Command {
    static let topic = Help.Topic(
        name: "stopwatch", aliases: ["sw"], usage: "timerctl stopwatch NAME [--notify-every DURATION]",
        summary: "Start a stopwatch: it counts up from 0:00.",
        details: """
              --notify-every DURATION  a notification each time it passes a multiple
                                       of DURATION (25m: at 25m, 50m, 1h15m…)
            It counts real time, the computer's sleep included (as countdowns do), and
            keeps counting across restarts of timerd. pause, resume and cancel work as
            for countdowns; reset goes back to 0:00 and keeps it running or paused as it
            was; `timerctl lap NAME` records a lap; show lists the laps.
            """,
        examples: ["timerctl stopwatch run", "timerctl sw bread --notify-every 25m"],
        options: ["--notify-every"],
        // A new name: nothing to offer.
        operands: Completion.Operands(first: .nothing))

    var name: String
    var notifyEvery: Duration?

    init(name: String, notifyEvery: Duration? = nil) {
        self.name = name
        self.notifyEvery = notifyEvery
    }

    init(_ input: CommandInput) throws(UsageError) {
        let name = try input.oneName()
        var every: Duration?
        if let text = input.options.values["notify-every"] {
            do { every = try DurationParser.parse(text) } catch { throw input.refusal("--notify-every: \(error.message)") }
            guard let every, Methods.Stopwatch.notifyEveryRange.contains(every) else {
                throw input.refusal("--notify-every takes from 1s to 365d, such as 25m.")
            }
        }
        self.init(name: name, notifyEvery: every)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        try context.start(.stopwatch(name: name, notifyEvery: notifyEvery))
    }
}
