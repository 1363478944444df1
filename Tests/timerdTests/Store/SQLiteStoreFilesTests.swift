import Glibc
import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// `count` paused countdowns with ids from `first`.
private func paused(_ count: Int, from first: Int = 1) -> [PersistedTimer] {
    (first..<(first + count)).map { id in
        PersistedTimer(
            id: UInt64(id), name: "p\(id)", kind: .countdown, state: .paused, length: .hours(1), total: .hours(1),
            endWall: nil, endBoot: nil, bootID: nil, remaining: .minutes(Int64(id)), firedAt: nil, createdAt: t0.wall,
            startedAt: t0.wall, message: "paused \(id)")
    }
}

private func fired(_ n: Int) -> HistoryEntry {
    HistoryEntry(
        name: "fired \(n)", kind: .countdown, dueAt: t0.wall + .minutes(Int64(n)), firedAt: t0.wall + .minutes(Int64(n)),
        duration: .minutes(5), message: nil)
}

/// The store's files deleted, replaced or cut short under it: it writes what the daemon holds
/// (`held`) to a new file at its path, and keeps what it can of the history.
@Suite struct SQLiteStoreFilesTests {
    /// A store at `directory/timerd.db` holding `timers` and three history entries.
    private func store(in directory: String, holding timers: [PersistedTimer]) throws -> SQLiteStore {
        let store = try SQLiteStore.open(path: directory + "/timerd.db").store
        try store.commit(StoreWrites(upserts: timers, history: (1...3).map(fired)))
        return store
    }

    @Test func aDeletedFileIsWrittenAnewWithEveryTimerHeldAndItsHistory() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            var held = paused(50)
            let store = try store(in: directory, holding: held)
            #expect(unlink(path) == 0)
            let more = paused(1, from: 100)
            held += more
            var asked = 0
            try store.commit(StoreWrites(upserts: more, history: [fired(4)])) {
                asked += 1
                return held
            }
            #expect(asked == 1)
            #expect(try store.loadTimers() == held)
            #expect(try store.history(limit: 10) == (1...4).reversed().map(fired))
            // What a restart finds.
            let reopened = try SQLiteStore.open(path: path)
            #expect(reopened.setAside == nil)
            #expect(try reopened.store.loadTimers() == held)
            #expect(try reopened.store.history(limit: 10) == (1...4).reversed().map(fired))
            #expect(!entries(of: directory).contains { $0.hasSuffix(".new") || $0.contains("replaced") })
            withExtendedLifetime(store) {}
        }
    }

    @Test func aQuietMomentNoticesADeletedFileWithoutAChange() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let held = paused(20)
            let store = try store(in: directory, holding: held)
            #expect(unlink(path) == 0)
            store.maintain { held }
            #expect(try SQLiteStore.open(path: path).store.loadTimers() == held)
            withExtendedLifetime(store) {}
        }
    }

    @Test func aDeletedLogIsNoticedAndTheTimersWrittenAnew() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let held = paused(20)
            let store = try store(in: directory, holding: held)
            #expect(unlink(path + "-wal") == 0)
            store.maintain { held }
            #expect(try SQLiteStore.open(path: path).store.loadTimers() == held)
            withExtendedLifetime(store) {}
        }
    }

    /// Cut short, the log's frames past the cut and every change after them would be lost at
    /// the next start: noticed before the next change is written past its end.
    @Test func aLogCutShortIsNoticedBeforeTheNextChange() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            var held = paused(300)
            let store = try store(in: directory, holding: held)
            #expect(truncate(path + "-wal", 8_192) == 0)
            let more = paused(1, from: 1_000)
            held += more
            var asked = 0
            try store.commit(StoreWrites(upserts: more)) {
                asked += 1
                return held
            }
            #expect(asked == 1)
            #expect(try SQLiteStore.open(path: path).store.loadTimers() == held)
            withExtendedLifetime(store) {}
        }
    }

    @Test func aFileSomeonePutInItsPlaceIsKeptAsideByteForByte() throws {
        try withScratchDirectory { directory in
            let path = directory + "/timerd.db"
            let held = paused(10)
            let store = try store(in: directory, holding: held)
            let theirs: [UInt8] = Array("not timerd's\n".utf8)
            try write(theirs, to: directory + "/theirs")
            #expect(rename(directory + "/theirs", path) == 0)
            store.maintain { held }
            let kept = try #require(entries(of: directory).first { $0.hasPrefix("timerd.db.replaced-") })
            #expect(try contents(of: directory + "/" + kept) == theirs)
            #expect(try SQLiteStore.open(path: path).store.loadTimers() == held)
            withExtendedLifetime(store) {}
        }
    }

    @Test func filesThatStayPutAreNeverWrittenAnew() throws {
        try withScratchDirectory { directory in
            let store = try store(in: directory, holding: paused(10))
            // The extension's commit and maintain record an issue if the store asks for `held`.
            try store.commit(StoreWrites(upserts: paused(1, from: 50)))
            store.maintain()
            #expect(try store.loadTimers().count == 11)
        }
    }
}
