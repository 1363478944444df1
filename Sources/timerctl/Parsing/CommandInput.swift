import Protocol

/// The options of a command line, as typed, wherever they stood.
struct Options {
    /// The values of options that take one, by long name without dashes; the last given wins.
    var values: [String: String] = [:]
    var switches: Set<String> = []
    /// Every `--remind`, in order.
    var reminders: [String] = []
    /// Every option in long form, in the order given, so that a refusal names the first.
    var order: [String] = []
}

/// What a command reads: its name as typed, the words after it and the options of the whole
/// line (`Arguments` has already refused options the command does not take).
struct CommandInput {
    /// The command's name as typed, an alias perhaps: refusals say it back ("restart needs…").
    var verb: String
    /// The command's own name, whose usage a refusal prints; nil for hidden commands.
    var topic: String?
    /// The words after the name that are not options.
    var operands: [String]
    var options: Options

    var message: String? { options.values["message"] }
    var json: Bool { options.switches.contains("--json") }

    /// A refusal that points to this command's usage.
    func refusal(_ message: String) -> UsageError { UsageError(message: message, topic: topic) }

    func noArguments() throws(UsageError) {
        guard operands.isEmpty else { throw refusal("\(verb) takes no arguments.") }
    }

    /// One or more timer names.
    func names() throws(UsageError) -> [String] {
        guard !operands.isEmpty else {
            throw refusal("\(verb) needs the name of a timer, e.g. `timerctl \(verb) pasta`.")
        }
        return operands
    }

    /// The names, or nil for `--all` (`cancel`, `dismiss`): one or the other.
    func namesOrAll() throws(UsageError) -> [String]? {
        guard options.switches.contains("--all") else { return try names() }
        guard operands.isEmpty else { throw refusal("\(topic ?? verb) takes either names or --all, not both.") }
        return nil
    }

    func oneName() throws(UsageError) -> String {
        let names = try names()
        guard names.count == 1 else { throw refusal("\(verb) takes only one name.") }
        return names[0]
    }

    /// The operands from the second on, joined by single spaces: unquoted durations with
    /// spaces ("1h 30m") arrive as several words.
    var restSpaced: String { spaced(operands.dropFirst()) }
}

/// The words joined by single spaces ("1h 30m" given as two arguments). By hand: the standard
/// library's `joined(separator:)` on a slice runs unspecialized, and looking up its generic
/// types took a quarter of `timerctl start`'s instructions.
func spaced(_ words: ArraySlice<String>) -> String {
    var text = ""
    for word in words {
        if !text.isEmpty { text += " " }
        text += word
    }
    return text
}
