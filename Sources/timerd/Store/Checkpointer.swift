import CLinux
import CSQLite
import Glibc
import Synchronization

/// Copies the write-ahead log back into the database file (a checkpoint) on a thread and a
/// connection of its own, so that commits on the event loop do not pay for it.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000 pages:
/// it writes those pages into the database file and syncs it, on the event loop, where a
/// timer due meanwhile waits for it, which under load made firings late (bench/analysis.md,
/// "Checkpoints and the heap", has the figures). Here the commit only notes how long the log has grown (`sqlite3_wal_hook`), and past
/// `threshold` pages it wakes this thread, which runs a PASSIVE checkpoint: one that never
/// waits for, nor blocks, the writer.
///
/// The connection is sent to this thread and used only there; the state other threads share
/// is atomic.
final class Checkpointer: Sendable {
    /// Pages in the log past which a checkpoint is started (SQLite's own default).
    static let threshold: Int32 = 1_000
    /// Pages past which the log is copied back by the writer itself, at the scheduler's next
    /// quiet moment (`SQLiteStore.maintain`). The log is written over from its start only by
    /// a writer that begins when every page in it has been copied back, which a writer that
    /// commits every millisecond never sees: without this its log would grow for as long as
    /// it went on. The writer's checkpoint takes milliseconds, which a firing would wait for
    /// (bench/analysis.md, "Checkpoints and the heap"), so it waits for a moment when no timer
    /// is due.
    static let writerLimit: Int32 = 10 * threshold
    /// Pages past which the writer copies the log back in the commit, quiet or not: timers
    /// due without a pause for ever must not let the log grow without bound.
    static let hardLimit: Int32 = 5 * writerLimit

    private enum Message: Sendable {
        case checkpoint
        /// Close the connection, then post to the queue.
        case stop(WakeQueue<Bool>)
    }

    private let messages = WakeQueue<Message>()
    /// A checkpoint has been asked for and has not finished.
    private let asked = Atomic<Bool>(false)
    /// Checkpoints run to their end (all pages copied), for tests and diagnostics.
    let completed = Atomic<Int>(0)
    /// Pages in the log after the last commit.
    let logPages = Atomic<Int32>(0)
    /// The log has passed `writerLimit`: the writer should copy it back when it can.
    let isLogLong = Atomic<Bool>(false)

    /// Takes `connection`, a second connection to the database whose log it is to copy back.
    init(connection: sending SQLiteDatabase) {
        // The thread keeps the checkpointer until it is told to stop.
        Thread.start(name: "timerd-ckpt") { [self] in
            var entry = pollfd(fd: messages.fd, events: Int16(POLLIN), revents: 0)
            while true {
                guard poll(&entry, 1, -1) > 0 else { continue }
                for message in messages.take() {
                    switch message {
                    case .stop(let done):
                        connection.close()
                        done.post(true)
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
        logPages.store(pages, ordering: .relaxed)
        if pages >= Self.hardLimit {
            Self.copyBack(database)
        } else if pages >= Self.writerLimit {
            isLogLong.store(true, ordering: .relaxed)
        }
        if pages >= Self.threshold, !asked.exchange(true, ordering: .acquiringAndReleasing) {
            messages.post(.checkpoint)
        }
    }

    /// On the writer's thread, at a quiet moment: copies the log back if it has grown long,
    /// so that the next commit writes it over from the start.
    func copyBackIfLong(_ database: SQLiteDatabase) {
        guard isLogLong.exchange(false, ordering: .relaxed) else { return }
        Self.copyBack(database.handle)
    }

    /// A PASSIVE checkpoint on the writer's connection, which nothing else writes meanwhile,
    /// so it copies every page; busy (the checkpointer is at it) is fine, it is tried again.
    private static func copyBack(_ database: OpaquePointer?) {
        _ = sqlite3_wal_checkpoint_v2(database, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }

    /// Closes the connection and ends the thread; returns once the connection is closed, so
    /// that the writer's connection, closed after it, is the last one (the one that decides
    /// whether the log is copied back, `SQLiteDatabase.checkpointOnClose`).
    func stop() {
        let done = WakeQueue<Bool>()
        messages.post(.stop(done))
        var entry = pollfd(fd: done.fd, events: Int16(POLLIN), revents: 0)
        while poll(&entry, 1, -1) < 0 && errno == EINTR {}
    }

    /// Makes `database` (the writer's connection) tell this checkpointer how long its log
    /// is after every commit, instead of checkpointing in the commit itself.
    func watch(_ database: SQLiteDatabase) {
        sqlite3_wal_hook(
            database.handle,
            { context, database, _, pages in
                Unmanaged<Checkpointer>.fromOpaque(context!).takeUnretainedValue().logGrew(to: pages, in: database)
                return SQLITE_OK
            // Unretained: `SQLiteConnection` holds this checkpointer until it has closed the
            // writer's connection, the one that calls the hook.
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
