import Glibc
import Protocol

/// Creates the listening socket: checks the directory, replaces a stale socket left by a
/// crash (but never a live one), and binds with mode 0600.
enum Listener {
    struct Bound {
        var fd: Int32
        /// Device and inode of the socket file, so shutdown removes only our own file; nil
        /// for a socket passed by the service manager, whose file is the manager's.
        var identity: (dev_t, ino_t)?
    }

    static func open(_ location: SocketLocation) throws(StartupError) -> Bound {
        if let problem = location.pathProblem { throw StartupError(problem) }
        try removeStaleSocket(at: location.path)

        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw StartupError("Cannot create a socket: \(Errno(errno)).") }
        // The socket file is created by bind with the umask applied: 0600 from the start,
        // no window in which another user could connect. Start-up is single-threaded here.
        let oldMask = umask(0o177)
        let bound = UnixSocket.withAddress(location.path) { bind(fd, $0, $1) }
        let bindError = errno
        umask(oldMask)
        guard bound == 0 else {
            close(fd)
            throw StartupError("Cannot listen on \(location.path): \(Errno(bindError)).")
        }
        guard listen(fd, 512) == 0 else {
            let error = errno
            close(fd)
            throw StartupError("Cannot listen on \(location.path): \(Errno(error)).")
        }
        var info = stat()
        stat(location.path, &info)
        return Bound(fd: fd, identity: (info.st_dev, info.st_ino))
    }

    /// Removes the socket file at shutdown, if it is still the one we bound.
    static func remove(_ bound: Bound, at path: String) {
        var info = stat()
        guard let identity = bound.identity, lstat(path, &info) == 0, info.st_dev == identity.0, info.st_ino == identity.1
        else { return }
        unlink(path)
    }

    private static func removeStaleSocket(at path: String) throws(StartupError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT != S_IFLNK else {
            throw StartupError(
                "\(path) is a symbolic link; timerd does not follow links at its socket path (someone may have planted "
                    + "it). Remove it (`rm \(path)`), or choose another path with --socket.")
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw StartupError(
                "\(path) exists and is not a socket; timerd will not replace it. Remove it, or choose another path with --socket.")
        }
        guard info.st_uid == geteuid() else {
            throw StartupError(
                "\(path) is a socket of user \(info.st_uid), not yours (user \(geteuid())); timerd will not replace it. "
                    + "Choose a path in a directory of your own with --socket.")
        }
        switch UnixSocket.connect(path) {
        case .success(let fd):
            close(fd)
            throw StartupError("Another timerd is already listening on \(path).")
        case .failure:
            // Connection refused: a socket left behind by a daemon that died.
            Log.info("removing the stale socket \(path)")
            unlink(path)
        }
    }
}
