import CSQLite
import Glibc
import Protocol

/// The timers on disk: `timerd.db` in the state directory, SQLite in WAL mode with
/// `synchronous=FULL`, so a committed transaction survives a crash or power cut.
///
/// At each save and each quiet moment it makes sure that the files it writes are still the
/// ones at its path, and writes everything to new ones if not (`SQLiteStore+Files.swift`).
final class SQLiteStore: Store {
    /// The schema this build writes. `PRAGMA user_version` holds the file's.
    static let schemaVersion: Int64 = 8

    let path: String
    /// The open database; nil once its files were lost and new ones could not be written,
    /// until the next save manages to.
    var connection: SQLiteConnection?
    /// The last trouble with the files logged from a quiet moment, so that it is logged once.
    var lastTrouble: String?

    /// Copies the write-ahead log into the database file, away from the commits.
    var checkpointer: Checkpointer? { connection?.checkpointer }

    /// Opens (or creates) the database at `path`. A file written by a newer timerd is
    /// refused, never changed. A corrupt file is moved aside (never deleted) and a fresh one
    /// started; `setAside` then names where the old file went.
    static func open(path: String) throws(StoreError) -> (store: SQLiteStore, setAside: String?) {
        do {
            return (try SQLiteStore(path: path), nil)
        } catch let error as SQLiteError where error.isCorruption {
            let aside = unusedName(path + ".corrupt")
            for suffix in ["", "-wal", "-shm"] { rename(path + suffix, aside + suffix) }
            do {
                return (try SQLiteStore(path: path), aside)
            } catch {
                throw StoreError("Cannot open \(path): \(error).")
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("Cannot open \(path): \(error).")
        }
    }

    /// `base` and the time, with a number after it if that is taken: an earlier file kept
    /// aside is never replaced.
    static func unusedName(_ base: String) -> String {
        let stamp = base + "-" + RFC3339.format(Timestamp(seconds: Int64(time(nil))))
        var name = stamp
        var n = 1
        while access(name, F_OK) == 0 {
            name = stamp + "-\(n)"
            n += 1
        }
        return name
    }

    private init(path: String) throws {
        self.path = path
        connection = try SQLiteConnection(path: path)
    }

    deinit { connection?.close(checkpointing: true) }

    func loadTimers(_ body: (PersistedTimer) -> Void) throws(StoreError) {
        do {
            let select = try readable().database.prepare(Self.selectTimersSQL)
            while try select.step() {
                guard let timer = Self.timer(in: select) else {
                    Log.warning("skipping an unreadable timer row in \(path)")
                    continue
                }
                body(timer)
            }
        } catch {
            throw StoreError("Cannot read the timers in \(path): \(error).")
        }
    }

    func commit(_ writes: StoreWrites, held: () -> [PersistedTimer]) throws(StoreError) {
        guard !writes.isEmpty else { return }
        let open: SQLiteConnection?
        do {
            open = try current()
        } catch {
            throw StoreError("Cannot save to \(path): \(error).", remedy: error.remedy)
        }
        guard let connection = open else {
            return try rebuild(after: .notReopened, held: held, history: writes.history, hookFailures: writes.hookFailures, historySaved: false)
        }
        // Before the change, not after: its frames, written past the end of a log that was cut
        // short, would make the log as long again as SQLite counts it (with a hole).
        if let loss = connection.loss() {
            return try rebuild(after: loss, held: held, history: writes.history, hookFailures: writes.hookFailures, historySaved: false)
        }
        do {
            try write(writes, with: connection)
        } catch {
            // The change may have failed because the files went away under it.
            if let loss = connection.loss() {
                return try rebuild(after: loss, held: held, history: writes.history, hookFailures: writes.hookFailures, historySaved: false)
            }
            var error = error
            if error.primary == SQLITE_IOERR || error.primary == SQLITE_READONLY {
                (error.systemErrno, error.file) = Self.writeProblem(path)
            }
            throw StoreError("Cannot save to \(path): \(error).", remedy: error.remedy)
        }
    }

    private func write(_ writes: StoreWrites, with connection: SQLiteConnection) throws(SQLiteError) {
        try connection.database.transaction { () throws(SQLiteError) in
            for timer in writes.upserts {
                Self.bind(timer, to: connection.upsert)
                try connection.upsert.run()
            }
            for id in writes.deletes {
                connection.delete.bind(1, Int64(id))
                try connection.delete.run()
            }
            for entry in writes.history {
                Self.bind(entry, to: connection.appendHistory)
                try connection.appendHistory.run()
            }
            if !writes.history.isEmpty { try connection.trimHistory.run() }
            for mark in writes.hookFailures {
                Self.bind(mark, to: connection.markHookFailure)
                try connection.markHookFailure.run()
            }
        }
    }

    /// Why the database cannot be written now, as an errno (`EROFS`: a read-only file system,
    /// also one the kernel made read-only after an error; `EPERM`, `EACCES`: an immutable file,
    /// permissions) and the file that cannot be, or 0. Opening the files for writing asks
    /// without changing anything.
    private static func writeProblem(_ path: String) -> (Int32, String?) {
        for file in [path, path + "-wal", path + "-shm"] {
            let fd = Glibc.open(file, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
            if fd >= 0 {
                close(fd)
            } else if errno != ENOENT {
                return (errno, file)
            }
        }
        return (0, nil)
    }

    func history(limit: Int) throws(StoreError) -> [HistoryEntry] {
        do {
            let select = try readable().database.prepare(
                """
                SELECT name, kind, due_at_ns, fired_at_ns, duration_ns, message, hook_failure
                FROM history ORDER BY seq DESC LIMIT ?1
                """)
            select.bind(1, Int64(limit))
            var entries: [HistoryEntry] = []
            while try select.step() {
                guard let name = select.string(0), let kind = select.string(1).flatMap(TimerKind.init(rawValue:)),
                    let due = select.int64(2), let fired = select.int64(3), let duration = select.int64(4)
                else { continue }
                entries.append(
                    HistoryEntry(
                        name: name, kind: kind, dueAt: Timestamp(nanoseconds: due), firedAt: Timestamp(nanoseconds: fired),
                        duration: .nanoseconds(duration), message: select.string(5), hookFailure: select.string(6)))
            }
            return entries
        } catch {
            throw StoreError("Cannot read the history in \(path): \(error).")
        }
    }
}
