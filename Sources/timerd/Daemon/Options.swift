/// The daemon's command line.
struct Options: Equatable {
    var socket: String?
    var stateDirectory: String?
    /// Who started the daemon (systemd, autostart, timerctl…), for `ping` and `autostart status`.
    var startedBy: String?
    /// Serve root's clients as well as the user's own (`--allow-root`).
    var allowRoot = false
    var verbose = false
    var showVersion = false
    var showHelp = false

    static let usage = """
        Usage: timerd [--socket PATH] [--state-dir DIR] [--started-by WHO] [--allow-root] [--verbose]

        The timerd daemon: holds your timers and shows a desktop notification when one is done.
        You rarely start it yourself: timerctl starts it when it is not running.

        Options:
          --socket PATH   Listen on PATH (default: $TIMERD_SOCKET, else $XDG_RUNTIME_DIR/timerd/timerd.sock,
                          else /tmp/timerd-$UID/timerd.sock)
          --state-dir DIR Keep the timers in DIR/timerd.db (default: $TIMERD_STATE_DIR, else
                          $XDG_STATE_HOME/timerd, else ~/.local/state/timerd)
          --started-by WHO say who started it (systemd, autostart, timerctl); reported by ping
          --allow-root    Serve root's clients too (by default only your own user's are served)
          -v, --verbose   Log connections and notifications, not only problems
          --version       Print the version and exit
          -h, --help      Print this help and exit
        """

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(StartupError) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--socket", "--state-dir":
                options[keyPath: path(argument)] = try value(of: argument, from: &rest)
            case "--started-by":
                options.startedBy = try value(of: argument, from: &rest)
            case _ where argument.hasPrefix("--socket=") || argument.hasPrefix("--state-dir="):
                let eq = argument.firstIndex(of: "=")!
                let flag = String(argument[..<eq])
                // Empty (`--socket=$UNSET`) would quietly mean the default; refuse it as `--socket ""` is.
                options[keyPath: path(flag)] = try checked(String(argument[argument.index(after: eq)...]), for: flag)
            case "--allow-root": options.allowRoot = true
            case "-v", "--verbose": options.verbose = true
            case "--version": options.showVersion = true
            case "-h", "--help": options.showHelp = true
            default:
                throw StartupError("Unknown option \(argument).\n\n\(usage)", exitCode: 2)
            }
        }
        return options
    }

    private static func path(_ flag: String) -> WritableKeyPath<Options, String?> {
        flag == "--socket" ? \.socket : \.stateDirectory
    }

    private static func value(of flag: String, from rest: inout ArraySlice<String>) throws(StartupError) -> String {
        try checked(rest.popFirst() ?? "", for: flag)
    }

    /// `--socket --verbose` is a forgotten path, not a socket named "--verbose".
    private static func checked(_ value: String, for flag: String) throws(StartupError) -> String {
        guard !value.isEmpty, !value.hasPrefix("--") else {
            let example =
                switch flag {
                case "--socket": "a path, e.g. --socket /tmp/timerd.sock"
                case "--state-dir": "a path, e.g. --state-dir ~/.local/state/timerd"
                default: "a word, e.g. --started-by systemd"
                }
            throw StartupError("\(flag) needs \(example).", exitCode: 2)
        }
        return value
    }
}
