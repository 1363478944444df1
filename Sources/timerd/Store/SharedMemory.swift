import CLinux
import Glibc

/// `timerd.db-shm`: the index of the write-ahead log, which SQLite maps into memory and
/// writes as memory. A write the file system refuses there is not an error SQLite can return
/// but a SIGBUS, which kills the process: the file made immutable or append-only
/// (`chattr +i`, ext4 refuses to make its pages writable), or cut short (`truncate`, its
/// mapping then reaches past its end).
///
/// SQLite itself is safe with a file it cannot write when it opens it: it maps it read-only and
/// refuses changes (`SQLITE_READONLY`). So before each use of the database the store asks
/// whether the file is still as it was mapped (`isAsMapped`), and if not opens the database
/// again, which maps it as it is now. Between that question and SQLite's next write there is
/// a moment; a change to the file in it still ends in SIGBUS, which `reportFaults` turns into
/// a message and an exit status a service manager restarts on.
final class SharedMemory {
    let path: String
    private let fd: Int32
    /// The file as the connection opened it.
    let identity: FileIdentity
    /// SQLite could not open it for writing, so it mapped it read-only and never writes it.
    let mappedReadOnly: Bool
    /// The largest size seen: SQLite only ever grows the file while it is open.
    private var largestSize: Int64

    /// The shared-memory file of `database`, as the connection just opened has it, or nil if
    /// there is none.
    init?(database: String) {
        path = database + "-shm"
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0, let (identity, size) = FileIdentity.of(descriptor: fd) else {
            if fd >= 0 { close(fd) }
            return nil
        }
        self.identity = identity
        largestSize = size
        mappedReadOnly = !Self.isWritable(fd)
    }

    deinit { close(fd) }

    /// Whether SQLite can go on using the file as it mapped it: it can write it if it mapped it
    /// for writing, and it is no shorter than it has been.
    func isAsMapped() -> Bool {
        guard Self.isWritable(fd) != mappedReadOnly else { return false }
        guard let (_, size) = FileIdentity.of(descriptor: fd) else { return true }
        largestSize = max(largestSize, size)
        return size == largestSize
    }

    /// Whether writes to the file would be refused: not when it is immutable or append-only.
    /// File systems without inode flags (tmpfs) keep none, and so refuse nothing this way.
    var isWritable: Bool { Self.isWritable(fd) }

    private static func isWritable(_ fd: Int32) -> Bool {
        let flags = clinux_inode_flags(fd)
        return flags < 0 || flags & (FS_IMMUTABLE_FL | FS_APPEND_FL) == 0
    }

    /// What the daemon exits with after a SIGBUS: EX_TEMPFAIL, not 1, which the systemd unit
    /// does not restart on (`RestartPreventExitStatus=1`, for a daemon that cannot start).
    static let faultExitStatus: Int32 = 75

    /// From now on, a SIGBUS makes the daemon say what most likely happened and exit with
    /// `status`, instead of dying without a word.
    static func reportFaults(database: String, status: Int32) {
        let text = """
            timerd: error: stopping: SQLite's shared memory in \(database)-shm could not be written (SIGBUS). \
            The file was most likely made immutable or append-only (lsattr shows it; chattr -i undoes it) \
            or cut short while timerd was using it. Every change timerd acknowledged is saved. \
            Start timerd again (timerctl and systemd do): until the file can be written it refuses changes and says why.

            """
        _ = clinux_report_bus_errors(text, status)
    }
}
