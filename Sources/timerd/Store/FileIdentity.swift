import Glibc

/// Which file a path names (its device and inode), to tell whether the file the store has
/// open is still the one at its path: a file deleted or replaced under an open descriptor
/// goes on taking writes that nobody will ever read back.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// What is at a path now.
    enum Lookup: Equatable {
        case found(FileIdentity, size: Int64)
        case missing
        /// It could not be told (a permission, an I/O error): taken as no change.
        case unknown
    }

    /// What `path` names now; a symlink is itself, not what it points to.
    static func lookUp(_ path: String) -> Lookup {
        var info = stat()
        if lstat(path, &info) == 0 {
            return .found(FileIdentity(info), size: Int64(info.st_size))
        }
        return errno == ENOENT ? .missing : .unknown
    }

    /// The file open on `fd`.
    static func of(descriptor fd: Int32) -> (FileIdentity, size: Int64)? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return (FileIdentity(info), Int64(info.st_size))
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
