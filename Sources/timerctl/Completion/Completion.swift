import Glibc
import Protocol

/// Shell completion.
///
/// `timerctl completion bash|zsh|fish` prints a script made from the commands' topics and the option
/// parser, so it offers the commands, aliases and options `timerctl` really takes. Names are
/// not in the script: at each completion it runs the hidden `timerctl __complete timers` (or
/// `presets`), which prints them one per line (names hold no control characters, so a line is
/// a name). That command never starts a daemon just to complete a word, and prints nothing
/// when none runs.
enum Completion {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// What `timerctl __complete WHAT` lists.
    enum Source: String, CaseIterable, Sendable {
        case timers, presets
    }

    /// What one operand (a word that is not an option) completes to.
    enum Operand: String, Sendable {
        case timer, preset, command, shell, nothing
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
            case .timers: timerNames(socket: socket)
            case .presets: presetNames(environment: Environment.current())
            }
        return names.map { $0 + "\n" }.joined()
    }

    /// How long a completion waits for a daemon that accepted the connection but does not
    /// answer (one that is stuck): a shell must not hang on a Tab.
    static let replyTimeout = timeval(tv_sec: 1, tv_usec: 0)

    /// The names of the daemon's timers and the selectors (`@next`…), with `--no-spawn`
    /// semantics: connects only to a daemon that is already running.
    static func timerNames(socket: String?) -> [String] {
        let location = SocketLocation.current(explicit: socket)
        guard location.pathProblem == nil else { return [] }
        if let dir = location.privateDirectory, PrivateDirectory.check(dir) != nil { return [] }
        guard case .success(let fd) = UnixSocket.connect(location.path) else { return [] }
        var timeout = replyTimeout
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var connection = DaemonConnection(fd: fd)
        guard let reply = try? connection.call(.list), case .array(let items)? = reply["timers"] else { return [] }
        let names = items.compactMap { $0["name"]?.stringValue }.filter { TimerText.problem(withName: $0) == nil }
        // The selectors stand for a timer too, once there is one.
        return names.isEmpty ? [] : names + TimerSelector.allCases.map(\.rawValue)
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
