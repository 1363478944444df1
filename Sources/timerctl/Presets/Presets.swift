import Protocol

/// A remembered timer, as the phone app has them: saved once with
/// `timerctl preset set egg 6m30s`, started by name with `timerctl start egg`.
struct Preset: Equatable {
    var name: String
    var duration: Duration
    var message: String?
    /// The options of `start` it was saved with (`--then break 5m --cycles 4`…).
    var options = PresetOptions()

    /// The length as the file holds it and people read it: `6m30s`.
    var length: String { Presets.written(duration) }
}

/// Presets in timerd.conf: what the file holds, what is wrong with it, and what `timerctl`
/// says about them. Pure; `PresetFile` reads and writes the file.
///
/// The file keeps them as two groups of plain key file entries, a name and a length, and
/// separately a name and a message:
///
/// ```
/// [presets]
/// egg=6m30s
/// tea=3m
///
/// [preset-messages]
/// tea=Take the bag out
/// ```
///
/// and the options of `start` it was saved with, as they are typed, in a third
/// (`PresetOptions`):
///
/// ```
/// [preset-options]
/// focus=--then break 5m --cycles 4
/// ```
///
/// Separate groups rather than one value such as `3m;Take the bag out`: a message is any text,
/// `;` and `,` included, which in one value would need a second layer of escaping that
/// neither GLib nor a person editing the file expects; this way `[presets]` stays a list of
/// names and lengths anyone can read, and each value is one GLib string.
enum Presets {
    static let group = "presets"
    static let messageGroup = "preset-messages"

    // MARK: Reading

    /// The presets in `keyFile` in the order of the file, and a problem (at its line) for each
    /// entry that cannot be used, which is skipped: a name that is not a timer name, a length
    /// that is not a duration, a message that is not a timer message or has no preset.
    static func load(from keyFile: KeyFile) -> ([Preset], [KeyFile.Problem]) {
        var presets: [Preset] = []
        var problems: [KeyFile.Problem] = []
        var positions: [String: Int] = [:]
        for name in keyFile.keys(in: group) {
            guard let (value, line) = keyFile.value(name, in: group) else { continue }
            if let problem = problem(withName: name) {
                problems.append(KeyFile.Problem(line: line, message: "preset \(TimerText.quoted(name)) is skipped: \(phrase(problem))"))
                continue
            }
            guard !value.allSatisfy(\.isWhitespace) else {
                problems.append(KeyFile.Problem(
                    line: line, message: "preset \(TimerText.quoted(name)) needs a length after \"=\", such as \(name)=6m30s"))
                continue
            }
            do {
                let duration = try DurationParser.parse(value)
                positions[name] = presets.count
                presets.append(Preset(name: name, duration: duration))
            } catch {
                problems.append(KeyFile.Problem(line: line, message: "preset \(TimerText.quoted(name)) is skipped: \(phrase(error.message))"))
            }
        }
        /// The entries of a group that belong to the presets read above (`[preset-messages]`,
        /// `[preset-options]`): `take` uses one, or says why it cannot (the line is then
        /// reported as `unused`); an entry of no preset is reported as `orphan`.
        func attached(_ attachedGroup: String, orphan: (String) -> String, unused: (String) -> String,
                      _ take: (inout Preset, String) -> String?) {
            for name in keyFile.keys(in: attachedGroup) {
                guard let (value, line) = keyFile.value(name, in: attachedGroup) else { continue }
                guard let position = positions[name] else {
                    // A preset skipped above has been reported already.
                    if keyFile.value(name, in: group) == nil {
                        problems.append(KeyFile.Problem(
                            line: line,
                            message: "\(orphan(TimerText.quoted(name))): [\(group)] has no \(name)=; add one there or remove this line"))
                    }
                    continue
                }
                if let problem = take(&presets[position], value) {
                    problems.append(KeyFile.Problem(line: line, message: "\(unused(TimerText.quoted(name))): \(phrase(problem))"))
                }
            }
        }
        attached(
            messageGroup, orphan: { "the message for \($0) belongs to no preset" },
            unused: { "the message of preset \($0) is not used" }
        ) { preset, message in
            if message.isEmpty { return nil }
            if let problem = TimerText.problem(withMessage: message) { return problem }
            preset.message = message
            return nil
        }
        attached(
            PresetOptions.group, orphan: { "the options for \($0) belong to no preset" },
            unused: { "the options of preset \($0) are not used" }
        ) { preset, words in
            do throws(UsageError) {
                preset.options = try PresetOptions(words: words)
                return nil
            } catch {
                return error.message
            }
        }
        return (presets, problems.sorted { $0.line < $1.line })
    }

