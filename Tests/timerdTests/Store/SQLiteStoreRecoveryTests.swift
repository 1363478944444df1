import CSQLite
import Glibc
import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// `count` running countdowns with ids from `first`, each with a message of its own.
private func countdowns(_ count: Int, from first: Int = 1) -> [PersistedTimer] {
    (first..<(first + count)).map { id in
        PersistedTimer(
            id: UInt64(id), name: "t\(id)", kind: .countdown, state: .running, length: .hours(1), total: .hours(1),
            endWall: t0.wall + .hours(1), endBoot: t0.boot + .hours(1), bootID: "boot", remaining: nil, firedAt: nil,
            createdAt: t0.wall, startedAt: t0.wall, message: "timer number \(id): " + String(repeating: "m", count: 120))
    }
}

/// Copies `files` (a database and what lies beside it) from `source` to `target`, byte for byte.
private func copy(_ name: String, from source: String, to target: String, suffixes: [String] = ["", "-wal"]) throws {
    for suffix in suffixes { try write(contents(of: source + "/" + name + suffix), to: target + "/" + name + suffix) }
}

/// What starting up does with a database that a crash, or a newer timerd, left behind: judged
/// with its write-ahead log, as the daemon uses it, never without.
@Suite struct SQLiteStoreRecoveryTests {
    /// A database file in the middle of a checkpoint is not consistent by itself (its header
    /// may already say it has pages that are still only in the log), but it is with its log.
    /// A power cut or a `kill -9` during a checkpoint leaves exactly that.
    @Test func aDatabaseCaughtHalfWayThroughACheckpointKeepsEveryTimer() throws {
        try withScratchDirectory { live in
            let path = live + "/timerd.db"
            let timers = countdowns(2_000)
            // The file small, then 2,000 timers in the log alone (well short of the 1,000
            // pages at which a checkpoint starts).
            do { try SQLiteStore.open(path: path).store.commit(StoreWrites(upserts: Array(timers.prefix(1)))) }
            let store = try SQLiteStore.open(path: path).store
            try store.commit(StoreWrites(upserts: Array(timers.dropFirst())))
            let pages = try WriteAheadLog(contents(of: path + "-wal")).pages.count
            try #require(pages > 20, "the log holds \(pages) pages")

            for copied in [1, pages / 2, pages - 1] {
                try withScratchDirectory { crashed in
                    // The files as a kill -9 now would leave them, the checkpoint stopped after `copied` pages.
                    try copy("timerd.db", from: live, to: crashed)
                    try WriteAheadLog.checkpointPartly(crashed + "/timerd.db", pages: copied)
                    // Without its log the file is damaged: that is the state this test is about.
                    try withScratchDirectory { alone in
                        try copy("timerd.db", from: crashed, to: alone, suffixes: [""])
                        let check = try? SQLiteDatabase(path: alone + "/timerd.db").prepare("PRAGMA quick_check")
                        #expect((try? check?.step()) != true || check?.string(0) != "ok", "\(copied) pages: the file alone is consistent")
                        check?.reset()
                    }

                    let opened = try SQLiteStore.open(path: crashed + "/timerd.db")
                    #expect(opened.setAside == nil, "\(copied) of \(pages) pages copied back: a healthy database was set aside")
                    #expect(try opened.store.loadTimers() == timers, "\(copied) of \(pages) pages copied back")
                    #expect(!entries(of: crashed).contains { $0.contains("corrupt") })
                }
            }
            withExtendedLifetime(store) {}
        }
    }

    /// A newer timerd that was killed leaves its schema version in its log, not in the file's
    /// header: it is refused all the same, and neither the file nor the log changes (closing
    /// the connection must not copy the log back, which would rewrite the file).
    @Test func aNewerTimerdsVersionInItsLogIsRefusedAndTheFilesLeftAsTheyWere() throws {
        try withScratchDirectory { live in
            let newer = try SQLiteDatabase(path: live + "/timerd.db")
            try newer.execute("PRAGMA journal_mode=WAL; CREATE TABLE timers_v99 (id INTEGER PRIMARY KEY); PRAGMA user_version = 99;")
            try withScratchDirectory { crashed in
                let path = crashed + "/timerd.db"
                try copy("timerd.db", from: live, to: crashed)
                let before = (try contents(of: path), try contents(of: path + "-wal"))
                #expect(before.0[60..<64] == [0, 0, 0, 0], "the header does not have the new version yet")

                do {
                    _ = try SQLiteStore.open(path: path)
                    Issue.record("a newer file was opened")
                } catch let error as StoreError {
                    #expect(error.message.contains("schema 99"), "\(error)")
                }
                #expect(try contents(of: path) == before.0, "the database file changed")
                #expect(try contents(of: path + "-wal") == before.1, "the log changed")
                #expect(!entries(of: crashed).contains { $0.contains("corrupt") })
            }
            withExtendedLifetime(newer) {}
        }
    }

    /// Damage that the log does not cover is still damage: the file is set aside with its log.
    @Test func aDamagedPageOutsideTheLogIsStillSetAside() throws {
        try withScratchDirectory { live in
            let path = live + "/timerd.db"
            do { try SQLiteStore.open(path: path).store.commit(StoreWrites(upserts: countdowns(500))) }
            let store = try SQLiteStore.open(path: path).store
            try store.commit(StoreWrites(upserts: countdowns(1, from: 1_000)))
            try withScratchDirectory { crashed in
                try copy("timerd.db", from: live, to: crashed)
                let damaged = crashed + "/timerd.db"
                var bytes = try contents(of: damaged)
                let inLog = Set(try WriteAheadLog(contents(of: damaged + "-wal")).pages.map(\.number))
                let pageSize = Int(UInt16(bytes[16]) << 8 | UInt16(bytes[17]))
                let victim = try #require((2...(bytes.count / pageSize)).first { !inLog.contains($0) })
                for i in ((victim - 1) * pageSize)..<(victim * pageSize) { bytes[i] = 0xA5 }
                try write(bytes, to: damaged)

                let opened = try SQLiteStore.open(path: damaged)
                let aside = try #require(opened.setAside)
                #expect(try contents(of: aside) == bytes)
                #expect(entries(of: crashed).contains(String(aside.dropFirst(crashed.count + 1)) + "-wal"), "its log went with it")
                #expect(try opened.store.loadTimers().isEmpty)
            }
            withExtendedLifetime(store) {}
        }
    }
}
