/// A command line `timerctl` cannot make sense of. Exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    /// The command whose usage to print after the message.
    var topic: String?
    var description: String { message }
}

/// The one funnel of usage refusals: every one, whether the parser or a running command
/// (a duration that is no duration, a preset that is not there) found it, is worded here
/// before `main` prints it with exit status 2. A refusal about a command ends with that
/// command's usage line and an example, so that the fix can be read off the screen.
enum Refusal {
    static func text(_ error: UsageError) -> String {
        var text = error.message
        guard let topic = error.topic.flatMap(Help.topic) else { return text }
        text += "\nUsage: \(topic.usage)"
        // A message that already shows a whole command line needs no other.
        if !error.message.contains("`timerctl "), let example = example(topic, for: error.message) {
            text += "\nExample: \(example)"
        }
        return text
    }

    /// The first of the command's examples that uses an option the message names, else its first.
    static func example(_ topic: Help.Topic, for message: String) -> String? {
        let named = message.split { !($0.isLetter || $0 == "-") }.filter { $0.hasPrefix("--") && $0.count > 2 }
        let words = { (example: String) in example.split(separator: " ") }
        return topic.examples.first { example in named.contains { words(example).contains($0) } } ?? topic.examples.first
    }
}
