import Protocol

/// What the user asked `timerctl` to do.
enum CtlCommand: Equatable {
    /// `notify` holds the reminders sorted longest first, and a sound file as typed (perhaps
    /// relative): `RequestBuilder` checks both against the end and the file system.
    case start(
        name: String, duration: String, message: String?, notify: NotifyOptions = NotifyOptions(),
        repeats: RepeatWords? = nil)
    /// `start NAME` without a duration: the preset NAME (nil: `start` alone), see `PresetFile`.
    case startPreset(name: String?, message: String?, notify: NotifyOptions = NotifyOptions())
    case until(name: String, when: String, message: String?, notify: NotifyOptions = NotifyOptions())
    case list(json: Bool)
    case show(name: String, json: Bool)
    /// At most `limit` fired timers (nil: as many as the daemon keeps).
    case history(limit: Int?, json: Bool)
    case pause(names: [String])
    case resume(names: [String])
    case reset(names: [String])
    case cancel(names: [String])
    case cancelAll
    case extend(name: String, amount: String)
    /// Runs a done timer again for `duration` (nil: the daemon's default, 5 min).
    case snooze(name: String, duration: String?)
    case wait(name: String)
    case watch(names: [String])
    case ping
    /// `preset set/ls/rm`: the presets in timerd.conf.
    case preset(PresetCommand)
    /// `todo NAME …`: a timer's checklist.
    case todo(name: String, TodoCommand, json: Bool)
    case help(topic: String?)
    case version
    /// Prints the completion script for a shell.
    case completion(shell: Completion.Shell)
    /// Hidden: the names a completion offers, one per line (`__complete timers|presets`).
    case complete(Completion.Source)
    /// Hidden: the commands of timerctl(1), for the build (`__man`).
    case manPage
    /// `autostart enable|disable|status`: what starts timerd at login.
    case autostart(AutostartCommand)
    /// Hidden: a systemd unit or the autostart entry, for `make install` (`__unit KIND --timerd PATH`).
    case unitFile(AutostartFiles.Kind, timerd: String)
}

/// How a timer repeats, as typed: rounds, and the `--then` step's name and duration.
struct RepeatWords: Equatable {
    var rounds: Int
    var thenName: String?
    var thenDuration: String?
}

/// The whole command line: global options and the command.
struct Invocation: Equatable {
    var socket: String?
    var noSpawn = false
    var command: CtlCommand
}

/// A command line `timerctl` cannot make sense of. Exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    /// The command whose usage to print after the message.
    var topic: String?
    var description: String { message }
}