    /// Nil when `name` can be a preset: a timer name (`TimerText.problem(withName:)`) that
    /// can also be written as a key of timerd.conf and read back; else what to do instead.
    static func problem(withName name: String) -> String? {
        if let problem = TimerText.problem(withName: name) { return problem }
        let instead = suggestion(for: name).map { " Choose another name, such as \(TimerText.shellWord($0))." }
            ?? " Choose another name."
        if name.contains("[") || name.contains("]") {
            return "A preset name cannot contain \"[\" or \"]\": timerd.conf marks its [groups] with them." + instead
        }
        if name.contains("=") {
            return "A preset name cannot contain \"=\": in timerd.conf it separates the name from the length." + instead
        }
        if name.hasPrefix("#") {
            return "A preset name cannot start with \"#\": timerd.conf would read the line as a comment." + instead
        }
        guard KeyFile.isValidKey(name) else {
            return "The name \(TimerText.quoted(name)) cannot be written in timerd.conf." + instead
        }
        return nil
    }

    /// `egg[large]` → `egg-large`, `#1` → `1`: a name like the one refused that can be used.
    private static func suggestion(for name: String) -> String? {
        var candidate = Substring(String(name.map { $0 == "[" || $0 == "]" || $0 == "=" ? "-" : $0 }))
        while let first = candidate.first, first == "#" || first == "-" || first == " " { candidate.removeFirst() }
        while let last = candidate.last, last == "-" || last == " " { candidate.removeLast() }
        let suggestion = String(candidate)
        guard TimerText.problem(withName: suggestion) == nil, KeyFile.isValidKey(suggestion) else { return nil }
        return suggestion
    }

