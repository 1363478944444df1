import CSQLite
import Protocol

/// The tables of `timerd.db`, and how a timer is written to a row and read back from one.
extension SQLiteStore {
    static func refuseNewer(_ version: Int64, path: String) throws(StoreError) {
        guard version > schemaVersion else { return }
        throw StoreError(
            "\(path) was written by a newer timerd (schema \(version); this one knows \(schemaVersion)). "
                + "Run the newer timerd, or move the file away to start with no timers.")
    }

    /// Brings an older file up to `schemaVersion`, one step per version, in one transaction.
    static func migrate(_ database: SQLiteDatabase, from version: Int64) throws(SQLiteError) {
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
            if version < 5 {
                // The alarm's volume in percent; NULL for the configured one.
                try database.execute("ALTER TABLE timers ADD COLUMN volume INTEGER;")
            }
            if version < 6 {
                // The timer's own hook (`--exec`), and what went wrong with a firing's hooks
                // ("hook exit 1"; NULL when nothing did).
                try database.execute(
                    "ALTER TABLE timers ADD COLUMN exec TEXT; ALTER TABLE history ADD COLUMN hook_failure TEXT;")
            }
            if version < 7 {
                // A recurring deadline's rule, as JSON: {"rule": the protocol's `every` object,
                // "held": the occurrence a snooze holds back, in nanoseconds}.
                try database.execute("ALTER TABLE timers ADD COLUMN every TEXT;")
            }
            if version < 8 {
                // A stopwatch's laps (its elapsed time at each, nanoseconds, comma-separated) and
                // how often it notifies (nanoseconds; NULL: never). A running stopwatch's zero is
                // in end_wall_ns and end_boot_ns, a paused one's elapsed time in remaining_ns.
                try database.execute(
                    "ALTER TABLE timers ADD COLUMN laps TEXT; ALTER TABLE timers ADD COLUMN notify_every_ns INTEGER;")
            }
            try database.execute("PRAGMA user_version = \(schemaVersion)")
        }
    }

    static let upsertSQL = """
        INSERT OR REPLACE INTO timers (id, name, kind, state, length_ns, total_ns, end_wall_ns, end_boot_ns,
            boot_id, remaining_ns, fired_at_ns, created_at_ns, started_at_ns, message, reminders, sound, chain, todos,
            volume, exec, every, laps, notify_every_ns)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22,
            ?23)
        """
    static let deleteSQL = "DELETE FROM timers WHERE id = ?1"
    static let appendHistorySQL = """
        INSERT INTO history (name, kind, due_at_ns, fired_at_ns, duration_ns, message, hook_failure)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """
    /// Adds a hook's failure to the entry of the firing it was about (several join with ", ").
    /// By name and instant: a history entry has no other key a hook could hold, and no two
    /// firings of one name share an instant.
    static let markHookFailureSQL = """
        UPDATE history SET hook_failure = CASE WHEN hook_failure IS NULL THEN ?1 ELSE hook_failure || ', ' || ?1 END
        WHERE name = ?2 AND fired_at_ns = ?3
        """
    static let trimHistorySQL = "DELETE FROM history WHERE seq <= (SELECT MAX(seq) FROM history) - \(Limits.historyLength)"
    static let selectTimersSQL = """
        SELECT id, name, kind, state, length_ns, total_ns, end_wall_ns, end_boot_ns, boot_id, remaining_ns,
            fired_at_ns, created_at_ns, started_at_ns, message, reminders, sound, chain, todos, volume, exec, every,
            laps, notify_every_ns
        FROM timers ORDER BY id
        """

    /// Binds `timer` to a statement made from `upsertSQL`.
    static func bind(_ timer: PersistedTimer, to upsert: SQLiteDatabase.Statement) {
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
        upsert.bind(16, column(timer.sound))
        upsert.bind(17, timer.chain.map(column))
        upsert.bind(18, column(todos: timer.todos, next: timer.nextTodoID))
        upsert.bind(19, timer.volume.map(Int64.init))
        upsert.bind(20, timer.exec)
        upsert.bind(21, timer.every.map { column($0, held: timer.held) })
        upsert.bind(22, timer.laps.isEmpty ? nil : timer.laps.map { String($0.nanoseconds) }.joined(separator: ","))
        upsert.bind(23, timer.notifyEvery?.nanoseconds)
    }

    /// Binds `entry` to a statement made from `appendHistorySQL`.
    static func bind(_ entry: HistoryEntry, to append: SQLiteDatabase.Statement) {
        append.bind(1, entry.name)
        append.bind(2, entry.kind.rawValue)
        append.bind(3, entry.dueAt.nanoseconds)
        append.bind(4, entry.firedAt.nanoseconds)
        append.bind(5, entry.duration.nanoseconds)
        append.bind(6, entry.message)
        append.bind(7, entry.hookFailure)
    }

    /// Binds `mark` to a statement made from `markHookFailureSQL`.
    static func bind(_ mark: HookFailureMark, to update: SQLiteDatabase.Statement) {
        update.bind(1, mark.failure)
        update.bind(2, mark.name)
        update.bind(3, mark.firedAt.nanoseconds)
    }

    /// The timer in the current row of a statement made from `selectTimersSQL`, or nil if the
    /// row cannot be read as one.
    static func timer(in select: SQLiteDatabase.Statement) -> PersistedTimer? {
        guard let id = select.int64(0), let name = select.string(1),
            let kind = select.string(2).flatMap(TimerKind.init(rawValue:)),
            let state = select.string(3).flatMap(TimerState.init(rawValue:)),
            let length = select.int64(4), let total = select.int64(5),
            let created = select.int64(11), let started = select.int64(12)
        else { return nil }
        // Each JSON column read once: a start-up restores every row through here.
        let checklist = select.string(17).flatMap(todos)
        let recurrence = select.string(20).flatMap(every)
        return PersistedTimer(
            id: UInt64(id), name: name, kind: kind, state: state, length: .nanoseconds(length),
            total: .nanoseconds(total), endWall: select.int64(6).map(Timestamp.init(nanoseconds:)),
            endBoot: select.int64(7).map(BootInstant.init(nanoseconds:)), bootID: select.string(8),
            remaining: select.int64(9).map(Duration.nanoseconds), firedAt: select.int64(10).map(Timestamp.init(nanoseconds:)),
            createdAt: Timestamp(nanoseconds: created), startedAt: Timestamp(nanoseconds: started),
            message: select.string(13),
            reminders: (select.string(14) ?? "").split(separator: ",").compactMap { Int64($0) }.map(Duration.nanoseconds),
            sound: sound(select.string(15)),
            volume: NotifyOptions.volume(select.int64(18)), chain: select.string(16).flatMap(chain),
            todos: checklist?.items ?? [], nextTodoID: checklist?.next ?? 1, exec: select.string(19),
            every: recurrence?.rule, held: recurrence?.held,
            laps: (select.string(21) ?? "").split(separator: ",").compactMap { Int64($0) }.map(Duration.nanoseconds),
            notifyEvery: select.int64(22).flatMap { $0 > 0 ? .nanoseconds($0) : nil })
    }

    static func column(_ sound: NotifyOptions.Sound) -> String? {
        switch sound {
        case .standard: nil
        case .silent: "silent"
        case .file(let path): "file:" + path
        }
    }

    /// The chain column. `began` and `spent` came later, in the same schema: a timerd that
    /// does not know them reads the rest.
    static func column(_ chain: Chain) -> String {
        let steps: [JSONValue] = chain.steps.map { ["name": .string($0.name), "ns": .integer($0.length.nanoseconds)] }
        var o: JSONObject = [
            "steps": .array(steps), "rounds": .integer(Int64(chain.rounds)), "round": .integer(Int64(chain.round)),
            "step": .integer(Int64(chain.step)),
        ]
        if let began = chain.began { o["began"] = .integer(began.nanoseconds) }
        if chain.spent { o["spent"] = .bool(true) }
        return JSONWriter.string(.object(o))
    }

    static func chain(_ column: String) -> Chain? {
        guard let json = try? JSONParser.parse(column), let items = json["steps"]?.arrayValue,
            let rounds = json["rounds"]?.int64Value, let round = json["round"]?.int64Value, let step = json["step"]?.int64Value
        else { return nil }
        var steps: [Repeats.Step] = []
        for item in items {
            guard let name = item["name"]?.stringValue, let ns = item["ns"]?.int64Value else { return nil }
            steps.append(Repeats.Step(name: name, length: .nanoseconds(ns)))
        }
        guard steps.indices.contains(Int(step)), round >= 1, round <= rounds else { return nil }
        return Chain(
            steps: steps, rounds: Int(rounds), round: Int(round), step: Int(step),
            began: json["began"]?.int64Value.map(Timestamp.init(nanoseconds:)), spent: json["spent"] == .bool(true))
    }

    static func column(_ every: Recurrence, held: Timestamp?) -> String {
        var o: JSONObject = ["rule": every.json]
        if let held { o["held"] = .integer(held.nanoseconds) }
        return JSONWriter.string(.object(o))
    }

    static func every(_ column: String) -> (rule: Recurrence, held: Timestamp?)? {
        guard let json = try? JSONParser.parse(column), let raw = json["rule"], let rule = try? Recurrence(json: raw) else {
            return nil
        }
        return (rule, json["held"]?.int64Value.map(Timestamp.init(nanoseconds:)))
    }

    /// The checklist column: NULL until a timer's first item is added.
    static func column(todos: [TodoItem], next: Int) -> String? {
        guard !todos.isEmpty || next > 1 else { return nil }
        return JSONWriter.string(["next": .integer(Int64(next)), "items": .array(todos.map(\.json))])
    }

    static func todos(_ column: String) -> (items: [TodoItem], next: Int)? {
        guard let json = try? JSONParser.parse(column), let items = json["items"]?.arrayValue else { return nil }
        return (items.compactMap { try? TodoItem(json: $0) }, Int(json["next"]?.int64Value ?? 1))
    }

    static func sound(_ column: String?) -> NotifyOptions.Sound {
        guard let column else { return .standard }
        if column == "silent" { return .silent }
        if column.hasPrefix("file:") { return .file(String(column.dropFirst(5))) }
        return .standard
    }
}
