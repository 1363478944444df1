import Protocol

/// `timerctl start NAME DURATION`: a countdown; `start NAME` alone, a preset's.
struct StartCommand: Command {
    static let topic = Help.Topic(
        name: "start", usage: "timerctl start NAME [DURATION] [OPTIONS]",
        summary: "Start a countdown; a notification appears when it is done.",
        details: """
            DURATION: 90s, 8m, 1h30m, 1h 30m, 2d, 1:30 (m:ss), 01:02:03 (h:mm:ss);
            a bare number is seconds. At most 365 days.
            NAME is 1-64 characters of any script; quote names with spaces.
            Without DURATION, NAME is a preset: its length, message and options (see
            `timerctl help preset`); with DURATION, a preset's message and options
            stay. Options typed win over the preset's.
            \(NotifyOptionWords.helpLines)
              --repeat N           run it N times in a row (at most \(Repeats.maxRounds))
              --then NAME DURATION a second step after each run (a break)
              --cycles N           rounds of the timer and its --then step
            """,
        examples: [
            "timerctl start pasta 8m", "timerctl start 'tea break' 3m30s -m 'green tea, not too long'",
            "timerctl start bread 45m --remind 10m --silent",
            "timerctl start tea 4m --sound ~/sounds/bell.oga --volume 50%",
            "timerctl start focus 25m --then break 5m --cycles 4",
            "timerctl start tea 4m --exec 'playerctl pause'",
            "timerctl start egg", "timerctl start egg -m 'soft, for Sam'",
        ],
        options: NotifyOptionWords.options.union(["--repeat", "--then", "--cycles"]),
        // `start NAME` with only a name starts a preset.
        operands: Completion.Operands(first: .preset))

    /// Nil only for `start` alone, which `PresetFile` answers with the presets there are.
    var name: String?
    /// As typed, several words joined; nil: the preset `name`'s.
    var duration: String?
    var message: String?
    /// The reminders sorted longest first, and a sound file as typed (perhaps relative):
    /// `RequestBuilder` checks both against the end and the file system.
    var notify: NotifyOptions
    var repeats: RepeatWords?
    /// What timerd runs when it fires (`--exec`).
    var exec: String?

    init(
        name: String, duration: String, message: String?, notify: NotifyOptions = NotifyOptions(),
        repeats: RepeatWords? = nil, exec: String? = nil
    ) {
        self.name = name
        self.duration = duration
        self.message = message
        self.notify = notify
        self.repeats = repeats
        self.exec = exec
    }

    /// `start NAME` without a duration: the preset NAME (nil: `start` alone), see `PresetFile`.
    init(
        preset name: String?, message: String?, notify: NotifyOptions = NotifyOptions(), repeats: RepeatWords? = nil,
        exec: String? = nil
    ) {
        self.name = name
        self.message = message
        self.notify = notify
        self.repeats = repeats
        self.exec = exec
    }

    init(_ input: CommandInput) throws(UsageError) {
        let args = input.operands
        guard args.count >= 2 else {
            // Which presets there are decides what it means.
            self.init(
                preset: args.first, message: input.message, notify: try input.notifyOptions(),
                repeats: try Self.repeatWords(input), exec: try input.exec())
            return
        }
        self.init(
            name: args[0], duration: input.restSpaced, message: input.message, notify: try input.notifyOptions(),
            repeats: try Self.repeatWords(input), exec: try input.exec())
    }

    func run(_ context: CommandContext) throws(CtlFailure) {
        let presets = PresetFile.current(context)
        guard let name, let duration else {
            let preset = try presets.preset(forStarting: name)
            return try start(preset.name, preset.length, preset: preset, context)
        }
        // A preset's name with a duration: that duration, and the rest of the preset.
        try start(name, duration, preset: presets.preset(named: name), context)
    }

    /// The countdown, with the options typed put over the preset's (message included).
    private func start(_ name: String, _ duration: String, preset: Preset?, _ context: CommandContext) throws(CtlFailure) {
        var saved = preset?.options ?? PresetOptions()
        // The preset's reminders were for its length: those that a shorter one leaves no room for go.
        if let length = try? DurationParser.parse(duration), let reminders = saved.notify.reminders, !reminders.isEmpty {
            saved.notify.reminders = reminders.filter { $0 < length }
            if saved.notify.reminders == [] { saved.notify.reminders = nil }
        }
        let options = saved.overridden(by: PresetOptions(notify: notify, repeats: repeats, exec: exec))
        try context.start(
            try context.builder.countdown(
                name: name, duration: duration, message: message ?? preset?.message, notify: options.notify,
                repeats: options.repeats, exec: options.exec),
            note: Self.unitNote(duration))
    }

    /// A bare number is seconds, as for `sleep`: said plainly, since `start pasta 8` is as
    /// likely to mean minutes. Nil for a duration with its unit.
    static func unitNote(_ duration: String) -> String? {
        guard !duration.isEmpty, duration.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let unit = Int(duration) == 1 ? "second" : "seconds"
        return "(\(duration) \(unit): a bare number is seconds; for minutes say \(duration)m.)"
    }

    /// `--repeat N`, or `--then NAME DURATION` with `--cycles N`, as typed; nil without them.
    static func repeatWords(_ input: CommandInput) throws(UsageError) -> RepeatWords? {
        let flags = input.options.values
        if flags["repeat"] != nil && flags["cycles"] != nil {
            throw input.refusal(
                "--repeat and --cycles both count rounds; give one (--repeat 3 for one timer three times, "
                    + "--then break 5m --cycles 4 for a pomodoro).")
        }
        guard let text = flags["repeat"] ?? flags["cycles"] ?? (flags["then"] != nil ? "1" : nil) else { return nil }
        guard let rounds = Int(text), (1...Repeats.maxRounds).contains(rounds) else {
            throw input.refusal(
                "\(flags["repeat"] != nil ? "--repeat" : "--cycles") needs a whole number from 1 to \(Repeats.maxRounds), such as 4.")
        }
        return RepeatWords(rounds: rounds, thenName: flags["then"], thenDuration: flags["then-length"])
    }
}

/// How a timer repeats, as typed: rounds, and the `--then` step's name and duration.
struct RepeatWords: Equatable, Sendable {
    var rounds: Int
    var thenName: String?
    var thenDuration: String?
}
