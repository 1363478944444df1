import CSQLite
import Glibc
import Protocol

/// The files under the store: deleted, replaced or cut short while it runs, or SQLite's shared
/// memory made unwritable. SQLite goes on writing to an open file that is no longer at its
/// path, and each change is acknowledged into a file nobody will read again; a restart then
/// finds none of them. So the store compares its files with the path's at each save and at
/// each quiet moment, and when they differ writes every timer the daemon holds to a new file.
extension SQLiteStore {
    /// What became of the files the store writes.
    enum FileLoss: Equatable {
        case deleted
        case replaced
        case logDeleted
        case logReplaced
        /// The log is shorter than the frames SQLite counts in it: those past the cut, and
        /// every change after them, would be lost at the next start.
        case logCut(size: Int64, needed: Int64)
        /// New files could not be written after an earlier loss; none is open.
        case notReopened

        /// What happened, as the start of a sentence.
        func description(_ path: String) -> String {
            switch self {
            case .deleted: "\(path) was deleted while timerd was running"
            case .replaced: "\(path) was replaced by another file while timerd was running"
            case .logDeleted: "\(path)-wal, its write-ahead log, was deleted while timerd was running"
            case .logReplaced: "\(path)-wal, its write-ahead log, was replaced by another file while timerd was running"
            case .logCut(let size, let needed):
                "\(path)-wal, its write-ahead log, was cut short while timerd was running (to \(size) of its \(needed) bytes)"
            case .notReopened: "\(path) could not be written again after its files were lost"
            }
        }
    }

