import Protocol

/// Hidden: what a completion offers, one per line (`Completion.candidates`), for the scripts:
///
///     timerctl __complete timers [FILTER]            the timers FILTER accepts (all without it)
///     timerctl __complete presets                    the presets
///     timerctl __complete checklist NAME [WORD...]   what follows `todo NAME WORD...`
struct CompleteCommand: Command {
    static let topic = Help.Topic(
        name: "__complete", usage: "timerctl __complete timers [FILTER] | presets | checklist NAME [WORD...]",
        summary: "List names for a completion.")

    var source: Completion.Source

    init(_ source: Completion.Source) { self.source = source }

    init(_ input: CommandInput) throws(UsageError) {
        let words = input.operands
        switch (words.first, words.count) {
        case ("timers", 1): source = .timers(.any)
        case ("timers", 2):
            guard let filter = TimerFilter(rawValue: words[1]) else {
                throw UsageError(
                    message: "__complete timers takes one of \(TimerFilter.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            source = .timers(filter)
        case ("presets", 1): source = .presets
        case ("checklist", 2...): source = .checklist(name: words[1], words: Array(words.dropFirst(2)))
        default:
            throw UsageError(message: "__complete lists timers [FILTER], presets, or checklist NAME [WORD...].")
        }
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        context.output(Completion.candidates(source, socket: context.socket))
    }
}
