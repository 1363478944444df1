import Protocol

/// `timerctl ping`: whether the daemon answers, and its version.
struct PingCommand: Command {
    static let topic = Help.Topic(
        name: "ping", usage: "timerctl ping", summary: "Check that the daemon answers; print its version.",
        examples: ["timerctl ping", "timerctl ping --no-spawn"])

    init() {}

    init(_ input: CommandInput) throws(UsageError) { try input.noArguments() }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let reply = try context.request(.ping)
        let version = reply["version"]?.stringValue ?? "?"
        let proto = reply["protocol"]?.int64Value ?? 0
        let startedBy = reply["startedBy"]?.stringValue.map { ", started by \($0)" } ?? ""
        context.output("timerd \(version) is running (protocol \(proto)\(startedBy)).\n")
    }
}
