import TestSupport
import CSQLite
import Glibc
import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// One saved timer of each form the store must keep.
private let savedTimers: [PersistedTimer] = [
    PersistedTimer(
        id: 1, name: "pasta", kind: .countdown, state: .running, length: .minutes(8), total: .minutes(10),
        endWall: t0.wall + .minutes(10), endBoot: t0.boot + .minutes(10), bootID: "6c1b4a3e-boot", remaining: nil,
        firedAt: nil, createdAt: t0.wall - .minutes(2), startedAt: t0.wall, message: "Drain it"),
    PersistedTimer(
        id: 2, name: "パスタ 🍝", kind: .countdown, state: .paused, length: .nanoseconds(1), total: .nanoseconds(1),
        endWall: nil, endBoot: nil, bootID: nil, remaining: .nanoseconds(1), firedAt: nil, createdAt: t0.wall,
        startedAt: t0.wall, message: ""),
    PersistedTimer(
        id: 40, name: "report", kind: .deadline, state: .running, length: .hours(2), total: .hours(2),
        endWall: t0.wall + .hours(2), endBoot: nil, bootID: nil, remaining: nil, firedAt: nil, createdAt: t0.wall,
        startedAt: t0.wall, message: "Send it\nto \"everyone\"; DROP TABLE timers;"),
    PersistedTimer(
        id: 41, name: "eggs", kind: .countdown, state: .done, length: .minutes(6), total: .minutes(6),
        endWall: t0.wall - .minutes(3), endBoot: nil, bootID: nil, remaining: nil, firedAt: t0.wall,
        createdAt: instant("1969-12-31T23:59:59.999999999Z"), startedAt: t0.wall - .minutes(9), message: nil),
    // Reminders, a sound file, and a pomodoro in its second round's break.
    PersistedTimer(
        id: 42, name: "focus", kind: .countdown, state: .running, length: .minutes(25), total: .minutes(5),
        endWall: t0.wall + .minutes(5), endBoot: t0.boot + .minutes(5), bootID: "6c1b4a3e-boot", remaining: nil,
        firedAt: nil, createdAt: t0.wall, startedAt: t0.wall, message: nil, reminders: [.minutes(1), .seconds(30)],
        sound: .file("/usr/share/sounds/a b.oga"),
        chain: Chain(
            steps: [Repeats.Step(name: "focus", length: .minutes(25)), Repeats.Step(name: "break \"long\"", length: .minutes(5))],
            rounds: 4, round: 2, step: 1, began: t0.wall - .minutes(30))),
    PersistedTimer(
        id: 43, name: "quiet", kind: .deadline, state: .running, length: .hours(1), total: .hours(1),
        endWall: t0.wall + .hours(1), endBoot: nil, bootID: nil, remaining: nil, firedAt: nil, createdAt: t0.wall,
        startedAt: t0.wall, message: nil, sound: .silent),
    // A deadline with a checklist: ids with a gap, one done, text that needs escaping.
    PersistedTimer(
        id: 44, name: "tax return", kind: .deadline, state: .running, length: .hours(3), total: .hours(3),
        endWall: t0.wall + .hours(3), endBoot: nil, bootID: nil, remaining: nil, firedAt: nil, createdAt: t0.wall,
        startedAt: t0.wall, message: nil,
        todos: [TodoItem(id: 1, text: "receipts", done: true), TodoItem(id: 3, text: "sign \"here\" ✍️"),
                TodoItem(id: 4, text: String(repeating: "ü", count: 500))],
        nextTodoID: 6, exec: "printf '%s\\n' \"$TIMERD_NAME\" >> ~/done.log\nplayerctl pause"),
    // A pomodoro done and snoozed: the snooze is no step of it.
    PersistedTimer(
        id: 45, name: "pomo", kind: .countdown, state: .running, length: .minutes(25), total: .minutes(5),
        endWall: t0.wall + .minutes(5), endBoot: t0.boot + .minutes(5), bootID: "6c1b4a3e-boot", remaining: nil,
        firedAt: nil, createdAt: t0.wall - .hours(2), startedAt: t0.wall, message: nil,
        chain: Chain(steps: [Repeats.Step(name: "pomo", length: .minutes(25))], rounds: 4, round: 4, step: 0,
                     began: t0.wall - .hours(2), spent: true)),
]