    /// A sentence as a phrase to follow "timerd.conf:7: …": without its final full stop.
    private static func phrase(_ sentence: String) -> String {
        sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    // MARK: Writing

    /// The shortest text `DurationParser` reads back as exactly `duration`: `TimeFormat.compact`
    /// (`6m30s`) for whole seconds; a fraction stays in the seconds (`0.5s`, `1m30.25s`), where
    /// `compact` would round it (`0.5` to `1s`).
    static func written(_ duration: Duration) -> String {
        let nanoseconds = duration.nanoseconds
        let fraction = nanoseconds % 1_000_000_000
        guard fraction > 0 else { return TimeFormat.compact(duration) }
        let seconds = nanoseconds / 1_000_000_000
        let minutes = seconds - seconds % 60
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return (minutes > 0 ? TimeFormat.compact(.seconds(minutes)) : "") + "\(seconds % 60).\(digits)s"
    }

    /// `text` with `preset` in it: its length in `[presets]`, its message in `[preset-messages]`
    /// (or no message there). Everything else in the text stays as it was.
    ///
    /// - Precondition: `problem(withName: preset.name) == nil`.
    static func setting(_ preset: Preset, in text: String) -> String {
        var text = KeyFileEditor.setting(preset.length, for: preset.name, in: group, text: text)
        text = preset.options.isEmpty
            ? KeyFileEditor.removing(key: preset.name, in: PresetOptions.group, text: text)
            : KeyFileEditor.setting(preset.options.words, for: preset.name, in: PresetOptions.group, text: text)
        guard let message = preset.message else {
            return KeyFileEditor.removing(key: preset.name, in: messageGroup, text: text)
        }
        return KeyFileEditor.setting(message, for: preset.name, in: messageGroup, text: text)
    }

    /// `text` without the preset `name` and its message; unchanged when it has neither, or
    /// when `name` could not be a key.
    static func removing(_ name: String, in text: String) -> String {
        guard KeyFile.isValidKey(name) else { return text }
        var text = KeyFileEditor.removing(key: name, in: group, text: text)
        text = KeyFileEditor.removing(key: name, in: PresetOptions.group, text: text)
        return KeyFileEditor.removing(key: name, in: messageGroup, text: text)
    }

    // MARK: Showing

    /// The `preset ls` table.
    static func table(_ presets: [Preset]) -> String {
        guard !presets.isEmpty else { return "No presets yet. Save one with `timerctl preset set egg 6m30s`.\n" }
        let message = { (preset: Preset) in preset.message.map { String($0.prefix { $0 != "\n" }) } ?? "" }
        // An OPTIONS column only when a preset has options, as `ls` has MESSAGE only when needed.
        guard presets.contains(where: { !$0.options.isEmpty }) else {
            return Render.columns(["NAME", "LENGTH", "MESSAGE"], presets.map { [$0.name, $0.length, message($0)] })
        }
        let rows = presets.map { [$0.name, $0.length, $0.options.words, message($0)] }
        return Render.columns(["NAME", "LENGTH", "OPTIONS", "MESSAGE"], rows)
    }

    /// `preset ls --json`: `[{"name":"egg","seconds":390,"message":null,"options":null}]`,
    /// seconds as an integer when whole, options as `start` takes them.
    static func json(_ presets: [Preset]) -> String {
        let objects = presets.map { preset -> JSONValue in
            let nanoseconds = preset.duration.nanoseconds
            let seconds: JSONValue =
                nanoseconds % 1_000_000_000 == 0 ? .integer(nanoseconds / 1_000_000_000) : .number(preset.duration.seconds)
            return .object(JSONObject(uniqueKeysWithValues: [
                ("name", .string(preset.name)), ("seconds", seconds), ("message", preset.message.map { .string($0) } ?? .null),
                ("options", preset.options.isEmpty ? .null : .string(preset.options.words)),
            ]))
        }
        return JSONWriter.string(.array(objects)) + "\n"
    }

    /// At most this many presets are named in a message; `preset ls` shows them all.
    static let listedInMessages = 10

    /// `egg (6m30s), tea (3m)`, names as they are typed in a shell.
    static func listed(_ presets: [Preset]) -> String {
        var items = presets.prefix(listedInMessages).map { "\(TimerText.shellWord($0.name)) (\($0.length))" }
        if presets.count > listedInMessages { items.append("\(presets.count - listedInMessages) more (`timerctl preset ls`)") }
        return items.joined(separator: ", ")
    }

    /// Why `start` without a duration (and with `name`, if any) cannot go on, and what to type.
    static func missingDuration(name: String?, presets: [Preset]) -> String {
        guard let name else {
            let message = "start needs a name and a duration, e.g. `timerctl start pasta 8m`"
            return presets.isEmpty ? message + "." : message + ", or the name of a preset: \(listed(presets))."
        }
        let word = TimerText.shellWord(name)
        return "start needs a duration after the name, e.g. `timerctl start \(word) 8m`; "
            + "or save one with `timerctl preset set \(word) 6m30s`. "
            + (presets.isEmpty ? "There are no presets yet." : "Presets: \(listed(presets)).")
    }

    /// Why `preset rm` could not remove `names`, with the presets there are.
    static func unknown(_ names: [String], presets: [Preset]) -> String {
        let quoted = names.map(TimerText.quoted)
        let what = quoted.count == 1
            ? "No preset is named \(quoted[0])"
            : "No presets are named \(quoted.dropLast().joined(separator: ", ")) or \(quoted[quoted.count - 1])"
        return what + (presets.isEmpty ? "; there are no presets yet." : ". Presets: \(listed(presets)).")
    }
}
