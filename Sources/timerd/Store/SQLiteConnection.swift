import CSQLite
import Glibc

/// One opening of `timerd.db`: the writer's connection and its statements, the checkpointer
/// with a connection of its own, and which files they were opened on, to notice when those
/// are no longer the files at the path.
final class SQLiteConnection {
    let path: String
    let database: SQLiteDatabase
    let upsert: SQLiteDatabase.Statement
    let delete: SQLiteDatabase.Statement
    let appendHistory: SQLiteDatabase.Statement
    let trimHistory: SQLiteDatabase.Statement
    let markHookFailure: SQLiteDatabase.Statement
    /// Copies the write-ahead log into the database file, away from the commits.
    let checkpointer: Checkpointer?
    let sharedMemory: SharedMemory?
    private let pageSize: Int64
    /// The database file and its log as they were opened.
    let file: FileIdentity?
    private(set) var log: FileIdentity?
    private var isClosed = false

    /// Opens `path` as the daemon uses it, write-ahead log and all. A file written by a newer
    /// timerd is refused and left as it is: its version is read from the file's header before
    /// SQLite opens it, and again through the log, which may hold a newer one, with the
    /// connection told not to copy the log back when it closes. Whether the file is damaged
    /// is SQLite's to say, with the log (`verify`: every page read now, not at the first write):
    /// a file caught in the middle of a checkpoint is inconsistent without its log and whole
    /// with it.
    init(path: String, verify: Bool = true) throws {
        self.path = path
        if let version = DatabaseHeader.userVersion(atPath: path) { try SQLiteStore.refuseNewer(version, path: path) }
        let database = try SQLiteDatabase(path: path)
        database.checkpointOnClose(false)
        let version = try database.scalar("PRAGMA user_version") ?? 0
        try SQLiteStore.refuseNewer(version, path: path)
        if verify {
            let check = try database.prepare("PRAGMA quick_check")
            let healthy = try check.step() && check.string(0) == "ok"
            check.reset()  // an unfinished statement holds a read transaction open
            guard healthy else { throw SQLiteError(code: SQLITE_CORRUPT, message: "quick_check failed") }
        }
        try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
        if version < SQLiteStore.schemaVersion { try SQLiteStore.migrate(database, from: version) }
        database.checkpointOnClose(true)
        self.database = database
        upsert = try database.prepare(SQLiteStore.upsertSQL)
        delete = try database.prepare(SQLiteStore.deleteSQL)
        appendHistory = try database.prepare(SQLiteStore.appendHistorySQL)
        trimHistory = try database.prepare(SQLiteStore.trimHistorySQL)
        markHookFailure = try database.prepare(SQLiteStore.markHookFailureSQL)
        pageSize = try database.scalar("PRAGMA page_size") ?? 4_096
        if case .found(let identity, _) = FileIdentity.lookUp(path) { file = identity } else { file = nil }
        if case .found(let identity, _) = FileIdentity.lookUp(path + "-wal") { log = identity }
        sharedMemory = SharedMemory(database: path)
        // Checkpoints on a thread of their own; if a second connection cannot be had, SQLite
        // goes on checkpointing in the commits.
        if let second = try? SQLiteDatabase(path: path) {
            // The writer's connection is closed last, and decides.
            second.checkpointOnClose(false)
            let checkpointer = Checkpointer(connection: second)
            checkpointer.watch(database)
            self.checkpointer = checkpointer
        } else {
            checkpointer = nil
        }
    }

    deinit { close(checkpointing: true) }

    /// Closes both connections, the writer's last. `checkpointing`: the writer's copies the log
    /// back and removes it (unless SQLite's shared memory can no longer be written); without,
    /// the files are left exactly as they are, whatever they are by now.
    func close(checkpointing: Bool) {
        guard !isClosed else { return }
        isClosed = true
        checkpointer?.stop()
        if !checkpointing || sharedMemory?.isWritable == false { database.checkpointOnClose(false) }
        database.close()
    }

    /// What has become of the files this connection writes, if they are no longer the ones at
    /// its path; nil while they are.
    func loss() -> SQLiteStore.FileLoss? {
        if let file {
            switch FileIdentity.lookUp(path) {
            case .missing: return .deleted
            case .found(let identity, _) where identity != file: return .replaced
            default: break
            }
        }
        switch FileIdentity.lookUp(path + "-wal") {
        case .missing where log != nil: return .logDeleted
        case .found(let identity, _) where log != nil && identity != log: return .logReplaced
        case .found(let identity, let size):
            if log == nil { log = identity }
            // The log's header, then every frame SQLite counts in it: 24 bytes and a page each.
            let frames = Int64(checkpointer?.logPages.load(ordering: .relaxed) ?? 0)
            let needed = 32 + frames * (24 + pageSize)
            if frames > 0 && size < needed { return .logCut(size: size, needed: needed) }
        default: break
        }
        return nil
    }
}