/// The `n`th history entry of a made-up sequence (a minute apart).
private func entry(_ n: Int) -> HistoryEntry {
    HistoryEntry(
        name: "timer \(n)", kind: n.isMultiple(of: 2) ? .countdown : .deadline, dueAt: t0.wall + .minutes(Int64(n)),
        firedAt: t0.wall + .minutes(Int64(n)) + .nanoseconds(Int64(n)), duration: .seconds(Int64(n)),
        message: n.isMultiple(of: 3) ? nil : "message \(n)")
}

/// Opens the store at `path`, expecting nothing to be set aside.
func openStore(_ path: String) throws -> SQLiteStore {
    let opened = try SQLiteStore.open(path: path)
    #expect(opened.setAside == nil)
    return opened.store
}

/// The store's error when opening `path` fails; nil (and an issue) if it opened.
private func refusal(opening path: String) -> StoreError? {
    do {
        _ = try SQLiteStore.open(path: path)
        Issue.record("\(path) opened")
        return nil
    } catch {
        return error
    }
}

/// The text of a one-row, one-column query.
private func text(_ sql: String, in database: SQLiteDatabase) throws -> String? {
    let statement = try database.prepare(sql)
    defer { statement.reset() }
    return try statement.step() ? statement.string(0) : nil
}

