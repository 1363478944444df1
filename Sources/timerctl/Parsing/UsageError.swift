/// A command line `timerctl` cannot make sense of. Exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    /// The command whose usage to print after the message.
    var topic: String?
    var description: String { message }
}

/// The one funnel of usage refusals: every one, whether the parser or a running command
/// (a duration that is no duration, a preset that is not there) found it, is worded here
/// before `main` prints it with exit status 2. What a refusal adds to its message (today the
/// command's usage line) is decided in this one place.
enum Refusal {
    static func text(_ error: UsageError) -> String {
        var text = error.message
        if let topic = error.topic, let usage = Help.topic(topic)?.usage { text += "\nUsage: \(usage)" }
        return text
    }
}
