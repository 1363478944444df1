import Glibc
import Protocol

/// Where the daemon keeps its database: `--state-dir`, else `$TIMERD_STATE_DIR`, else
/// `$XDG_STATE_HOME/timerd`, else `~/.local/state/timerd`.
enum StateDirectory {
    static let environmentVariable = "TIMERD_STATE_DIR"

    static func resolve(explicit: String?, environment: [String: String]) throws(StartupError) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnv = environment[environmentVariable], !fromEnv.isEmpty { return fromEnv }
        // The base directory spec says to ignore a relative XDG_STATE_HOME.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/timerd" }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw StartupError("Neither XDG_STATE_HOME nor HOME is set, so timerd does not know where to keep its timers; pass --state-dir DIR.")
        }
        return home + "/.local/state/timerd"
    }

    /// Creates the directory (and its parents) if missing; the last one mode 0700, as it
    /// holds what the user is timing.
    static func prepare(_ path: String) throws(StartupError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        let parts = path.split(separator: "/")
        for (i, part) in parts.enumerated() {
            prefix += "/" + part
            if mkdir(prefix, i == parts.count - 1 ? 0o700 : 0o755) != 0 && errno != EEXIST {
                throw StartupError("Cannot create the state directory \(prefix): \(Errno(errno)). Choose another with --state-dir.")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw StartupError("The state directory \(path) is not a directory; choose another with --state-dir.")
        }
        guard access(path, W_OK) == 0 else {
            throw StartupError("The state directory \(path) is not writable: \(Errno(errno)). Fix its permissions or choose another with --state-dir.")
        }
    }
}
