import Protocol

/// What a preset starts besides its length and message: the options of `start` it was saved
/// with (`--remind`, `--no-remind`, `--sound`, `--silent`, `--volume`, `--exec`, `--repeat`,
/// `--then … --cycles`), so that `timerctl start focus` is the whole pomodoro it was saved as.
///
/// timerd.conf keeps them as the words one types after `timerctl start NAME DURATION`, in
/// `[preset-options]`: `focus=--then break 5m --cycles 4`. Read back by the same parser as
/// the command line, so a person editing the file writes what they would type.
struct PresetOptions: Equatable, Sendable {
    var notify = NotifyOptions()
    var repeats: RepeatWords?
    var exec: String?

    static let group = "preset-options"

    /// The options `preset set` takes for a preset, as `start` takes them (`--message` is kept
    /// in `[preset-messages]`).
    static let allowed: Set<String> = NotifyOptionWords.options.subtracting(["--message"])
        .union(["--repeat", "--then", "--cycles"])

    var isEmpty: Bool { self == PresetOptions() }

    /// The options given on a command line (`preset set`, `start`).
    init(notify: NotifyOptions = NotifyOptions(), repeats: RepeatWords? = nil, exec: String? = nil) {
        self.notify = notify
        self.repeats = repeats
        self.exec = exec
    }

    /// Options as timerd.conf holds them; a usage error says what is wrong with them.
    init(words text: String) throws(UsageError) {
        let words = try ShellWords.split(text)
        // `start x 1s WORDS`, read as the command line is.
        let command = try Arguments.parse(["start", "x", "1s"] + words).command
        guard let start = command as? StartCommand, start.duration == "1s" else {
            throw UsageError(message: "\(TimerText.quoted(text)) are not options of start")
        }
        guard start.message == nil else { throw UsageError(message: "the message goes in [preset-messages]") }
        self.init(notify: start.notify, repeats: start.repeats, exec: start.exec)
    }

    /// The words that set these options, each quoted for a shell where it must be.
    var words: String {
        var words: [String] = []
        switch notify.reminders {
        case nil: break
        case []?: words.append("--no-remind")
        case let reminders?: for reminder in reminders { words += ["--remind", Presets.written(reminder)] }
        }
        switch notify.sound {
        case .standard: break
        case .file(let path): words += ["--sound", path]
        case .silent: words.append("--silent")
        }
        if let volume = notify.volume { words += ["--volume", "\(volume)%"] }
        if let repeats {
            if let name = repeats.thenName, let length = repeats.thenDuration {
                words += ["--then", name, length, "--cycles", "\(repeats.rounds)"]
            } else {
                words += ["--repeat", "\(repeats.rounds)"]
            }
        }
        if let exec { words += ["--exec", exec] }
        return words.map(TimerText.shellWord).joined(separator: " ")
    }

    /// These options with those given on the command line put over them: each option typed
    /// wins over the preset's, the rest of the preset's stay.
    func overridden(by typed: PresetOptions) -> PresetOptions {
        var merged = self
        if let reminders = typed.notify.reminders { merged.notify.reminders = reminders }
        if typed.notify.sound != .standard { merged.notify.sound = typed.notify.sound }
        if let volume = typed.notify.volume { merged.notify.volume = volume }
        // A volume is for a sound: none once the timer is silent.
        if merged.notify.sound == .silent { merged.notify.volume = nil }
        if let repeats = typed.repeats { merged.repeats = repeats }
        if let exec = typed.exec { merged.exec = exec }
        return merged
    }
}

/// Words as a POSIX shell splits them, for the options in timerd.conf: blanks separate words;
/// single quotes keep everything, double quotes all but `\"` and `\\`, a backslash outside
/// quotes the next character. Nothing is expanded: the words are data.
enum ShellWords {
    static func split(_ text: String) throws(UsageError) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = text.makeIterator()
        while let c = characters.next() {
            switch c {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let q = characters.next() else { throw UsageError(message: "a ' is not closed") }
                    if q == "'" { break }
                    word.append(q)
                }
            case "\"":
                inWord = true
                while true {
                    guard let q = characters.next() else { throw UsageError(message: "a \" is not closed") }
                    if q == "\"" { break }
                    if q == "\\" {
                        guard let next = characters.next() else { throw UsageError(message: "a \" is not closed") }
                        if next != "\"" && next != "\\" { word.append("\\") }
                        word.append(next)
                    } else {
                        word.append(q)
                    }
                }
            case "\\":
                inWord = true
                guard let next = characters.next() else { throw UsageError(message: "the text ends in a \\") }
                word.append(next)
            default:
                inWord = true
                word.append(c)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
