import CSQLite
import Glibc

/// One opening of `timerd.db`: the writer's connection and its statements, and the
/// checkpointer with a connection of its own.
final class SQLiteConnection {
    let path: String
    let database: SQLiteDatabase
    let upsert: SQLiteDatabase.Statement
    let delete: SQLiteDatabase.Statement
    let appendHistory: SQLiteDatabase.Statement
    let trimHistory: SQLiteDatabase.Statement
    /// Copies the write-ahead log into the database file, away from the commits.
    let checkpointer: Checkpointer?
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

    deinit { close() }

    /// Closes both connections, the writer's last: if the log is all copied back, closing the
    /// writer's removes it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        checkpointer?.stop()
        database.close()
    }
}
