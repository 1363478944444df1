import Protocol

/// The whole command line: global options and the command, its words read.
struct Invocation: Equatable {
    var socket: String?
    var noSpawn = false
    var command: any Command

    static func == (lhs: Invocation, rhs: Invocation) -> Bool {
        lhs.socket == rhs.socket && lhs.noSpawn == rhs.noSpawn && lhs.command == rhs.command
    }

    /// Runs the command, with what the global options say.
    func run() throws(CtlFailure) {
        do {
            try command.run(CommandContext(socket: socket, noSpawn: noSpawn))
        } catch var failure where failure.kind == .usage && failure.topic == nil {
            // A refusal found while running is about this command: its usage goes with it.
            failure.topic = type(of: command).topic.name
            throw failure
        }
    }
}

/// Reads a command line: the options wherever they stand, then the command `Commands` has by
/// that name, which reads its own words.
enum Arguments {
    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        do {
            return try read(arguments)
        } catch var error where error.topic == nil {
            // A refusal about a command's words (an option without its value) shows its usage.
            error.topic = arguments.lazy.filter { !$0.hasPrefix("-") }.compactMap(Commands.named).first?.topic.name
            throw error
        }
    }

    private static func read(_ arguments: [String]) throws(UsageError) -> Invocation {
        var socket: String?
        var noSpawn = false
        var words: [String] = []
        var options = Options()
        var rest = arguments[...]
        var endOfOptions = false
        // Refused once the command is known, which may come after it: `timerctl --bogus start`.
        var unknownOption: String?
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
            case "--volume":
                options.values["volume"] = try value(for: flag, inline: inlineValue, from: &rest)
            case "--exec", "--every", "--days":
                options.values[String(flag.dropFirst(2))] = try value(for: flag, inline: inlineValue, from: &rest)
            case "--format", "--template", "--idle", "--offline", "--notify-every":
                options.values[String(flag.dropFirst(2))] = try value(for: flag, inline: inlineValue, from: &rest)
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
            case "--json", "--all", "-a", "--no-remind", "--silent", "--follow", "--fresh-todo":
                options.switches.insert(flag == "-a" ? "--all" : flag)
            case "-h", "--help":
                options.switches.insert("--help")
            case "-V", "--version":
                options.switches.insert("--version")
            default:
                if unknownOption == nil { unknownOption = flag }
            }
        }
        if let unknownOption { throw unknown(unknownOption, verb: words.first) }
        let command = try command(words: words, options: options)
        return Invocation(socket: socket, noSpawn: noSpawn, command: command)
    }

    /// An option nobody takes, with the nearest one the command does take.
    private static func unknown(_ flag: String, verb: String?) -> UsageError {
        guard let command = verb.flatMap(Commands.named) else {
            return UsageError(message: "Unknown option \(flag). `timerctl help` lists the commands and their options.")
        }
        let topic = command.topic
        var message = "\(verb ?? topic.name) has no option \(flag)."
        if let near = Help.nearest(flag, among: topic.options.sorted() + ["--socket", "--no-spawn", "--help"]) {
            message += " Did you mean \(near)?"
        }
        return UsageError(message: message, topic: topic.name)
    }

    private static func command(words: [String], options: Options) throws(UsageError) -> any Command {
        guard let verb = words.first else {
            if options.switches.contains("--version") { return VersionCommand() }
            if options.switches.contains("--help") { return HelpCommand(topic: nil) }
            // Alone, timerctl shows what a glance at the timers would: `ls`.
            return try command(words: ["ls"], options: options)
        }
        let operands = Array(words.dropFirst())
        if let hidden = Commands.hidden(verb) {
            // For the build and the completion scripts: no help page, options as they come.
            return try hidden.init(CommandInput(verb: verb, topic: nil, operands: operands, options: options))
        }
        guard let command = Commands.named(verb) else {
            var message = "Unknown command \"\(verb)\"."
            let corrections = Help.corrections(for: verb, operands: operands)
            if !corrections.isEmpty {
                message += " Did you mean " + corrections.map { "`\($0)`" }.joined(separator: " or ") + "?"
            }
            message += " `timerctl help` lists the commands."
            throw UsageError(message: message)
        }
        let name = command.topic.name
        if options.switches.contains("--help") { return HelpCommand(topic: name) }
        let allowed = command.topic.options
        let global: Set<String> = ["--socket", "--no-spawn", "--version", "--"]
        if let flag = options.order.first(where: { !global.contains($0) && !allowed.contains($0) }) {
            throw UsageError(message: "\(verb) does not take \(flag).", topic: name)
        }
        do {
            return try command.init(CommandInput(verb: verb, topic: name, operands: operands, options: options))
        } catch var error where error.topic == nil {
            error.topic = name
            throw error
        }
    }

    /// The long form of each short option, as help pages and refusals name it.
    static let longForms = ["-m": "--message", "-n": "--limit", "-a": "--all", "-h": "--help", "-V": "--version"]

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
