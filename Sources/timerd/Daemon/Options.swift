/// The daemon's command line.
struct Options: Equatable {
    var socket: String?
    var verbose = false
    var showVersion = false
    var showHelp = false

    static let usage = """
        Usage: timerd [--socket PATH] [--verbose]

        The timerd daemon: holds your timers and shows a desktop notification when one is done.
        You rarely start it yourself: timerctl starts it when it is not running.

        Options:
          --socket PATH   Listen on PATH (default: $TIMERD_SOCKET, else $XDG_RUNTIME_DIR/timerd/timerd.sock,
                          else /tmp/timerd-$UID/timerd.sock)
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
            case "--socket":
                // `--socket --verbose` is a forgotten path, not a socket named "--verbose".
                guard let path = rest.popFirst(), !path.isEmpty, !path.hasPrefix("--") else {
                    throw StartupError("--socket needs a path, e.g. --socket /tmp/timerd.sock.", exitCode: 2)
                }
                options.socket = path
            case _ where argument.hasPrefix("--socket="):
                // Empty (`--socket=$UNSET`) would quietly mean the default socket; refuse it as `--socket ""` is.
                guard argument != "--socket=" else {
                    throw StartupError("--socket needs a path, e.g. --socket /tmp/timerd.sock.", exitCode: 2)
                }
                options.socket = String(argument.dropFirst("--socket=".count))
            case "-v", "--verbose": options.verbose = true
            case "--version": options.showVersion = true
            case "-h", "--help": options.showHelp = true
            default:
                throw StartupError("Unknown option \(argument).\n\n\(usage)", exitCode: 2)
            }
        }
        return options
    }
}