enum Arguments {
    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var socket: String?
        var noSpawn = false
        var words: [String] = []
        var options = Options()
        var rest = arguments[...]
        var endOfOptions = false
        while let argument = rest.popFirst() {
            if endOfOptions || !argument.hasPrefix("-") || argument == "-" || looksLikeAmount(argument) {
                words.append(argument)
                continue
            }
            let (flag, inlineValue) = split(argument)
            if let long = longForms[flag] ?? (flag.hasPrefix("--") ? flag : nil) { options.order.append(long) }
            switch flag {
            case "--":
                endOfOptions = true
            case "--socket":
                socket = try value(for: flag, inline: inlineValue, from: &rest)
            case "--no-spawn":
                noSpawn = true
            case "-m", "--message":
                options.values["message"] = try value(for: flag, inline: inlineValue, from: &rest)
            case "-n", "--limit":
                options.values["limit"] = try value(for: flag, inline: inlineValue, from: &rest)
            case "--remind":
                options.reminders.append(try value(for: flag, inline: inlineValue, from: &rest))
            case "--sound":
                options.values["sound"] = try value(for: flag, inline: inlineValue, from: &rest)
            case "--timerd":
                options.values["timerd"] = try value(for: flag, inline: inlineValue, from: &rest)
            case "--repeat", "--cycles":
                options.values[String(flag.dropFirst(2))] = try value(for: flag, inline: inlineValue, from: &rest)
            case "--then":
                // --then NAME DURATION: the second step of each round.
                options.values["then"] = try value(for: flag, inline: inlineValue, from: &rest)
                guard let length = rest.popFirst() else {
                    throw UsageError(message: "--then needs a name and a duration, e.g. --then break 5m.", topic: "start")
                }
                options.values["then-length"] = length
            case "--json", "--all", "-a", "--no-remind", "--silent":
                options.switches.insert(flag == "-a" ? "--all" : flag)
            case "-h", "--help":
                options.switches.insert("--help")
            case "-V", "--version":
                options.switches.insert("--version")
            default:
                throw UsageError(
                    message: "Unknown option \(argument). `timerctl help` lists the commands and their options.")
            }
        }
        let command = try command(words: words, options: options)
        return Invocation(socket: socket, noSpawn: noSpawn, command: command)
    }

    /// The options of a command line, as typed.
    private struct Options {
        /// The values of options that take one, by long name without dashes; the last given wins.
        var values: [String: String] = [:]
        var switches: Set<String> = []
        /// Every `--remind`, in order.
        var reminders: [String] = []
        /// Every option in long form, in the order given, so that a refusal names the first.
        var order: [String] = []
    }

    private static func command(words: [String], options: Options) throws(UsageError) -> CtlCommand {
        let switches = options.switches
        let flags = options.values
        guard let verb = words.first else {
            if switches.contains("--version") { return .version }
            return .help(topic: nil)
        }
        let args = Array(words.dropFirst())
        if let hidden = try Completion.hiddenCommand(verb, args) { return hidden }
        if verb == "__unit" { return try AutostartFiles.hiddenCommand(args, timerd: flags["timerd"]) }
        guard let canonical = Help.canonicalName(verb) else {
            var message = "Unknown command \"\(verb)\"."
            if let near = Help.suggestion(for: verb) { message += " Did you mean `timerctl \(near)`?" }
            message += " `timerctl help` lists the commands."
            throw UsageError(message: message)
        }
        if switches.contains("--help") { return .help(topic: canonical) }
        let allowed = Help.topic(canonical)?.options ?? []
        let global: Set<String> = ["--socket", "--no-spawn", "--version", "--"]
        if let flag = options.order.first(where: { !global.contains($0) && !allowed.contains($0) }) {
            throw UsageError(message: "\(verb) does not take \(flag).", topic: canonical)
        }
        let message = flags["message"]
        let json = switches.contains("--json")

        func noArguments() throws(UsageError) {
            guard args.isEmpty else { throw UsageError(message: "\(verb) takes no arguments.", topic: canonical) }
        }
        func names() throws(UsageError) -> [String] {
            guard !args.isEmpty else {
                throw UsageError(message: "\(verb) needs the name of a timer, e.g. `timerctl \(verb) pasta`.", topic: canonical)
            }
            return args
        }
        func oneName() throws(UsageError) -> String {
            let names = try names()
            guard names.count == 1 else { throw UsageError(message: "\(verb) takes only one name.", topic: canonical) }
            return names[0]
        }

        switch canonical {
        case "start":
            guard args.count >= 2 else {
                // Which presets there are decides what it means.
                return .startPreset(name: args.first, message: message, notify: try notifyOptions(options, topic: canonical))
            }
            // Unquoted durations with spaces ("1h 30m") arrive as several words.
            return .start(
                name: args[0], duration: spaced(args.dropFirst()), message: message,
                notify: try notifyOptions(options, topic: canonical), repeats: try repeatWords(options, topic: canonical))
        case "until":
            guard args.count >= 2 else {
                throw UsageError(
                    message: args.isEmpty
                        ? "until needs a name and a time, e.g. `timerctl until report \"fri 17:00\"`."
                        : "until needs a time after the name, e.g. `timerctl until \(TimerText.shellWord(args[0])) 17:00`.",
                    topic: canonical)
            }
            return .until(
                name: args[0], when: spaced(args.dropFirst()), message: message,
                notify: try notifyOptions(options, topic: canonical))
        case "ls":
            try noArguments()
            return .list(json: json)
        case "show":
            return .show(name: try oneName(), json: json)
        case "history":
            if args.count == 1, let count = Int(args[0]), (1...Limits.historyLength).contains(count) {
                throw UsageError(
                    message: "history takes no arguments; for the last \(count), type `timerctl history -n \(count)`.",
                    topic: canonical)
            }
            try noArguments()
            return .history(limit: try flags["limit"].map(historyLimit), json: json)
        case "watch": return .watch(names: args)
        case "pause": return .pause(names: try names())
        case "resume": return .resume(names: try names())
        case "reset": return .reset(names: try names())
        case "cancel":
            if switches.contains("--all") {
                guard args.isEmpty else {
                    throw UsageError(message: "cancel takes either names or --all, not both.", topic: canonical)
                }
                return .cancelAll
            }
            return .cancel(names: try names())
        case "extend":
            guard args.count >= 2 else {
                throw UsageError(message: "extend needs a name and an amount, e.g. `timerctl extend pasta +2m`.", topic: canonical)
            }
            return .extend(name: args[0], amount: spaced(args.dropFirst()))
        case "snooze":
            let name = try names()[0]
            // One name only: what follows it is how long, in as many words as it was typed.
            return .snooze(name: name, duration: args.count > 1 ? spaced(args.dropFirst()) : nil)
        case "wait":
            return .wait(name: try oneName())
        case "ping":
            try noArguments()
            return .ping
        case "preset":
            return .preset(try PresetCommand.parse(args, message: message, json: json))
        case "todo":
            guard let name = args.first else {
                throw UsageError(message: "todo needs the name of a timer, e.g. `timerctl todo report add \"write intro\"`.", topic: canonical)
            }
            return .todo(name: name, try TodoCommand.parse(Array(args.dropFirst())), json: json)
        case "completion":
            return .completion(shell: try Completion.shell(args))
        case "autostart":
            return .autostart(try AutostartCommand.parse(args))
        case "help":
            guard args.count <= 1 else { throw UsageError(message: "help takes at most one command.", topic: "help") }
            if let topic = args.first {
                guard let name = Help.canonicalName(topic) else {
                    throw UsageError(message: "There is no command \"\(topic)\". `timerctl help` lists the commands.")
                }
                return .help(topic: name)
            }
            return .help(topic: nil)
        default:
            return .version
        }
    }

    /// `--remind` (any number), `--no-remind`, `--sound FILE` and `--silent`, checked against each
    /// other. Reminders are merged when equal and sorted longest first; the sound file is kept as
    /// typed, for `RequestBuilder` to make absolute and check.
    private static func notifyOptions(_ options: Options, topic: String) throws(UsageError) -> NotifyOptions {
        var notify = NotifyOptions()
        if options.switches.contains("--no-remind") {
            guard options.reminders.isEmpty else {
                throw UsageError(
                    message: "--remind and --no-remind contradict each other: choose reminders with --remind, "
                        + "or none at all (not even timerd's defaults) with --no-remind.",
                    topic: topic)
            }
            notify.reminders = []
        } else if !options.reminders.isEmpty {
            var reminders: Set<Duration> = []
            for text in options.reminders {
                do { reminders.insert(try DurationParser.parse(text)) } catch {
                    throw UsageError(message: "--remind: \(error.message)", topic: topic)
                }
            }
            guard reminders.count <= NotifyOptions.maxReminders else {
                throw UsageError(
                    message: "A timer has at most \(NotifyOptions.maxReminders) reminders, and \(reminders.count) were given. "
                        + "Keep the ones that matter most.",
                    topic: topic)
            }
            notify.reminders = reminders.sorted(by: >)
        }
        switch (options.values["sound"], options.switches.contains("--silent")) {
        case (.some, true):
            throw UsageError(
                message: "--sound and --silent contradict each other: give a sound file to play, or --silent for none.",
                topic: topic)
        case (let file?, false):
            guard !file.isEmpty else {
                throw UsageError(
                    message: "--sound needs the path of a sound file, e.g. --sound \(exampleSound).", topic: topic)
            }
            notify.sound = .file(file)
        case (nil, true): notify.sound = .silent
        case (nil, false): break
        }
        return notify
    }

    /// A sound file most desktops have, for examples.
    static let exampleSound = "/usr/share/sounds/freedesktop/stereo/complete.oga"

    /// The value of `-n`: how many entries `history` shows.
    private static func historyLimit(_ text: String) throws(UsageError) -> Int {
        guard let limit = Int(text), (1...Limits.historyLength).contains(limit) else {
            throw UsageError(
                message: "-n/--limit must be a whole number from 1 to \(Limits.historyLength), not \(TimerText.quoted(text)); "
                    + "e.g. `timerctl history -n 20` shows the last 20.",
                topic: "history")
        }
        return limit
    }

    /// The long form of each short option, as help pages and refusals name it.
    static let longForms = ["-m": "--message", "-n": "--limit", "-a": "--all", "-h": "--help", "-V": "--version"]

    /// `--repeat N`, or `--then NAME DURATION` with `--cycles N`, as typed; nil without them.
    private static func repeatWords(_ options: Options, topic: String) throws(UsageError) -> RepeatWords? {
        let flags = options.values
        if flags["repeat"] != nil && flags["cycles"] != nil {
            throw UsageError(
                message: "--repeat and --cycles both count rounds; give one (--repeat 3 for one timer three times, "
                    + "--then break 5m --cycles 4 for a pomodoro).", topic: topic)
        }
        guard let text = flags["repeat"] ?? flags["cycles"] ?? (flags["then"] != nil ? "1" : nil) else { return nil }
        guard let rounds = Int(text), (1...Repeats.maxRounds).contains(rounds) else {
            throw UsageError(
                message: "\(flags["repeat"] != nil ? "--repeat" : "--cycles") needs a whole number from 1 to \(Repeats.maxRounds), such as 4.",
                topic: topic)
        }
        return RepeatWords(rounds: rounds, thenName: flags["then"], thenDuration: flags["then-length"])
    }

    /// "-2m" and "-30s" are amounts for `extend`, not options.
    private static func looksLikeAmount(_ argument: String) -> Bool {
        guard argument.count > 1, let second = argument.dropFirst().first else { return false }
        return second.isNumber
    }

    /// An option and the value written into it: `--limit=20`, or `-n20` as `head` takes it.
    private static func split(_ argument: String) -> (String, String?) {
        let digits = argument.utf8.dropFirst(2)
        if argument.hasPrefix("-n"), !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return ("-n", String(argument.dropFirst(2)))
        }
        guard argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<eq]), String(argument[argument.index(after: eq)...]))
    }

    private static func value(for flag: String, inline: String?, from rest: inout ArraySlice<String>) throws(UsageError)
        -> String
    {
        if let inline { return inline }
        guard let next = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value.") }
        return next
    }
}

/// The words joined by single spaces ("1h 30m" given as two arguments). By hand: the standard
/// library's `joined(separator:)` on a slice runs unspecialized, and looking up its generic
/// types took a quarter of `timerctl start`'s instructions.
private func spaced(_ words: ArraySlice<String>) -> String {
    var text = ""
    for word in words {
        if !text.isEmpty { text += " " }
        text += word
    }
    return text
}
