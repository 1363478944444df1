import Glibc

/// Where the configuration file both programs read is, and reading it.
///
/// In order: `$TIMERD_CONFIG` (a file path), then `$XDG_CONFIG_HOME/timerd/timerd.conf` when
/// `XDG_CONFIG_HOME` is absolute (the base directory spec says to ignore a relative one),
/// then `$HOME/.config/timerd/timerd.conf`.
public enum ConfigLocation {
    public static let environmentVariable = "TIMERD_CONFIG"

    /// The largest file read: 1 MiB, far more than any settings need.
    public static let maxBytes = 1 << 20

    /// The configuration file's path, or nil when neither `TIMERD_CONFIG`, an absolute
    /// `XDG_CONFIG_HOME` nor `HOME` is set (empty counts as unset).
    public static func path(environment: [String: String]) -> String? {
        if let explicit = environment[environmentVariable], !explicit.isEmpty { return explicit }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return joined(config, "timerd/timerd.conf")
        }
        if let home = environment["HOME"], !home.isEmpty {
            return joined(home, ".config/timerd/timerd.conf")
        }
        return nil
    }

    /// Reads and parses the file at `path`; nil when there is no such file.
    ///
    /// A file that cannot be read (a directory, no permission, over `maxBytes`) gives an
    /// empty key file and one problem at line 0 saying why. A line that is not UTF-8 is
    /// one problem at its line and is skipped.
    public static func load(path: String) -> (KeyFile, [KeyFile.Problem])? {
        switch contents(path: path) {
        case .missing: nil
        case .unreadable(let reason): (KeyFile(), [KeyFile.Problem(line: 0, message: reason)])
        case .read(let bytes): parse(bytes)
        }
    }

    /// Parses file contents, skipping each line that is not UTF-8 with a problem.
    public static func parse(_ bytes: [UInt8]) -> (KeyFile, [KeyFile.Problem]) {
        var text = ""
        var encodingProblems: [KeyFile.Problem] = []
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "\n" }
            if let decoded = String(validating: line, as: UTF8.self) {
                text += decoded
            } else {
                encodingProblems.append(
                    KeyFile.Problem(line: index + 1, message: "the line is not UTF-8 text; save the file as UTF-8"))
            }
        }
        let (file, problems) = KeyFile.parse(text)
        // Each line has at most one problem, so this ordering is total.
        return (file, (problems + encodingProblems).sorted { $0.line < $1.line })
    }

    /// What is at a configuration file's path, for `load` and for programs that change the file.
    public enum FileContents: Equatable, Sendable {
        /// No file there.
        case missing
        /// Not a regular file, too large or not readable; the sentence says which and where.
        case unreadable(String)
        /// The file's bytes.
        case read([UInt8])
    }

    /// The bytes of the file at `path` (at most `maxBytes`), without parsing them.
    public static func contents(path: String) -> FileContents {
        // O_NONBLOCK so that opening a FIFO someone put there does not hang the daemon.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            return errno == ENOENT ? .missing : .unreadable("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .unreadable("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let what = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
            return .unreadable("\(path) is \(what); timerd reads its settings from a text file there")
        }
        let tooBig = FileContents.unreadable(
            "\(path) is larger than 1 MiB, too large for a configuration file; none of it is used")
        guard info.st_size <= maxBytes else { return tooBig }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // Read one byte past the limit, so a file that grew since fstat is still caught.
        while bytes.count <= maxBytes {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .unreadable("cannot read \(path): \(String(cString: strerror(errno)))") }
            if count == 0 { return .read(bytes) }
            bytes += chunk[..<count]
        }
        return tooBig
    }

    private static func joined(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