    /// The open connection, opened again first if SQLite's shared memory is no longer as SQLite
    /// mapped it, so that it maps the file as it is now (read-only, if it cannot be written);
    /// nil if there is none. Not while the files are lost: opening would make an empty
    /// database at the path, which `rebuild` must write instead.
    func current() throws(SQLiteError) -> SQLiteConnection? {
        guard let connection else { return nil }
        guard let shared = connection.sharedMemory, !shared.isAsMapped(), connection.loss() == nil else { return connection }
        if !shared.isWritable {
            Log.warning(
                "\(shared.path) cannot be written (it is immutable or append-only; lsattr shows it): timerd opens its "
                    + "database again and refuses changes until it can be written")
        } else if shared.mappedReadOnly {
            Log.warning("\(shared.path) can be written again: timerd opens its database again")
        } else {
            Log.warning("\(shared.path) was cut short while timerd was using it: timerd opens its database again")
        }
        connection.close(checkpointing: false)
        self.connection = nil
        do {
            self.connection = try SQLiteConnection(path: path, verify: false)
        } catch let error as SQLiteError {
            throw error
        } catch {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "\(error)")
        }
        return self.connection
    }

    /// The connection to read with, as `current()`.
    func readable() throws(SQLiteError) -> SQLiteConnection {
        guard let connection = try current() else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "its files were lost and new ones could not be written yet")
        }
        return connection
    }

    func maintain(held: () -> [PersistedTimer]) {
        do throws(StoreError) {
            let open: SQLiteConnection?
            do {
                open = try current()
            } catch {
                throw StoreError("Cannot open \(path) again: \(error).", remedy: error.remedy)
            }
            guard let connection = open else {
                return try rebuild(after: .notReopened, held: held, history: [], historySaved: true)
            }
            if let loss = connection.loss() { return try rebuild(after: loss, held: held, history: [], historySaved: true) }
            lastTrouble = nil
            connection.checkpointer?.copyBackIfLong(connection.database)
        } catch {
            if error.message != lastTrouble { Log.error("\(error.message) Timers already set keep running; timerd tries again at the next change.") }
            lastTrouble = error.message
        }
    }

    /// After `loss`: writes `held()`, every timer the daemon holds, and the history (copied
    /// from the open database, which reads on from the files it has open; `history` where it
    /// is not there) to a new database, puts it at the path and opens it. The old files are
    /// closed as they are; one at the path that is not the store's own is kept aside, never
    /// removed. If this fails the store keeps the old connection if it had one, and the next
    /// save tries again.
    func rebuild(
        after loss: FileLoss, held: () -> [PersistedTimer], history: [HistoryEntry], hookFailures: [HookFailureMark] = [],
        historySaved: Bool
    ) throws(StoreError) {
        let fresh = path + ".new"
        unlink(fresh)
        // The whole state directory may have gone.
        if let slash = path.lastIndex(of: "/"), slash > path.startIndex { mkdir(String(path[..<slash]), 0o700) }
        let timers = held()
        var copied = false
        do {
            if let connection {
                copied = (try? connection.database.execute("VACUUM INTO '\(fresh.replacing("'", with: "''"))'")) != nil
            }
            var database = try SQLiteDatabase(path: fresh)
            if copied, try database.scalar("SELECT count(*) FROM pragma_quick_check WHERE quick_check != 'ok'") != 0 {
                // Read through a log that was cut short: not worth keeping.
                database.close()
                unlink(fresh)
                copied = false
                database = try SQLiteDatabase(path: fresh)
            }
            try database.execute("PRAGMA journal_mode=DELETE; PRAGMA synchronous=FULL;")
            if !copied { try Self.migrate(database, from: 0) }
            try database.transaction { () throws(SQLiteError) in
                try database.execute("DELETE FROM timers")
                let upsert = try database.prepare(Self.upsertSQL)
                for timer in timers {
                    Self.bind(timer, to: upsert)
                    try upsert.run()
                }
                if !copied || !historySaved {
                    let append = try database.prepare(Self.appendHistorySQL)
                    for entry in history {
                        Self.bind(entry, to: append)
                        try append.run()
                    }
                    try database.execute(Self.trimHistorySQL)
                }
                let mark = try database.prepare(Self.markHookFailureSQL)
                for failure in hookFailures {
                    Self.bind(failure, to: mark)
                    try mark.run()
                }
            }
            database.close()
        } catch {
            unlink(fresh)
            throw StoreError(
                "Cannot save to \(path): \(loss.description(path)), and a new one could not be written: \(error).",
                remedy: error.remedy)
        }

        // The old files: closed without a checkpoint, which would write to whatever is at
        // their paths now; ours are removed, so that the new file does not take them for its own.
        let old = connection
        connection = nil
        old?.close(checkpointing: false)
        var aside: String?
        for (suffix, ours) in [("", old?.file), ("-wal", old?.log), ("-shm", old?.sharedMemory?.identity)] {
            guard case .found(let identity, _) = FileIdentity.lookUp(path + suffix) else { continue }
            if identity == ours {
                if !suffix.isEmpty { unlink(path + suffix) }
            } else {
                let name = aside ?? Self.unusedName(path + ".replaced")
                aside = name
                rename(path + suffix, name + suffix)
            }
        }
        guard rename(fresh, path) == 0 else {
            let problem = Errno(errno)
            unlink(fresh)
            throw StoreError("Cannot save to \(path): \(loss.description(path)), and a new one could not be put in its place: \(problem).")
        }
        Self.syncDirectory(of: path)
        do {
            connection = try SQLiteConnection(path: path)
        } catch {
            throw StoreError("Cannot save to \(path): \(loss.description(path)), and the new one could not be opened: \(error).")
        }
        Log.warning(
            "\(loss.description(path)); timerd wrote the \(timers.count) timers it holds "
                + (copied ? "and its history " : "") + "to a new \(path)"
                + (aside.map { "; the file that was in its place is kept as \($0)" } ?? "")
                + (copied ? "." : " (the history before now could not be copied).")
        )
    }

    /// Makes a rename in the directory of `path` durable.
    private static func syncDirectory(of path: String) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let fd = Glibc.open(slash == path.startIndex ? "/" : String(path[..<slash]), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
