import Protocol

/// The presets in the configuration file: `preset set/ls/rm` carried out against it, and the
/// preset `start NAME` runs. Problems in the file are printed as warnings and the rest is used;
/// a missing file holds no presets. Changes edit the file's text (`Presets.setting`), so
/// comments, other groups and lines timerctl cannot read stay as they were.
struct PresetFile {
    /// Nil when no location could be worked out (no `HOME`, `XDG_CONFIG_HOME` or `TIMERD_CONFIG`).
    var path: String?
    var output: (String) -> Void
    /// Prints one problem, already placed (`timerd.conf:7: …`).
    var warn: (String) -> Void

    /// The file the environment names, printing where the command's context does.
    static func current(_ context: CommandContext) -> PresetFile {
        PresetFile(path: ConfigLocation.path(environment: Environment.current()), output: context.output, warn: context.warn)
    }

    func run(_ command: PresetCommand.Action) throws(CtlFailure) {
        switch command {
        case .set(let name, let text, let message, let options):
            try set(name: name, duration: text, message: message, options: options)
        case .list(let json):
            let presets = try read(changing: false).presets
            output(json ? Presets.json(presets) : Presets.table(presets))
        case .remove(let names): try remove(names)
        }
    }

    /// The preset `start NAME` (without a duration) runs; refused as a usage error, with the
    /// presets there are, when there is none of that name or no name was given.
    func preset(forStarting name: String?) throws(CtlFailure) -> Preset {
        let presets = try read(changing: false).presets
        if let name, let preset = presets.first(where: { $0.name == name }) { return preset }
        throw .usage(Presets.missingDuration(name: name, presets: presets), topic: StartCommand.topic.name)
    }

    /// The preset named `name`, if there is one, read without warnings: for `start NAME
    /// DURATION`, which keeps a preset's message and options but does not need one.
    func preset(named name: String) -> Preset? {
        var quiet = self
        quiet.warn = { _ in }
        return try? quiet.read(changing: false).presets.first { $0.name == TimerText.normalized(name) }
    }

    // MARK: Commands

    private func set(name typed: String, duration text: String, message: String?, options: PresetOptions) throws(CtlFailure) {
        // Written as timerd keeps timer names, so that timerd.conf holds the bytes `ls` shows.
        let name = TimerText.normalized(typed)
        if let problem = Presets.problem(withName: name) { throw .usage(problem) }
        let duration: Duration
        do { duration = try DurationParser.parse(text) } catch { throw .usage(error.message) }
        let message = message.flatMap { $0.isEmpty ? nil : $0 }
        if let message, let problem = TimerText.problem(withMessage: message) { throw .usage(problem) }
        let preset = Preset(name: name, duration: duration, message: message, options: options)

        let file = try read(changing: true)
        let old = file.presets.first { $0.name == name }
        if old == preset { return output("Preset \(name) is \(preset.length) already.\n") }
        try save(Presets.setting(preset, in: file.text))
        if let old {
            output("Replaced preset \(name): \(Self.describe(preset)), was \(Self.describe(old)).\n")
        } else if let unused = file.keyFile.value(name, in: Presets.group)?.value {
            // A line whose length could not be read (the warning above said so).
            output("Replaced preset \(name): \(Self.describe(preset)), was \(TimerText.quoted(unused)).\n")
        } else {
            output("Saved preset \(name): \(Self.describe(preset)). Start it with `timerctl start \(TimerText.shellWord(name))`.\n")
        }
    }

    /// `6m30s`, with its options `25m --then break 5m --cycles 4`, and with its message
    /// `6m30s ("Take it off the heat")`.
    static func describe(_ preset: Preset) -> String {
        let length = preset.options.isEmpty ? preset.length : preset.length + " " + preset.options.words
        guard let message = preset.message else { return length }
        return "\(length) (\(TimerText.quoted(TextWidth.truncate(String(message.prefix { $0 != "\n" }), to: 40))))"
    }

    private func remove(_ names: [String]) throws(CtlFailure) {
        let file = try read(changing: true)
        var text = file.text
        var removed: [String] = []
        var unknown: [String] = []
        for name in names where !removed.contains(name) && !unknown.contains(name) {
            let edited = Presets.removing(name, in: text)
            if edited == text {
                unknown.append(name)
            } else {
                text = edited
                removed.append(name)
            }
        }
        if !removed.isEmpty {
            try save(text)
            for name in removed {
                let length = file.presets.first { $0.name == name }.map { " (\($0.length))" } ?? ""
                output("Removed preset \(name)\(length).\n")
            }
        }
        if !unknown.isEmpty {
            throw .refused(Presets.unknown(unknown, presets: file.presets.filter { !removed.contains($0.name) }))
        }
    }

    // MARK: The file

    /// What the file holds. `text` is "" for a missing file.
    private struct Contents {
        var text = ""
        var keyFile = KeyFile()
        var presets: [Preset] = []
    }

    /// Reads the file and prints its problems. For a change, a file that cannot be read or
    /// is not UTF-8 text (it could not be written back as it was) is refused; otherwise it
    /// is a warning and there are no presets.
    private func read(changing: Bool) throws(CtlFailure) -> Contents {
        guard let path else {
            guard changing else { return Contents() }
            throw .refused(
                "Cannot tell where timerd.conf is: neither TIMERD_CONFIG, XDG_CONFIG_HOME nor HOME is set. "
                    + "Set TIMERD_CONFIG to the file to keep presets in.")
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch ConfigLocation.contents(path: path) {
        case .missing:
            return Contents()
        case .unreadable(let reason):
            if changing { throw .refused("Cannot change the presets: \(reason).") }
            warn(KeyFile.Problem(line: 0, message: reason).description(file: name))
            return Contents()
        case .read(let bytes):
            let (keyFile, problems) = ConfigLocation.parse(bytes)
            let (presets, more) = Presets.load(from: keyFile)
            for problem in (problems + more).sorted(by: { $0.line < $1.line }) { warn(problem.description(file: name)) }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                if changing {
                    throw .refused("Cannot change the presets: \(path) is not all UTF-8 text (see above); save it as UTF-8 first.")
                }
                return Contents(keyFile: keyFile, presets: presets)
            }
            return Contents(text: text, keyFile: keyFile, presets: presets)
        }
    }

    private func save(_ text: String) throws(CtlFailure) {
        guard let path else { return }
        do { try ConfigLocation.save(text, to: path) } catch { throw .refused(error.message + " The presets are as they were.") }
    }
}
