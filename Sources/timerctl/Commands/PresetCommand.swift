import Protocol

/// `timerctl preset set/ls/rm`: the presets in timerd.conf, which `start NAME` runs.
struct PresetCommand: Command {
    static let topic = Help.Topic(
        name: "preset", aliases: ["presets"],
        usage: "timerctl preset set NAME DURATION [OPTIONS] | ls [--json] | rm NAME...",
        summary: "Save timers by name, for `timerctl start NAME`.",
        details: """
              set NAME DURATION    save a preset, or replace the one of that name;
                                   DURATION as for start
                -m, --message TEXT shown in its notification
                OPTIONS            any of start's: --remind, --no-remind, --sound,
                                   --silent, --volume, --exec, --repeat, --then,
                                   --cycles; `start NAME` starts it with them
              ls                   list the presets (`timerctl preset` alone does too)
                --json             print them as JSON, for scripts
              rm NAME...           forget presets
            Presets live in timerd.conf (~/.config/timerd/, $XDG_CONFIG_HOME/timerd/ or
            the file TIMERD_CONFIG names): lengths under [presets] as egg=6m30s, messages
            under [preset-messages], options as typed under [preset-options]. Comments
            and other settings there are kept. `start NAME DURATION` with a preset's name
            keeps its message and options, with DURATION instead of its length.
            """,
        examples: [
            "timerctl preset set tea 3m -m 'take the bag out'", "timerctl preset set focus 25m --then break 5m --cycles 4",
            "timerctl preset ls", "timerctl preset ls --json | jq -r '.[].name'",
            "timerctl preset rm egg", "timerctl preset rm egg tea",
        ],
        options: PresetOptions.allowed.union(["--message", "--json"]),
        subcommands: [
            ("set", Completion.Operands(first: .preset)),
            ("ls", Completion.Operands(first: .nothing)),
            ("rm", Completion.Operands(first: .preset, rest: .preset)),
        ])

    var action: Action

    init(_ action: Action) { self.action = action }

    init(_ input: CommandInput) throws(UsageError) {
        let options = PresetOptions(
            notify: try input.notifyOptions(), repeats: try StartCommand.repeatWords(input), exec: try input.exec())
        action = try Action.parse(input.operands, message: input.message, json: input.json, options: options)
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        var action = action
        // A sound file is found and checked now, as `start` does, while the user is there.
        if case .set(let name, let duration, let message, var options) = action, case .file(let typed) = options.notify.sound {
            options.notify.sound = .file(try context.builder.files.playable(typed))
            action = .set(name: name, duration: duration, message: message, options: options)
        }
        try PresetFile.current(context).run(action)
    }

    /// What to do with the presets.
    enum Action: Equatable, Sendable {
        /// Save a preset, replacing one of the same name. The duration is as typed (several
        /// words joined with spaces, as for `start`); `PresetFile` checks it and the name.
        case set(name: String, duration: String, message: String?, options: PresetOptions = PresetOptions())
        case list(json: Bool)
        case remove(names: [String])

        /// Reads the words after `preset`; `message` and `json` are the options given with them.
        /// `preset` alone lists the presets, as `preset ls` does.
        static func parse(
            _ words: [String], message: String?, json: Bool, options: PresetOptions = PresetOptions()
        ) throws(UsageError) -> Action {
            let topic = "preset"
            guard let subcommand = words.first else {
                if message != nil { throw UsageError(message: "preset ls does not take --message.", topic: topic) }
                if !options.isEmpty { throw UsageError(message: "preset ls takes no options of start.", topic: topic) }
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
                return .set(name: rest[0], duration: rest.dropFirst().joined(separator: " "), message: message, options: options)
            case "ls", "list":
                try refuse("--message", given: message != nil)
                try refuse("options of start", given: !options.isEmpty)
                guard rest.isEmpty else { throw UsageError(message: "preset \(subcommand) takes no arguments.", topic: topic) }
                return .list(json: json)
            case "rm", "remove":
                try refuse("--message", given: message != nil)
                try refuse("options of start", given: !options.isEmpty)
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
