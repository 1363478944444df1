import Glibc
import Protocol

/// Shell completion.
///
/// `timerctl completion bash|zsh|fish` prints a script made from the commands' topics and the option
/// parser, so it offers the commands, aliases and options `timerctl` really takes. Names are
/// not in the script: at each completion it runs the hidden `timerctl __complete timers FILTER`
/// (or `presets`, or `checklist NAME WORD...`), which prints them one per line (names hold no
/// control characters, so a line is a name; a tab may follow it, then what it is, for the
/// shells that show it). That command never starts a daemon just to complete a word, and
/// prints nothing when none runs.
enum Completion {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// What `timerctl __complete WHAT` lists.
    enum Source: Equatable, Sendable {
        /// The names of the timers the filter accepts, and the selectors that stand for one.
        case timers(TimerFilter)
        case presets
        /// After `todo NAME` and `words`: the checklist's verbs, or the numbers of the items the verb takes.
        case checklist(name: String, words: [String])
    }

    /// What one operand (a word that is not an option) completes to.
    enum Operand: Equatable, Sendable {
        /// The names of the timers the command acts on.
        case timer(TimerFilter)
        case preset, command, shell, nothing
        /// The words after a timer's name in `todo`: its verbs, then the item numbers each takes.
        case checklist

        /// How the scripts spell it: `timer:pausable`, `preset`…
        var word: String {
            switch self {
            case .timer(let filter): "timer:\(filter.rawValue)"
            case .preset: "preset"
            case .command: "command"
            case .shell: "shell"
            case .nothing: "nothing"
            case .checklist: "checklist"
            }
        }
    }

    /// What a command's operands complete to: the first, and every one after it.
    struct Operands: Equatable, Sendable {
        var first: Operand
        var rest: Operand = .nothing
    }

    /// Options that take more than one value, and how many: `--then NAME DURATION`. (Whether
    /// an option takes a value at all is asked of the parser.)
    static let valueCounts = ["--then": 2]

    /// Options whose value is a path, completed as files.
    static let fileOptions: Set<String> = ["--socket", "--sound"]

    /// The options every command takes.
    static let globalOptions = ["--help", "--no-spawn", "--socket"]

    /// The script for `shell`, for the commands `topics` describe.
    static func script(_ shell: Shell, topics: [Help.Topic] = Help.topics) -> String {
        let spec = CompletionSpec(topics: topics)
        return switch shell {
        case .bash: spec.bash
        case .zsh: spec.zsh
        case .fish: spec.fish
        }
    }

    // MARK: Listing names

    /// The names `source` stands for, one per line; empty when there are none or they cannot
    /// be had (no daemon, no config file). Never fails: a completion must not print errors
    /// into the middle of a command line.
    static func candidates(_ source: Source, socket: String?) -> String {
        let names =
            switch source {
            case .timers(let filter): timerNames(socket: socket, filter: filter)
            case .presets: presetNames(environment: Environment.current())
            case .checklist(let name, let words):
                timer(named: name, socket: socket).map { checklistWords(after: words, of: $0) } ?? []
            }
        return names.map { $0 + "\n" }.joined()
    }

    /// How long a completion waits for a daemon that accepted the connection but does not
    /// answer (one that is stuck): a shell must not hang on a Tab.
    static let replyTimeout = timeval(tv_sec: 1, tv_usec: 0)

    /// The names of the daemon's timers that `filter` accepts, and the selectors (`@next`…)
    /// that stand for one of those, with `--no-spawn` semantics: connects only to a daemon that
    /// is already running.
    static func timerNames(socket: String?, filter: TimerFilter = .any) -> [String] {
        guard let reply = ask(.list, socket: socket), case .array(let items)? = reply["timers"] else { return [] }
        let timers = items.compactMap { try? TimerInfo(json: $0) }.filter { TimerText.problem(withName: $0.name) == nil }
        return filter.names(timers)
    }

    /// The timer `name` stands for, from a daemon already running.
    static func timer(named name: String, socket: String?) -> TimerInfo? {
        guard let value = ask(.get(name: name), socket: socket)?["timer"] else { return nil }
        return try? TimerInfo(json: value)
    }

    /// The daemon's answer to `request`; nil when none runs, it refuses, or it does not answer
    /// within `replyTimeout`.
    private static func ask(_ request: Request, socket: String?) -> JSONValue? {
        let location = SocketLocation.current(explicit: socket)
        guard location.pathProblem == nil else { return nil }
        if let dir = location.privateDirectory, PrivateDirectory.check(dir) != nil { return nil }
        guard case .success(let fd) = UnixSocket.connect(location.path) else { return nil }
        var timeout = replyTimeout
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var connection = DaemonConnection(fd: fd)
        return try? connection.call(request)
    }

    /// What may follow `todo NAME` and `words` for `timer`: a verb (when `words` is empty), or
    /// the numbers of the items the verb takes, those already typed left out, each with a tab
    /// and its text. Nothing after a verb that takes no numbers, or after the number of `edit`.
    static func checklistWords(after words: [String], of timer: TimerInfo) -> [String] {
        guard let verbWord = words.first else {
            return TodoCommand.Verb.all.map { "\($0.name)\t\($0.summary)" }
        }
        guard let verb = TodoCommand.Verb.named(verbWord), let items = verb.items else { return [] }
        let typed = words.dropFirst()
        if verb.takesOne && !typed.isEmpty { return [] }
        return timer.todos.enumerated().compactMap { index, item in
            let number = String(index + 1)
            guard items.accepts(item), !typed.contains(number) else { return nil }
            // An item's text is one line of printable text, as the daemon checks; one that is
            // not (from elsewhere) shows its number alone.
            let text = TodoItem.problem(withText: item.text) == nil ? "\t" + item.text : ""
            return number + text
        }
    }

    /// The group of the configuration file that holds the presets, `NAME=DURATION`.
    static let presetGroup = "presets"

    /// The keys of the configuration file's `[presets]` group.
    static func presetNames(environment: [String: String]) -> [String] {
        guard let path = ConfigLocation.path(environment: environment), let (file, _) = ConfigLocation.load(path: path)
        else { return [] }
        return file.keys(in: presetGroup)
    }
}
