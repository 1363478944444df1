import CSQLite
import Glibc

/// A failed SQLite call: SQLite's result code and message, and a sentence for a person.
struct SQLiteError: Error, CustomStringConvertible {
    var code: Int32
    var message: String
    /// Why the files cannot be written, if that is the trouble (`EROFS`, `EPERM`…): SQLite
    /// reports a write refused by a read-only file system as a plain I/O error, so the store
    /// finds out for itself (`SQLiteStore.commit`).
    var systemErrno: Int32 = 0
    /// The file that cannot be written, with `systemErrno`.
    var file: String?

    /// The primary result code (without the extended bits).
    var primary: Int32 { code & 0xFF }

    var isCorruption: Bool { primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB }

    var description: String {
        if let file, file.hasSuffix("-shm"), systemErrno == EPERM || systemErrno == EACCES {
            // Not a file people know about: say what it is.
            let hint = systemErrno == EPERM ? "; lsattr shows whether it is immutable, and chattr -i undoes that" : ""
            return "SQLite's shared memory beside it, \(file), cannot be written (\(String(cString: strerror(systemErrno)))\(hint))"
        }
        return switch (primary, systemErrno) {
        case (SQLITE_FULL, _): "the disk is full"
        case (_, EROFS): "the state directory is on a file system that is now read-only"
        case (_, EPERM), (_, EACCES): "the state directory cannot be written (\(String(cString: strerror(systemErrno))))"
        case (SQLITE_READONLY, _), (SQLITE_PERM, _), (SQLITE_CANTOPEN, _): "the state directory cannot be written (\(message))"
        case (SQLITE_IOERR, _): "a disk error occurred (\(message))"
        default: message
        }
    }

    /// What the user can do about it, as the end of a sentence.
    var remedy: String {
        switch (primary, systemErrno) {
        case (SQLITE_FULL, _): "try again once the disk has room"
        case (_, EROFS), (_, EPERM), (_, EACCES), (SQLITE_READONLY, _), (SQLITE_PERM, _), (SQLITE_CANTOPEN, _):
            "try again once the state directory can be written again"
        default: "check the disk (the system log may say more) and try again"
        }
    }
}

/// One SQLite connection, used from one place at a time (the scheduler actor owns it).
final class SQLiteDatabase {
    private(set) var handle: OpaquePointer?

    /// Opens `path` for reading and writing, creating it.
    init(path: String) throws(SQLiteError) {
        // NOFOLLOW: a symlink planted at the database path is refused, not followed.
        let flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK else {
            let error = SQLiteError(code: result, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
            sqlite3_close_v2(handle)
            handle = nil
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit { close() }

    /// Whether closing this connection, if it is the last one to the file, copies the
    /// write-ahead log back into the file and removes the log (SQLite's default). Off, both
    /// files stay exactly as they are.
    func checkpointOnClose(_ on: Bool) {
        csqlite_checkpoint_on_close(handle, on ? 1 : 0)
    }

    /// Closes the connection now. Statements still held would keep it open (`sqlite3_close_v2`
    /// only marks it to be closed after them), its files and SQLite's mapping of its shared
    /// memory with it: they are finalized first, and their objects see `handle` gone.
    func close() {
        guard let handle else { return }
        while let statement = sqlite3_next_stmt(handle, nil) { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(message)
            throw SQLiteError(code: result, message: text)
        }
    }

    func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else { throw SQLiteError(code: result, message: lastMessage) }
        return Statement(statement, database: self)
    }

    /// The value of a single-row, single-column query.
    func scalar(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(0) : nil
    }

    /// Runs `body` in a transaction that takes the write lock at once; rolls back if it throws.
    func transaction(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "database closed" }

    /// A prepared statement. Parameters are numbered from 1, columns from 0, as in SQLite.
    final class Statement {
        private let statement: OpaquePointer
        private let database: SQLiteDatabase

        fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
            self.statement = statement
            self.database = database
        }

        deinit {
            // A closed connection finalized it already.
            if database.handle != nil { sqlite3_finalize(statement) }
        }

        func bind(_ index: Int32, _ value: Int64?) {
            if let value { sqlite3_bind_int64(statement, index, value) } else { sqlite3_bind_null(statement, index) }
        }

        func bind(_ index: Int32, _ value: String?) {
            guard let value else {
                sqlite3_bind_null(statement, index)
                return
            }
            var bytes = Array(value.utf8)
            bytes.append(0)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    _ = csqlite_bind_text(statement, index, $0.baseAddress, Int32(bytes.count - 1))
                }
            }
        }

        /// Advances to the next row; false when there are no more.
        func step() throws(SQLiteError) -> Bool {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case let result: throw SQLiteError(code: result, message: database.lastMessage)
            }
        }

        /// Runs a statement that returns no rows, then makes it ready for the next use.
        func run() throws(SQLiteError) {
            defer { reset() }
            _ = try step()
        }

        func reset() {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }

        func int64(_ column: Int32) -> Int64? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, column)
        }

        func string(_ column: Int32) -> String? {
            guard let text = sqlite3_column_text(statement, column) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        }
    }
}
