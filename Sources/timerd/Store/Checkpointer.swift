import CLinux
import CSQLite
import Glibc
import Synchronization

/// Copies the write-ahead log back into the database file (a checkpoint) on a thread and a
/// connection of its own, so that commits on the event loop do not pay for it.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000 pages:
/// it writes those pages into the database file and syncs it, on the event loop, where a
/// timer due meanwhile waits for it. Under `make bench`'s load (100,000 timers held, 50
/// clients making 150,000 requests a second) that put the p99 of firings at 8 to 28 ms. Here
/// the commit only notes how long the log has grown (`sqlite3_wal_hook`), and past
/// `threshold` pages it wakes this thread, which runs a PASSIVE checkpoint: one that never
/// waits for, nor blocks, the writer.
///
/// The connection is used only on this thread once the thread has it; the class is
/// `@unchecked Sendable` for that reason, and its other state is atomic.
final class Checkpointer: @unchecked Sendable {
    /// Pages in the log past which a checkpoint is started (SQLite's own default).
    static let threshold: Int32 = 1_000
    /// Pages past which the writer checkpoints itself, as SQLite would have. The log is
    /// written over from its start only by a writer that begins when every page in it has
    /// been copied back, which a writer that commits every millisecond never sees: without
    /// this its log would grow for as long as it went on. At 10,000 pages (40 MiB) only a
    /// load like `make bench`'s reaches it (where it is the rest of the firings' tail: p99
    /// 2.2–9.0 ms over three runs, against 1.2–1.9 ms with no checkpoint at all); a desktop's
    /// log starts over in the first pause long before.
    static let writerLimit: Int32 = 10 * threshold

    private enum Message: Sendable { case checkpoint, stop }

    private let messages = WakeQueue<Message>()
    /// A checkpoint has been asked for and has not finished.
    private let asked = Atomic<Bool>(false)
    /// Checkpoints run to their end (all pages copied), for tests and diagnostics.
    let completed = Atomic<Int>(0)

    /// Takes `connection`, a second connection to the database whose log it is to copy back.
    init(connection: sending SQLiteDatabase) {
        nonisolated(unsafe) let connection = connection
        // The thread keeps the checkpointer until it is told to stop.
        Thread.start(name: "timerd-ckpt") { [self] in
            var entry = pollfd(fd: messages.fd, events: Int16(POLLIN), revents: 0)
            while true {
                guard poll(&entry, 1, -1) > 0 else { continue }
                for message in messages.take() {
                    switch message {
                    case .stop:
                        connection.close()
                        return
                    case .checkpoint:
                        var logged: Int32 = 0, copied: Int32 = 0
                        let result = sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logged, &copied)
                        if result == SQLITE_OK && copied == logged { self.completed.add(1, ordering: .relaxed) }
                        if result != SQLITE_OK && result != SQLITE_BUSY {
                            Log.debug("checkpoint of the write-ahead log failed: \(connection.lastMessage)")
                        }
                        self.asked.store(false, ordering: .releasing)
                    }
                }
            }
        }
    }

    /// After a commit, from the writer's thread: the log of `database` now holds `pages` pages.
    func logGrew(to pages: Int32, in database: OpaquePointer?) {
        if pages >= Self.writerLimit {
            // Busy (the checkpointer is at it) is fine: the next commit tries again.
            _ = sqlite3_wal_checkpoint_v2(database, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if pages >= Self.threshold, !asked.exchange(true, ordering: .acquiringAndReleasing) {
            messages.post(.checkpoint)
        }
    }

    /// Closes the connection and ends the thread.
    func stop() {
        messages.post(.stop)
    }

    /// Makes `database` (the writer's connection) tell this checkpointer how long its log
    /// is after every commit, instead of checkpointing in the commit itself.
    func watch(_ database: SQLiteDatabase) {
        sqlite3_wal_hook(
            database.handle,
            { context, database, _, pages in
                Unmanaged<Checkpointer>.fromOpaque(context!).takeUnretainedValue().logGrew(to: pages, in: database)
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
