import Protocol

/// `timerctl preset …`: what to do with the presets in timerd.conf.
enum PresetCommand: Equatable {
    /// Save a preset, replacing one of the same name. The duration is as typed (several
    /// words joined with spaces, as for `start`); `PresetFile` checks it and the name.
    case set(name: String, duration: String, message: String?)
    case list(json: Bool)
    case remove(names: [String])

    /// Reads the words after `preset`; `message` and `json` are the options given with them.
    /// `preset` alone lists the presets, as `preset ls` does.
    static func parse(_ words: [String], message: String?, json: Bool) throws(UsageError) -> PresetCommand {
        let topic = "preset"
        guard let subcommand = words.first else {
            if message != nil { throw UsageError(message: "preset ls does not take --message.", topic: topic) }
            return .list(json: json)
        }
        let rest = Array(words.dropFirst())
        func refuse(_ option: String, given: Bool) throws(UsageError) {
            if given { throw UsageError(message: "preset \(subcommand) does not take \(option).", topic: topic) }
        }
        switch subcommand {
        case "set":
            try refuse("--json", given: json)
            guard rest.count >= 2 else {
                let example = rest.first.map(TimerText.shellWord) ?? "egg"
                throw UsageError(
                    message: "preset set needs a name and a duration, e.g. `timerctl preset set \(example) 6m30s`.", topic: topic)
            }
            return .set(name: rest[0], duration: rest.dropFirst().joined(separator: " "), message: message)
        case "ls", "list":
            try refuse("--message", given: message != nil)
            guard rest.isEmpty else { throw UsageError(message: "preset \(subcommand) takes no arguments.", topic: topic) }
            return .list(json: json)
        case "rm", "remove":
            try refuse("--message", given: message != nil)
            try refuse("--json", given: json)
            guard !rest.isEmpty else {
                throw UsageError(message: "preset \(subcommand) needs the name of a preset, e.g. `timerctl preset rm egg`.", topic: topic)
            }
            return .remove(names: rest)
        default:
            // `timerctl preset egg 6m30s`: the subcommand left out.
            let typed = words.map(TimerText.shellWord).joined(separator: " ")
            let isDuration = words.count >= 2 && (try? DurationParser.parse(rest.joined(separator: " "))) != nil
            let hint = isDuration ? " Did you mean `timerctl preset set \(typed)`?" : ""
            throw UsageError(
                message: "preset has no subcommand \(TimerText.quoted(subcommand)); it takes set, ls or rm.\(hint)",
                topic: topic)
        }
    }
}
