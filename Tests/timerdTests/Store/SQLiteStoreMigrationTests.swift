import TestSupport
import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Files written by an older timerd: each is brought up to the current schema and keeps what
/// it holds.
@Suite struct SQLiteStoreMigrationTests {
    @Test func aSchemaThreeFileGainsChecklistsAndKeepsItsTimers() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            do {
                let old = try SQLiteDatabase(path: path)
                try old.execute("""
                    CREATE TABLE timers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
                        state TEXT NOT NULL, length_ns INTEGER NOT NULL, total_ns INTEGER NOT NULL, end_wall_ns INTEGER,
                        end_boot_ns INTEGER, boot_id TEXT, remaining_ns INTEGER, fired_at_ns INTEGER,
                        created_at_ns INTEGER NOT NULL, started_at_ns INTEGER NOT NULL, message TEXT,
                        reminders TEXT, sound TEXT, chain TEXT);
                    CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, kind TEXT NOT NULL,
                        due_at_ns INTEGER NOT NULL, fired_at_ns INTEGER NOT NULL, duration_ns INTEGER NOT NULL, message TEXT);
                    INSERT INTO timers (id, name, kind, state, length_ns, total_ns, end_wall_ns, created_at_ns, started_at_ns)
                        VALUES (7, 'report', 'deadline', 'running', 3600000000000, 3600000000000, \(t0.wall.nanoseconds + 3_600_000_000_000),
                            \(t0.wall.nanoseconds), \(t0.wall.nanoseconds));
                    PRAGMA user_version = 3;
                    """)
            }
            let store = try openStore(path)
            let timers = try store.loadTimers()
            #expect(timers.map(\.name) == ["report"])
            #expect(timers.first?.todos == [])
            var report = try #require(timers.first)
            report.todos = [TodoItem(id: 1, text: "write intro")]
            report.nextTodoID = 2
            try store.commit(StoreWrites(upserts: [report]))
            #expect(try store.loadTimers() == [report])
            #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version") == SQLiteStore.schemaVersion)
        }
    }

    @Test func aSchemaFourFileGainsVolumesAndKeepsItsTimers() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            do {
                let old = try SQLiteDatabase(path: path)
                try old.execute("""
                    CREATE TABLE timers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
                        state TEXT NOT NULL, length_ns INTEGER NOT NULL, total_ns INTEGER NOT NULL, end_wall_ns INTEGER,
                        end_boot_ns INTEGER, boot_id TEXT, remaining_ns INTEGER, fired_at_ns INTEGER,
                        created_at_ns INTEGER NOT NULL, started_at_ns INTEGER NOT NULL, message TEXT,
                        reminders TEXT, sound TEXT, chain TEXT, todos TEXT);
                    CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, kind TEXT NOT NULL,
                        due_at_ns INTEGER NOT NULL, fired_at_ns INTEGER NOT NULL, duration_ns INTEGER NOT NULL, message TEXT);
                    INSERT INTO timers (id, name, kind, state, length_ns, total_ns, end_wall_ns, created_at_ns, started_at_ns,
                            sound, todos)
                        VALUES (7, 'pasta', 'deadline', 'running', 3600000000000, 3600000000000, \(t0.wall.nanoseconds + 3_600_000_000_000),
                            \(t0.wall.nanoseconds), \(t0.wall.nanoseconds), 'silent',
                            '{"next":2,"items":[{"id":1,"text":"salt","done":true}]}');
                    PRAGMA user_version = 4;
                    """)
            }
            let store = try openStore(path)
            let timers = try store.loadTimers()
            #expect(timers.map(\.name) == ["pasta"])
            #expect(timers.first?.volume == nil)
            #expect(timers.first?.sound == .silent)
            #expect(timers.first?.todos == [TodoItem(id: 1, text: "salt", done: true)])
            var pasta = try #require(timers.first)
            pasta.volume = 40
            try store.commit(StoreWrites(upserts: [pasta]))
            #expect(try store.loadTimers() == [pasta])
            #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version") == SQLiteStore.schemaVersion)
        }
    }

    @Test func aSchemaFiveFileGainsExecAndHookFailuresAndKeepsItsTimersAndHistory() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let fired = t0.wall.nanoseconds - 60_000_000_000
            do {
                let old = try SQLiteDatabase(path: path)
                try old.execute("""
                    CREATE TABLE timers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
                        state TEXT NOT NULL, length_ns INTEGER NOT NULL, total_ns INTEGER NOT NULL, end_wall_ns INTEGER,
                        end_boot_ns INTEGER, boot_id TEXT, remaining_ns INTEGER, fired_at_ns INTEGER,
                        created_at_ns INTEGER NOT NULL, started_at_ns INTEGER NOT NULL, message TEXT,
                        reminders TEXT, sound TEXT, chain TEXT, todos TEXT, volume INTEGER);
                    CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, kind TEXT NOT NULL,
                        due_at_ns INTEGER NOT NULL, fired_at_ns INTEGER NOT NULL, duration_ns INTEGER NOT NULL, message TEXT);
                    INSERT INTO timers (id, name, kind, state, length_ns, total_ns, end_wall_ns, created_at_ns, started_at_ns,
                            volume)
                        VALUES (7, 'pasta', 'deadline', 'running', 3600000000000, 3600000000000, \(t0.wall.nanoseconds + 3_600_000_000_000),
                            \(t0.wall.nanoseconds), \(t0.wall.nanoseconds), 40);
                    INSERT INTO history (name, kind, due_at_ns, fired_at_ns, duration_ns, message)
                        VALUES ('tea', 'countdown', \(fired), \(fired), 180000000000, 'green');
                    PRAGMA user_version = 5;
                    """)
            }
            let store = try openStore(path)
            var pasta = try #require(try store.loadTimers().first)
            #expect(pasta.name == "pasta" && pasta.volume == 40 && pasta.exec == nil)
            let tea = HistoryEntry(
                name: "tea", kind: .countdown, dueAt: Timestamp(nanoseconds: fired), firedAt: Timestamp(nanoseconds: fired),
                duration: .seconds(180), message: "green")
            #expect(try store.history(limit: 10) == [tea])
            pasta.exec = "playerctl pause"
            try store.commit(StoreWrites(
                upserts: [pasta], hookFailures: [HookFailureMark(name: "tea", firedAt: tea.firedAt, failure: "hook exit 1")]))
            #expect(try store.loadTimers() == [pasta])
            #expect(try store.history(limit: 10).map(\.hookFailure) == ["hook exit 1"])
            #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version") == SQLiteStore.schemaVersion)
        }
    }

    @Test func aSchemaSixFileGainsRecurringDeadlinesAndKeepsItsTimers() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            do {
                let old = try SQLiteDatabase(path: path)
                try old.execute("""
                    CREATE TABLE timers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
                        state TEXT NOT NULL, length_ns INTEGER NOT NULL, total_ns INTEGER NOT NULL, end_wall_ns INTEGER,
                        end_boot_ns INTEGER, boot_id TEXT, remaining_ns INTEGER, fired_at_ns INTEGER,
                        created_at_ns INTEGER NOT NULL, started_at_ns INTEGER NOT NULL, message TEXT,
                        reminders TEXT, sound TEXT, chain TEXT, todos TEXT, volume INTEGER, exec TEXT);
                    CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, kind TEXT NOT NULL,
                        due_at_ns INTEGER NOT NULL, fired_at_ns INTEGER NOT NULL, duration_ns INTEGER NOT NULL, message TEXT,
                        hook_failure TEXT);
                    INSERT INTO timers (id, name, kind, state, length_ns, total_ns, end_wall_ns, created_at_ns, started_at_ns, exec)
                        VALUES (7, 'report', 'deadline', 'running', 3600000000000, 3600000000000, \(t0.wall.nanoseconds + 3_600_000_000_000),
                            \(t0.wall.nanoseconds), \(t0.wall.nanoseconds), 'true');
                    PRAGMA user_version = 6;
                    """)
            }
            let store = try openStore(path)
            var report = try #require(try store.loadTimers().first)
            #expect(report.name == "report" && report.exec == "true" && report.every == nil)
            report.every = Recurrence(.weekdays([.friday]), at: TimeOfDay(hour: 17, minute: 0), freshChecklist: true)
            report.held = t0.wall + .hours(2)
            try store.commit(StoreWrites(upserts: [report]))
            #expect(try store.loadTimers() == [report])
            // A paused recurring deadline is a state only they have: it comes back as it was.
            report.state = .paused
            report.remaining = .hours(1)
            try store.commit(StoreWrites(upserts: [report]))
            let saved = try #require(try store.loadTimers().first)
            let restored = try #require(TimerRecord(restoring: saved, at: t0, bootID: "b"))
            #expect(restored.phase == .paused(remaining: .hours(1)) && restored.every == report.every)
            #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version") == SQLiteStore.schemaVersion)
        }
    }

    @Test func aSchemaSevenFileGainsStopwatchesAndKeepsItsTimers() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            do {
                let old = try SQLiteDatabase(path: path)
                try old.execute("""
                    CREATE TABLE timers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
                        state TEXT NOT NULL, length_ns INTEGER NOT NULL, total_ns INTEGER NOT NULL, end_wall_ns INTEGER,
                        end_boot_ns INTEGER, boot_id TEXT, remaining_ns INTEGER, fired_at_ns INTEGER,
                        created_at_ns INTEGER NOT NULL, started_at_ns INTEGER NOT NULL, message TEXT,
                        reminders TEXT, sound TEXT, chain TEXT, todos TEXT, volume INTEGER, exec TEXT, every TEXT);
                    CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, kind TEXT NOT NULL,
                        due_at_ns INTEGER NOT NULL, fired_at_ns INTEGER NOT NULL, duration_ns INTEGER NOT NULL, message TEXT,
                        hook_failure TEXT);
                    INSERT INTO timers (id, name, kind, state, length_ns, total_ns, end_wall_ns, created_at_ns, started_at_ns,
                            exec)
                        VALUES (7, 'pasta', 'deadline', 'running', 3600000000000, 3600000000000, \(t0.wall.nanoseconds + 3_600_000_000_000),
                            \(t0.wall.nanoseconds), \(t0.wall.nanoseconds), 'playerctl pause');
                    PRAGMA user_version = 7;
                    """)
            }
            let store = try openStore(path)
            let pasta = try #require(try store.loadTimers().first)
            #expect(pasta.name == "pasta" && pasta.exec == "playerctl pause" && pasta.laps.isEmpty && pasta.notifyEvery == nil)
            var table = TimerTable()
            _ = try table.startStopwatch(name: "bread", notifyEvery: .minutes(25), at: t0)
            _ = try table.lap(name: "bread", at: t0.advanced(by: .seconds(61)))
            let bread = try #require(table.persisted(at: t0.advanced(by: .seconds(70)), bootID: "boot-1").first)
            try store.commit(StoreWrites(upserts: [bread]))
            #expect(try store.loadTimers() == [bread, pasta], "in id order")
            #expect(try SQLiteDatabase(path: path).scalar("PRAGMA user_version") == 8)
        }
    }
}
