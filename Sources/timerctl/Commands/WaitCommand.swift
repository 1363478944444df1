import Protocol

/// `timerctl wait NAME`: blocks until the timer is done (exit 0) or cancelled (exit 1).
struct WaitCommand: Command {
    static let topic = Help.Topic(
        name: "wait", usage: "timerctl wait NAME",
        summary: "Wait until a timer is done (exit 0) or cancelled (exit 1).",
        examples: ["timerctl wait pasta && echo 'drain it'", "timerctl wait 'tea break' && mpv ~/sounds/gong.oga"],
        operands: Completion.Operands(first: .timer(.waitable)))

    var name: String

    init(name: String) { self.name = name }

    init(_ input: CommandInput) throws(UsageError) { name = try input.oneName() }

    /// Subscribing first and then asking for the timer closes the window in which it could
    /// fire unseen.
    func run(_ context: CommandContext) throws(CtlFailure) {
        var connection = try context.connect()
        let replies = try connection.call([.subscribe, .get(name: name)])
        let current = try context.timer(try replies[1].get())
        if current.state == .done { return context.output("\(name) is done.\n") }
        if current.kind == .stopwatch {
            throw .refused("\(TimerText.quoted(name)) is a stopwatch and never finishes, so there is nothing to wait for.")
        }
        while true {
            let (event, timer) = try connection.nextEvent()
            guard timer.name == name else { continue }
            switch event {
            case .fired: return context.output("\(name) is done.\n")
            case .cancelled: throw .refused("\(name) was cancelled before it was done.")
            default: continue
            }
        }
    }
}
