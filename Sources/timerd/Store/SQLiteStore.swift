import CSQLite
import Glibc
import Protocol

/// The timers on disk: `timerd.db` in the state directory, SQLite in WAL mode with
/// `synchronous=FULL`, so a committed transaction survives a crash or power cut.
final class SQLiteStore: Store {
    /// The schema this build writes. `PRAGMA user_version` holds the file's.
    static let schemaVersion: Int64 = 4

    let path: String
    private let database: SQLiteDatabase
    private let upsert: SQLiteDatabase.Statement
    private let delete: SQLiteDatabase.Statement
    private let appendHistory: SQLiteDatabase.Statement
    private let trimHistory: SQLiteDatabase.Statement
    /// Copies the write-ahead log into the database file, away from the commits.
    let checkpointer: Checkpointer?

    /// Opens (or creates) the database at `path`. A file written by a newer timerd is
    /// refused, never changed. A corrupt file is moved aside (never deleted) and a fresh one
    /// started; `setAside` then names where the old file went.
    static func open(path: String) throws(StoreError) -> (store: SQLiteStore, setAside: String?) {
        do {
            return (try SQLiteStore(path: path), nil)
        } catch let error as SQLiteError where error.isCorruption {
            var aside = path + ".corrupt-\(RFC3339.format(Timestamp(seconds: Int64(time(nil)))))"
            // Never replace an earlier file set aside.
            var n = 1
            while access(aside, F_OK) == 0 {
                aside = path + ".corrupt-\(RFC3339.format(Timestamp(seconds: Int64(time(nil)))))-\(n)"
                n += 1
            }
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

    deinit {
        // The writer's connection must not call into a checkpointer that is gone.
        database.close()
        checkpointer?.stop()
    }

    private init(path: String) throws {
        self.path = path
        if access(path, F_OK) == 0 {
            // Look at the version without touching anything: a file written by a newer timerd
            // must stay exactly as it is (even a read-write open may create files beside it).
            let probe = try SQLiteDatabase(path: path, untouched: true)
            try Self.refuseNewer(try probe.scalar("PRAGMA user_version") ?? 0, path: path)
        }
        database = try SQLiteDatabase(path: path)
        // quick_check reads every page: it finds a damaged file now, not at the first write.
        // Through the real connection, which also sees what the write-ahead log holds: after a
        // crash the main file alone may be half checkpointed and still perfectly recoverable.
        let check = try database.prepare("PRAGMA quick_check")
        let healthy = try check.step() && check.string(0) == "ok"
        check.reset()  // an unfinished statement holds a read transaction open
        guard healthy else { throw SQLiteError(code: SQLITE_CORRUPT, message: "quick_check failed") }
        let version = try database.scalar("PRAGMA user_version") ?? 0
        try Self.refuseNewer(version, path: path)
        try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
        if version < Self.schemaVersion { try Self.migrate(database, from: version) }
        upsert = try database.prepare(
            """
            INSERT OR REPLACE INTO timers (id, name, kind, state, length_ns, total_ns, end_wall_ns, end_boot_ns,
                boot_id, remaining_ns, fired_at_ns, created_at_ns, started_at_ns, message, reminders, sound, chain, todos)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
            """)
        delete = try database.prepare("DELETE FROM timers WHERE id = ?1")
        appendHistory = try database.prepare(
            """
            INSERT INTO history (name, kind, due_at_ns, fired_at_ns, duration_ns, message)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6)
            """)
        trimHistory = try database.prepare(
            "DELETE FROM history WHERE seq <= (SELECT MAX(seq) FROM history) - \(Limits.historyLength)")
        // Checkpoints on a thread of their own; if a second connection cannot be had, SQLite
        // goes on checkpointing in the commits.
        if let second = try? SQLiteDatabase(path: path) {
            let checkpointer = Checkpointer(connection: second)
            checkpointer.watch(database)
            self.checkpointer = checkpointer
        } else {
            checkpointer = nil
        }
    }

    private static func refuseNewer(_ version: Int64, path: String) throws(StoreError) {
        guard version > schemaVersion else { return }
        throw StoreError(
            "\(path) was written by a newer timerd (schema \(version); this one knows \(schemaVersion)). "
                + "Run the newer timerd, or move the file away to start with no timers.")
    }

    /// Brings an older file up to `schemaVersion`, one step per version, in one transaction.
    private static func migrate(_ database: SQLiteDatabase, from version: Int64) throws(SQLiteError) {
        try database.transaction { () throws(SQLiteError) in
            if version < 1 {
                try database.execute(
                    """
                    CREATE TABLE timers (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        state TEXT NOT NULL,
                        length_ns INTEGER NOT NULL,
                        total_ns INTEGER NOT NULL,
                        end_wall_ns INTEGER,
                        end_boot_ns INTEGER,
                        boot_id TEXT,
                        remaining_ns INTEGER,
                        fired_at_ns INTEGER,
                        created_at_ns INTEGER NOT NULL,
                        started_at_ns INTEGER NOT NULL,
                        message TEXT
                    );
                    CREATE TABLE history (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        due_at_ns INTEGER NOT NULL,
                        fired_at_ns INTEGER NOT NULL,
                        duration_ns INTEGER NOT NULL,
                        message TEXT
                    );
                    """)
            }
            if version < 2 {
                // Reminders (nanoseconds before the end, comma-separated) and the sound
                // ("silent", or "file:" and a path; NULL for the default).
                try database.execute("ALTER TABLE timers ADD COLUMN reminders TEXT; ALTER TABLE timers ADD COLUMN sound TEXT;")
            }
            if version < 3 {
                // A repeating timer's plan and position, as JSON: {"steps":[{"name","ns"}],"rounds","round","step"}.
                try database.execute("ALTER TABLE timers ADD COLUMN chain TEXT;")
            }
            if version < 4 {
                // The checklist, as JSON: {"next": the next item's id, "items": [{"id","text","done"}]}.
                try database.execute("ALTER TABLE timers ADD COLUMN todos TEXT;")
            }
            try database.execute("PRAGMA user_version = \(schemaVersion)")
        }
    }

    func loadTimers(_ body: (PersistedTimer) -> Void) throws(StoreError) {
        do {
            let select = try database.prepare(
                """
                SELECT id, name, kind, state, length_ns, total_ns, end_wall_ns, end_boot_ns, boot_id, remaining_ns,
                    fired_at_ns, created_at_ns, started_at_ns, message, reminders, sound, chain, todos
                FROM timers ORDER BY id
                """)
            while try select.step() {
                guard let id = select.int64(0), let name = select.string(1),
                    let kind = select.string(2).flatMap(TimerKind.init(rawValue:)),
                    let state = select.string(3).flatMap(TimerState.init(rawValue:)),
                    let length = select.int64(4), let total = select.int64(5),
                    let created = select.int64(11), let started = select.int64(12)
                else {
                    Log.warning("skipping an unreadable timer row in \(path)")
                    continue
                }
                body(
                    PersistedTimer(
                        id: UInt64(id), name: name, kind: kind, state: state, length: .nanoseconds(length),
                        total: .nanoseconds(total), endWall: select.int64(6).map(Timestamp.init(nanoseconds:)),
                        endBoot: select.int64(7).map(BootInstant.init(nanoseconds:)), bootID: select.string(8),
                        remaining: select.int64(9).map(Duration.nanoseconds), firedAt: select.int64(10).map(Timestamp.init(nanoseconds:)),
                        createdAt: Timestamp(nanoseconds: created), startedAt: Timestamp(nanoseconds: started),
                        message: select.string(13),
                        reminders: (select.string(14) ?? "").split(separator: ",").compactMap { Int64($0) }.map(Duration.nanoseconds),
                        sound: Self.sound(select.string(15)), chain: select.string(16).flatMap(Self.chain),
                        todos: select.string(17).flatMap(Self.todos)?.items ?? [],
                        nextTodoID: select.string(17).flatMap(Self.todos)?.next ?? 1))
            }
        } catch {
            throw StoreError("Cannot read the timers in \(path): \(error).")
        }
    }

    func maintain() {
        checkpointer?.copyBackIfLong(database)
    }

    func commit(_ writes: StoreWrites) throws(StoreError) {
        guard !writes.isEmpty else { return }
        do {
            try database.transaction { () throws(SQLiteError) in
                for timer in writes.upserts {
                    upsert.bind(1, Int64(timer.id))
                    upsert.bind(2, timer.name)
                    upsert.bind(3, timer.kind.rawValue)
                    upsert.bind(4, timer.state.rawValue)
                    upsert.bind(5, timer.length.nanoseconds)
                    upsert.bind(6, timer.total.nanoseconds)
                    upsert.bind(7, timer.endWall?.nanoseconds)
                    upsert.bind(8, timer.endBoot?.nanoseconds)
                    upsert.bind(9, timer.bootID)
                    upsert.bind(10, timer.remaining?.nanoseconds)
                    upsert.bind(11, timer.firedAt?.nanoseconds)
                    upsert.bind(12, timer.createdAt.nanoseconds)
                    upsert.bind(13, timer.startedAt.nanoseconds)
                    upsert.bind(14, timer.message)
                    upsert.bind(15, timer.reminders.isEmpty ? nil : timer.reminders.map { String($0.nanoseconds) }.joined(separator: ","))
                    upsert.bind(16, Self.column(timer.sound))
                    upsert.bind(17, timer.chain.map(Self.column))
                    upsert.bind(18, Self.column(todos: timer.todos, next: timer.nextTodoID))
                    try upsert.run()
                }
                for id in writes.deletes {
                    delete.bind(1, Int64(id))
                    try delete.run()
                }
                for entry in writes.history {
                    appendHistory.bind(1, entry.name)
                    appendHistory.bind(2, entry.kind.rawValue)
                    appendHistory.bind(3, entry.dueAt.nanoseconds)
                    appendHistory.bind(4, entry.firedAt.nanoseconds)
                    appendHistory.bind(5, entry.duration.nanoseconds)
                    appendHistory.bind(6, entry.message)
                    try appendHistory.run()
                }
                if !writes.history.isEmpty { try trimHistory.run() }
            }
        } catch {
            var error = error
            if error.primary == SQLITE_IOERR { error.systemErrno = Self.writeProblem(path) }
            throw StoreError("Cannot save to \(path): \(error).", remedy: error.remedy)
        }
    }

    /// Why the database cannot be written now, as an errno (`EROFS`: a read-only file system,
    /// also one the kernel made read-only after an error; `EPERM`, `EACCES`: an immutable file,
    /// permissions), or 0. Opening the files for writing asks without changing anything.
    private static func writeProblem(_ path: String) -> Int32 {
        for file in [path, path + "-wal"] {
            let fd = Glibc.open(file, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
            if fd >= 0 {
                close(fd)
            } else if errno != ENOENT {
                return errno
            }
        }
        return 0
    }

    private static func column(_ sound: NotifyOptions.Sound) -> String? {
        switch sound {
        case .standard: nil
        case .silent: "silent"
        case .file(let path): "file:" + path
        }
    }

    private static func column(_ chain: Chain) -> String {
        let steps: [JSONValue] = chain.steps.map { ["name": .string($0.name), "ns": .integer($0.length.nanoseconds)] }
        return JSONWriter.string([
            "steps": .array(steps), "rounds": .integer(Int64(chain.rounds)), "round": .integer(Int64(chain.round)),
            "step": .integer(Int64(chain.step)),
        ])
    }

    private static func chain(_ column: String) -> Chain? {
        guard let json = try? JSONParser.parse(column), let items = json["steps"]?.arrayValue,
            let rounds = json["rounds"]?.int64Value, let round = json["round"]?.int64Value, let step = json["step"]?.int64Value
        else { return nil }
        var steps: [Repeats.Step] = []
        for item in items {
            guard let name = item["name"]?.stringValue, let ns = item["ns"]?.int64Value else { return nil }
            steps.append(Repeats.Step(name: name, length: .nanoseconds(ns)))
        }
        guard steps.indices.contains(Int(step)), round >= 1, round <= rounds else { return nil }
        return Chain(steps: steps, rounds: Int(rounds), round: Int(round), step: Int(step))
    }

    /// The checklist column: NULL until a timer's first item is added.
    private static func column(todos: [TodoItem], next: Int) -> String? {
        guard !todos.isEmpty || next > 1 else { return nil }
        return JSONWriter.string(["next": .integer(Int64(next)), "items": .array(todos.map(\.json))])
    }

    private static func todos(_ column: String) -> (items: [TodoItem], next: Int)? {
        guard let json = try? JSONParser.parse(column), let items = json["items"]?.arrayValue else { return nil }
        return (items.compactMap { try? TodoItem(json: $0) }, Int(json["next"]?.int64Value ?? 1))
    }

    private static func sound(_ column: String?) -> NotifyOptions.Sound {
        guard let column else { return .standard }
        if column == "silent" { return .silent }
        if column.hasPrefix("file:") { return .file(String(column.dropFirst(5))) }
        return .standard
    }

    func history(limit: Int) throws(StoreError) -> [HistoryEntry] {
        do {
            let select = try database.prepare(
                """
                SELECT name, kind, due_at_ns, fired_at_ns, duration_ns, message
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
                        duration: .nanoseconds(duration), message: select.string(5)))
            }
            return entries
        } catch {
            throw StoreError("Cannot read the history in \(path): \(error).")
        }
    }
}
