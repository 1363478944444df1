import Glibc

/// Where the daemon listens and the client connects, decided the same way by both.
///
/// In order: `--socket PATH`, then `$TIMERD_SOCKET`, then `$XDG_RUNTIME_DIR/timerd/timerd.sock`,
/// then `/tmp/timerd-$UID/timerd.sock`. In the last two cases the directory is timerd's own:
/// the daemon creates it mode 0700 and both programs refuse it unless it is a real directory
/// owned by the user with no group or other permissions (see `PrivateDirectory`).
public struct SocketLocation: Equatable, Sendable {
    /// The socket's path.
    public var path: String
    /// The per-user directory that must be private, or nil when the path was given explicitly.
    public var privateDirectory: String?
    /// How the path was given, for messages: `--socket` or `TIMERD_SOCKET`; nil for the
    /// default one (and for a socket passed by systemd).
    public var givenBy: String?

    public init(path: String, privateDirectory: String?, givenBy: String? = nil) {
        self.path = path
        self.privateDirectory = privateDirectory
        self.givenBy = givenBy
    }

    public static let environmentVariable = "TIMERD_SOCKET"

    /// Resolves the location from an explicit path (a command-line flag), the environment and the user id.
    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) -> SocketLocation {
        if let explicit, !explicit.isEmpty { return SocketLocation(path: explicit, privateDirectory: nil, givenBy: "--socket") }
        if let fromEnv = environment[environmentVariable], !fromEnv.isEmpty {
            return SocketLocation(path: fromEnv, privateDirectory: nil, givenBy: environmentVariable)
        }
        // The base directory spec says to ignore a relative XDG_RUNTIME_DIR.
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            let dir = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/timerd"
            return SocketLocation(path: dir + "/timerd.sock", privateDirectory: dir)
        }
        let dir = "/tmp/timerd-\(uid)"
        return SocketLocation(path: dir + "/timerd.sock", privateDirectory: dir)
    }

    /// Resolves the location for this process.
    public static func current(explicit: String?) -> SocketLocation {
        resolve(explicit: explicit, environment: Environment.current(), uid: getuid())
    }

    /// The directory holding the socket (and the daemon's lock file).
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `sun_path` holds 108 bytes including the terminating NUL.
    public static let maxPathBytes = 107

    /// Nil if the path fits in a socket address, else what to do about it.
    public var pathProblem: String? {
        guard path.utf8.count > Self.maxPathBytes else { return nil }
        return "The socket path \(path) is \(path.utf8.count) bytes long, more than the \(Self.maxPathBytes) a Unix socket address holds; choose a shorter one with --socket or TIMERD_SOCKET."
    }
}

extension SocketLocation {
    /// Nil unless the directory of a socket path given by `--socket` or `TIMERD_SOCKET` is
    /// missing or is not a directory; else what to do, for both programs to say before
    /// they fail to open the lock file or the socket there. (timerd makes its own directory.)
    public var directoryProblem: String? {
        guard privateDirectory == nil else { return nil }
        let dir = directory
        var info = stat()
        let found = stat(dir, &info) == 0
        let error = errno
        if found && info.st_mode & S_IFMT == S_IFDIR { return nil }
        let given = givenBy.map { "\($0) is \(path)" } ?? "the socket is \(path)"
        let instead =
            switch givenBy {
            case "--socket": "leave out --socket to use timerd's own directory"
            case Self.environmentVariable?: "unset \(Self.environmentVariable) to use timerd's own directory"
            default: "choose another socket"
            }
        if found || error == ENOTDIR {
            let what = found ? "\(dir) is not a directory" : "part of \(dir) is not a directory"
            return "The socket cannot be made: \(what) (\(given)). Give a socket path in a directory, or \(instead)."
        }
        guard error == ENOENT else { return nil }
        return "The directory for the socket, \(dir), does not exist (\(given)). Create it with "
            + "`mkdir -m 700 -p \(TimerText.shellWord(dir))`, or \(instead)."
    }
}

/// The process environment as a dictionary.
public enum Environment {
    public static func current() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        // Sized once: growing a dictionary entry by entry rehashes it several times.
        var result = [String: String](minimumCapacity: count)
        var pointer = environ
        // Split at the byte level: every program calls this at start-up, and String's
        // character-by-character search cost timerctl a third of its instructions.
        while let entry = pointer.pointee {
            if let eq = strchr(entry, Int32(UInt8(ascii: "="))) {
                let key = UnsafeRawBufferPointer(start: entry, count: eq - entry)
                result[String(decoding: key, as: UTF8.self)] = String(cString: eq + 1)
            }
            pointer += 1
        }
        return result
    }
}
