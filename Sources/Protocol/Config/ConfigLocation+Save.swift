import Glibc

/// Why the configuration file could not be saved. The file is as it was before.
public struct ConfigSaveError: Error, Equatable, CustomStringConvertible {
    /// The path that was to be written, as given.
    public var path: String
    /// What failed, as a phrase: `cannot create a temporary file in /home/ann/.config/timerd: Permission denied`.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `Cannot save PATH: REASON.`
    public var message: String { "Cannot save \(path): \(reason)." }
    public var description: String { message }
}

extension ConfigLocation {
    /// Replaces the contents of the file at `path` with `text`, so that a reader (timerd
    /// starting, an editor) sees the old file or the new one, never a part: the text goes to
    /// a new file in the same directory, which is then renamed over the old one.
    ///
    /// - Missing directories are created, private (0700) as the base directory spec asks.
    /// - The file keeps its permissions; a new one is private (0600).
    /// - When `path` is a symbolic link (dotfiles kept in a repository), the file it points
    ///   to is replaced and the link stays. The temporary file is created exclusively, so it
    ///   is never a link someone planted.
    /// - A file its owner cannot write (read-only, or in a read-only place) is refused rather
    ///   than replaced behind its back.
    public static func save(_ text: String, to path: String) throws(ConfigSaveError) {
        func failure(_ reason: String) -> ConfigSaveError { ConfigSaveError(path: path, reason: reason) }
        let target = try resolvedTarget(path)
        var mode: mode_t = 0o600
        var info = stat()
        if stat(target, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw failure("\(target) is \(info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file")")
            }
            guard access(target, W_OK) == 0 else {
                let why = errno == EACCES ? "" : " (\(reason(errno)))"
                throw failure("\(target) is read-only\(why); make it writable (chmod u+w) to change it")
            }
            mode = info.st_mode & 0o7777
        }
        let directory = Self.directory(of: target)
        try makeDirectories(directory, for: path)

        let base = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        var template = Array("\(directory)/.\(base).XXXXXX".utf8CString)
        // mkstemp opens with O_EXCL: it never follows a link, nor reuses a file that exists.
        let (fd, temporary) = template.withUnsafeMutableBufferPointer { buffer in
            let fd = mkstemp(buffer.baseAddress!)
            return (fd, String(cString: buffer.baseAddress!))
        }
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(directory): \(reason(errno))") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var closed = false
        var done = false
        defer {
            if !closed { close(fd) }
            if !done { unlink(temporary) }
        }
        guard fchmod(fd, mode) == 0 else { throw failure("cannot set the mode of \(temporary): \(reason(errno))") }
        if let error = writeAll(Array(text.utf8), to: fd) {
            throw failure("cannot write \(temporary): \(reason(error))")
        }
        // Without this a crash soon after the rename can leave an empty file in its place.
        guard fsync(fd) == 0 else { throw failure("cannot write \(temporary): \(reason(errno))") }
        closed = true
        guard close(fd) == 0 else { throw failure("cannot write \(temporary): \(reason(errno))") }
        guard rename(temporary, target) == 0 else {
            throw failure("cannot replace \(target) with \(temporary): \(reason(errno))")
        }
        done = true
        // Make the rename itself durable; the file is in place either way.
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// The file `path` names: itself, or for a symbolic link the file it leads to.
    private static func resolvedTarget(_ path: String) throws(ConfigSaveError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            let error = errno
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            let destination = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
            throw ConfigSaveError(
                path: path,
                reason: "it is a symbolic link to \(destination), which cannot be reached (\(reason(error))); "
                    + "create that file or remove the link")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates `directory` and any missing parents, mode 0700 (`mkdir -p`).
    private static func makeDirectories(_ directory: String, for path: String) throws(ConfigSaveError) {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            var info = stat()
            if stat(prefix, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw ConfigSaveError(path: path, reason: "\(prefix) is not a directory")
                }
                continue
            }
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw ConfigSaveError(path: path, reason: "cannot create the directory \(prefix): \(reason(errno))")
            }
        }
    }

    /// Writes every byte, through short writes and interruptions; the errno of a failure.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