@Suite struct SQLiteStoreTests {
    @Test func timersAndHistoryRoundTripExactly() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let history = (1...5).map(entry)
            do {
                let store = try openStore(path)
                #expect(try store.loadTimers().isEmpty)
                #expect(try store.history(limit: 10).isEmpty)
                try store.commit(StoreWrites(upserts: savedTimers, history: history))
            }
            let store = try openStore(path)
            #expect(try store.loadTimers() == savedTimers)
            #expect(try store.history(limit: 10) == history.reversed())
            #expect(try store.history(limit: 2) == [entry(5), entry(4)])
        }
    }

    @Test func aHookFailureIsAddedToTheSavedEntryOfItsFiringOnly() throws {
        try withScratchDirectory { directory in
            let store = try openStore(directory + "/timerd.db")
            try store.commit(StoreWrites(history: (1...3).map(entry)))
            func mark(_ n: Int, _ failure: String) -> HookFailureMark {
                HookFailureMark(name: entry(n).name, firedAt: entry(n).firedAt, failure: failure)
            }
            // In one commit with the entry it marks, and in later ones.
            try store.commit(StoreWrites(history: [entry(4)], hookFailures: [mark(4, "hook exit 3")]))
            try store.commit(StoreWrites(hookFailures: [mark(2, "hook exit 1"), mark(2, "hook timed out")]))
            try store.commit(StoreWrites(hookFailures: [HookFailureMark(name: "timer 2", firedAt: t0.wall, failure: "other")]))
            #expect(try store.history(limit: 10).map(\.hookFailure) == ["hook exit 3", nil, "hook exit 1, hook timed out", nil])
        }
    }

    /// Commits `count` new timers with 3,000-byte messages, one a commit, back to back: about
    /// three pages of log each.
    private func commitBigTimers(_ count: Int, to store: SQLiteStore, from first: Int = 1) throws {
        var timer = savedTimers[0]
        timer.message = String(repeating: "x", count: 3_000)
        for id in first..<(first + count) {
            timer.id = UInt64(id)
            timer.name = "t\(id)"
            try store.commit(StoreWrites(upserts: [timer]))
        }
    }

    @Test func theLogIsCopiedBackOnAThreadOfItsOwnAndByTheWriterOnlyAtAQuietMoment() throws {
        try withScratchDirectory { directory in
            let store = try openStore(directory + "/timerd.db")
            let checkpointer = try #require(store.checkpointer)
            // Some 12,000 pages of log. A writer this busy never begins when the checkpointer
            // has copied every page back, so the log does not start over by itself.
            try commitBigTimers(4_000, to: store)
            // The checkpointer's thread is real: wait for it (at most 10 s).
            var waited = 0
            while checkpointer.completed.load(ordering: .relaxed) == 0 && waited < 1_000 {
                usleep(10_000)
                waited += 1
            }
            #expect(checkpointer.completed.load(ordering: .relaxed) > 0, "no checkpoint ran on the checkpointer's thread")
            let long = checkpointer.logPages.load(ordering: .relaxed)
            #expect(long >= Checkpointer.writerLimit, "the commits copied the log back themselves (\(long) pages)")
            let flagged = checkpointer.isLogLong.load(ordering: .relaxed)
            #expect(flagged, "the long log was not marked for the writer")

            // The scheduler's quiet moment: the writer copies the rest back, and the next
            // commit writes the log over from its start.
            store.maintain()
            try commitBigTimers(1, to: store, from: 5_000)
            let after = checkpointer.logPages.load(ordering: .relaxed)
            #expect(after < 100, "the log did not start over: \(after) pages")
            #expect(try store.loadTimers().count == 4_001)
        }
    }

    @Test func withoutAQuietMomentTheLogStillStopsGrowingAtTheHardLimit() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let store = try openStore(path)
            // Some 65,000 pages' worth, past the hard limit (50,000) without a call to
            // `maintain`. The writer's checkpoint finds the checkpointer at work now and then
            // (busy) and is tried again at the next commit: a few hundred pages over.
            try commitBigTimers(Int(Checkpointer.hardLimit) / 3 + 5_000, to: store)
            var info = stat()
            try #require(stat(path + "-wal", &info) == 0)
            let pages = Int(info.st_size) / 4_096
            #expect(pages <= Int(Checkpointer.hardLimit) + 2_000, "the log grew to \(pages) pages")
        }
    }

    @Test func anUpsertReplacesAndADeleteRemoves() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let store = try openStore(path)
            try store.commit(StoreWrites(upserts: savedTimers))
            var pasta = savedTimers[0]
            pasta.state = .paused
            pasta.endWall = nil
            pasta.endBoot = nil
            pasta.bootID = nil
            pasta.remaining = .minutes(4)
            pasta.message = nil
            try store.commit(StoreWrites(upserts: [pasta], deletes: [2, 41, 42, 43, 44, 45, 999]))
            #expect(try store.loadTimers() == [pasta, savedTimers[2]])
            #expect(try openStore(path).loadTimers() == [pasta, savedTimers[2]])
        }
    }

    @Test func nothingToWriteIsNotATransaction() throws {
        try withScratchDirectory { directory in
            let store = try openStore(directory + "/timerd.db")
            try store.commit(StoreWrites())
            #expect(try store.loadTimers().isEmpty)
        }
    }

    @Test func historyKeepsTheLatestThousand() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let store = try openStore(path)
            try store.commit(StoreWrites(history: (1...1_005).map(entry)))
            var kept = try store.history(limit: Limits.historyLength)
            #expect(kept.count == 1_000)
            #expect(kept.first == entry(1_005))
            #expect(kept.last == entry(6))
            #expect(try SQLiteDatabase(path: path).scalar("SELECT COUNT(*) FROM history") == 1_000)

            // One at a time, the oldest makes way for each new one.
            for n in 1_006...1_010 { try store.commit(StoreWrites(history: [entry(n)])) }
            kept = try store.history(limit: Limits.historyLength)
            #expect(kept.count == 1_000)
            #expect(kept.first == entry(1_010))
            #expect(kept.last == entry(11))
            #expect(try SQLiteDatabase(path: path).scalar("SELECT COUNT(*) FROM history") == 1_000)
        }
    }

    @Test func theFileIsInWALModeWithFullSynchronous() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let store = try openStore(path)
            try store.commit(StoreWrites(upserts: savedTimers))
            let other = try SQLiteDatabase(path: path)
            #expect(try text("PRAGMA journal_mode", in: other) == "wal")
            // synchronous is a setting of each connection: this reads the default a new one gets.
            #expect(try other.scalar("PRAGMA synchronous") == 2)  // FULL
            #expect(try other.scalar("PRAGMA user_version") == SQLiteStore.schemaVersion)
            withExtendedLifetime(store) {}
        }
    }

    @Test func aFileFromANewerTimerdIsRefusedAndLeftAlone() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            do {
                let newer = try SQLiteDatabase(path: path)
                try newer.execute("CREATE TABLE timers_v99 (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;")
            }
            let before = try contents(of: path)
            let listing = entries(of: directory)

            let error = try #require(refusal(opening: path))
            #expect(error.message.contains("schema 99"))
            #expect(error.message.contains("knows \(SQLiteStore.schemaVersion)"))
            #expect(try contents(of: path) == before)
            #expect(entries(of: directory) == listing)
            let reopened = try SQLiteDatabase(path: path)
            #expect(try reopened.scalar("PRAGMA user_version") == 99)
            #expect(try text("PRAGMA journal_mode", in: reopened) == "delete")
        }
    }

    @Test func aNewerFileInWALModeIsLeftAloneToo() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            do {
                let newer = try SQLiteDatabase(path: path)
                try newer.execute(
                    "PRAGMA journal_mode=WAL; CREATE TABLE timers_v99 (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;")
            }
            let before = try contents(of: path)
            let listing = entries(of: directory)
            #expect(try #require(refusal(opening: path)).message.contains("schema 99"))
            #expect(try contents(of: path) == before)
            #expect(entries(of: directory) == listing, "no -wal or -shm file appeared")
        }
    }

    @Test func aFileOfGarbageIsSetAsideAndAFreshOneStarted() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            var random = SplitMix64(seed: 0x7469_6D65_7264)
            let garbage = Array("not a database at all\n".utf8) + (0..<8_192).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            try write(garbage, to: path)

            let opened = try SQLiteStore.open(path: path)
            let aside = try #require(opened.setAside)
            #expect(aside.hasPrefix(path + ".corrupt-"))
            #expect(try contents(of: aside) == garbage)
            #expect(entries(of: directory).contains(String(aside.dropFirst(directory.count + 1))))

            try opened.store.commit(StoreWrites(upserts: savedTimers, history: [entry(1)]))
            #expect(try opened.store.loadTimers() == savedTimers)
            #expect(try openStore(path).loadTimers() == savedTimers)
            #expect(try contents(of: aside) == garbage)
        }
    }

    @Test func aDatabaseWithADamagedPageIsSetAside() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            do {
                let store = try openStore(path)
                try store.commit(StoreWrites(upserts: savedTimers, history: (1...200).map(entry)))
            }
            do {
                // Fold the WAL into the file, then go back to a plain file to damage it.
                let database = try SQLiteDatabase(path: path)
                try database.execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE;")
            }
            var bytes = try contents(of: path)
            let pageSize = Int(UInt16(bytes[16]) << 8 | UInt16(bytes[17]))
            try #require(bytes.count >= 3 * pageSize)
            for i in pageSize..<(3 * pageSize) { bytes[i] = 0xA5 }
            try write(bytes, to: path)

            let opened = try SQLiteStore.open(path: path)
            let aside = try #require(opened.setAside)
            #expect(try contents(of: aside) == bytes)
            #expect(try opened.store.loadTimers().isEmpty)
        }
    }

    @Test func aSymlinkAtTheDatabasePathIsRefused() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let target = directory + "/elsewhere.db"
            do { try openStore(target).commit(StoreWrites(upserts: savedTimers)) }
            let before = try contents(of: target)
            guard symlink(target, path) == 0 else { throw SystemCallFailed("symlink") }
            let listing = entries(of: directory)

            let error = try #require(refusal(opening: path))
            #expect(error.message.contains(path))
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is not moved aside")
            #expect(entries(of: directory) == listing)
            #expect(try contents(of: target) == before)
        }
    }

    /// SQLite reports a write that a read-only file system refused as a plain I/O error; the
    /// store looks up why, so the refusal says what the trouble is and what to do.
    @Test(arguments: [
        (SQLITE_FULL, Int32(0), "the disk is full", "try again once the disk has room"),
        (SQLITE_IOERR | 3 << 8, EROFS, "on a file system that is now read-only", "once the state directory can be written again"),
        (SQLITE_IOERR | 3 << 8, EPERM, "cannot be written (Operation not permitted)", "once the state directory can be written again"),
        (SQLITE_READONLY, Int32(0), "cannot be written (attempt to write a readonly database)", "once the state directory can be written again"),
        (SQLITE_IOERR | 4 << 8, Int32(0), "a disk error occurred", "check the disk"),
    ])
    func writeFailuresSayWhyAndWhatToDo(code: Int32, systemErrno: Int32, cause: String, remedy: String) {
        let message = code == SQLITE_READONLY ? "attempt to write a readonly database" : "disk I/O error"
        let error = SQLiteError(code: code, message: message, systemErrno: systemErrno)
        #expect(error.description.contains(cause), "\(error.description)")
        #expect(error.remedy.contains(remedy), "\(error.remedy)")
    }
}
