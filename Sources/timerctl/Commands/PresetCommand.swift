import Protocol

/// `timerctl preset set/ls/rm`: the presets in timerd.conf, which `start NAME` runs.
struct PresetCommand: Command {
    static let topic = Help.Topic(
        name: "preset", aliases: ["presets"],
        usage: "timerctl preset set NAME DURATION [-m TEXT] | ls [--json] | rm NAME...",
        summary: "Save timers by name, for `timerctl start NAME`.",
        details: """
              set NAME DURATION    save a preset, or replace the one of that name;
                                   DURATION as for start
                -m, --message TEXT shown in its notification
              ls                   list the presets (`timerctl preset` alone does too)
                --json             print them as JSON, for scripts
              rm NAME...           forget presets
            Presets live in timerd.conf (~/.config/timerd/, $XDG_CONFIG_HOME/timerd/ or
            the file TIMERD_CONFIG names): lengths under [presets] as egg=6m30s, messages
            under [preset-messages]. Comments and other settings there are kept.
            """,
        examples: [
            "timerctl preset set egg 6m30s", "timerctl preset set tea 3m -m 'take the bag out'",
            "timerctl preset ls", "timerctl preset ls --json | jq -r '.[].name'",
            "timerctl preset rm egg", "timerctl preset rm egg tea",
        ],
        options: ["--message", "--json"],
        subcommands: [
            ("set", Completion.Operands(first: .preset)),
            ("ls", Completion.Operands(first: .nothing)),
            ("rm", Completion.Operands(first: .preset, rest: .preset)),
        ])

    var action: Action

    init(_ action: Action) { self.action = action }

    init(_ input: CommandInput) throws(UsageError) {
        action = try Action.parse(input.operands, message: input.message, json: input.json)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        try PresetFile.current(output: context.output).run(action)
    }

    /// What to do with the presets.
    enum Action: Equatable, Sendable {
        /// Save a preset, replacing one of the same name. The duration is as typed (several
        /// words joined with spaces, as for `start`); `PresetFile` checks it and the name.
        case set(name: String, duration: String, message: String?)
        case list(json: Bool)
        case remove(names: [String])

        /// Reads the words after `preset`; `message` and `json` are the options given with them.
        /// `preset` alone lists the presets, as `preset ls` does.
        static func parse(_ words: [String], message: String?, json: Bool) throws(UsageError) -> Action {
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
}
