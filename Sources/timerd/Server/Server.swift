import CLinux
import Glibc
import Protocol

/// The socket server: accepts clients, frames their lines, hands requests to the scheduler
/// and writes replies and events back. It moves bytes and decodes lines; every decision about
/// timers is the scheduler's.
///
/// Requests are answered in batches: at the end of each round of events, the lines every
/// connection sent in it go to the scheduler together, so replies keep the order of requests
/// and the scheduler saves each batch in one transaction (group commit). The scheduler runs
/// on the same thread (the loop is its executor), reached synchronously. Sockets are
/// non-blocking and output is buffered per connection, so a slow client only ever delays
/// itself.
///
/// What clients have not read is bounded twice: per connection (`ConnectionLimits`), and for
/// all of them together by a budget (`OutputBudget`). A request whose reply grows with the
/// timers (a `list`) is answered in a batch of its own, one at a time, after a batch of the
/// others, and only while the budget has room; a list is then written in pieces as the client
/// reads (`ListReply`), so a ping waits for a piece, not a list, and clients that never read
/// cannot make the daemon write, or hold, one for each.
///
/// Confined to the event loop's thread; other threads reach it through `loop.execute`.
final class Server: @unchecked Sendable {  // its `var`s are touched only on the loop's thread
    let loop: EventLoop
    let listenFD: Int32
    let scheduler: Scheduler
    let allowedUID: uid_t
    /// Root may connect too (`--allow-root`).
    let allowRoot: Bool
    let limits: ConnectionLimits
    var connections: [ClientID: Connection] = [:]
    var nextID: ClientID = 1
    /// Connections with lines for the next batch, in the order they became ready.
    private var waiting: [ClientID] = []
    /// A batch is due at the end of this round.
    private var batchDue = false
    /// One read buffer for every connection: reads happen one at a time on the loop.
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)
    /// Every connection's unsent output, against `limits.unreadBudget`.
    var budget: OutputBudget
    /// Goes off when a client past the budget may have read nothing for `unreadGrace`.
    var stallTimer: MonotonicTimer?
    /// A batch answering one connection's long request (`PendingLine.asksForMuch`) is with
    /// the scheduler, or its reply is not queued yet.
    private var longRunning = false
    /// The last batch was a long one: a batch of the others goes before the next.
    private var lastWasLong = false
    /// Batches of the others answered whose replies are not queued yet.
    private var shortInFlight = 0
    /// A look for room for the next long request is due at the end of this round.
    private var roomCheckDue = false

    /// A descriptor kept in reserve: when the process runs out (EMFILE), it is closed so that
    /// one waiting client can be accepted, told why and closed, instead of staying in the
    /// backlog and waking the loop for ever.
    var spareFD: Int32 = -1

    init(
        loop: EventLoop, listenFD: Int32, scheduler: Scheduler, allowedUID: uid_t = getuid(), allowRoot: Bool = false,
        limits: ConnectionLimits = ConnectionLimits()
    ) {
        self.loop = loop
        self.listenFD = listenFD
        self.scheduler = scheduler
        self.allowedUID = allowedUID
        self.allowRoot = allowRoot
        self.limits = limits
        budget = OutputBudget(limit: limits.unreadBudget)
    }

    func start() throws(SystemError) {
        spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let timer = try MonotonicTimer()
        try timer.watch(on: loop) { [unowned self] in dropStalledClients() }
        stallTimer = timer
        try loop.register(listenFD, events: EPOLLIN.rawValue) { [unowned self] _ in acceptClients() }
    }

    var connectionCount: Int { connections.count }

    /// Each connection's output waiting to be sent (for tests and diagnostics).
    var unsentByteCounts: [ClientID: Int] { connections.mapValues(\.unsentByteCount) }

    /// All connections' output waiting to be sent, as the budget counts it.
    var unsentTotal: Int { budget.total }

    /// Connections whose long request waits for room in the budget.
    var waitingForRoomCount: Int { budget.waiting.count }

    // MARK: Reading

    func handle(_ events: UInt32, on connection: Connection) {
        if events & EPOLLOUT.rawValue != 0 {
            guard connection.flush() else { return drop(connection) }
        }
        if events & EPOLLIN.rawValue != 0 {
            readAvailable(connection)
        } else if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            connection.readClosed = true
            connection.pending.removeAll()
            connection.waitsForRoom = false
        }
        // Both sides closed (a half-close reads as the end of input, without EPOLLHUP).
        if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { connection.hungUp = true }
        settle(connection)
    }

    private func readAvailable(_ connection: Connection) {
        // Bounded reads per wake-up keep one fast client from starving the others.
        for _ in 0..<16 {
            let n = readBuffer.withUnsafeMutableBytes { recv(connection.fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                readBuffer.withUnsafeBytes { connection.framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                if !takeLines(connection) { return }
                if !hasRoomForLines(connection) { return }
            } else if n == 0 {
                connection.readClosed = true
                return
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                connection.readClosed = true
                connection.pending.removeAll()
                connection.waitsForRoom = false
                return
            }
        }
    }

    /// Moves complete lines from the framer to `pending`. Returns false when the client sent
    /// a line over the limit: it is told so and the connection closes.
    private func takeLines(_ connection: Connection) -> Bool {
        do {
            while let line = try connection.framer.nextLine() {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                connection.pending.append(Self.pendingLine(line))
            }
            return true
        } catch {
            let kib = Limits.maxRequestBytes / 1024
            connection.pending.append(Self.tooLongLine)
            Log.info("client \(connection.id) sent a line over \(kib) KiB; closing it")
            connection.readClosed = true
            return false
        }
    }

    /// Whether the connection may read more lines before its batch is answered.
    private func hasRoomForLines(_ connection: Connection) -> Bool {
        connection.pending.count < limits.maxPendingLines && connection.pendingByteCount < limits.maxPendingBytes
    }

    // MARK: Dispatch

    /// After any change to a connection: queue its lines for the next batch, flush, update
    /// what the loop watches for it, or close it.
    func settle(_ connection: Connection) {
        if connection.wantsListPiece {
            guard writeList(connection) else { return drop(connection) }
        } else if !connection.output.isEmpty {
            guard connection.flush() else { return drop(connection) }
        }
        account(connection)
        if connection.unsentEventCount > limits.outputLimit {
            Log.warning("client \(connection.id) is not reading its events; dropping it")
            return drop(connection)
        }
        if budget.isSpent && connection.unsentEventCount > limits.allowancePastBudget {
            Log.warning(
                "client \(connection.id) is not reading its events (\(Self.size(connection.unsentEventCount)) unread) "
                    + "while clients together leave more than \(Self.size(limits.unreadBudget)) unread; dropping it")
            return drop(connection)
        }
        if !connection.busy && !connection.queued && !connection.waitsForRoom, let next = connection.pending.first {
            if !next.asksForMuch {
                if mayAnswer(connection) {
                    connection.queued = true
                    waiting.append(connection.id)
                    batchAtEndOfRound()
                }
            } else if connection.unsentByteCount < limits.outputHighWater {
                // A long reply is written only for a client that reads: one whose unread
                // replies are under the high-water mark, as for any request.
                connection.waitsForRoom = true
                budget.wait(connection.id)
                checkRoomAtEndOfRound()
            }
        }
        if connection.isFinished { return drop(connection) }
        var wanted: UInt32 = 0
        if !connection.readClosed && !connection.waitsForRoom && hasRoomForLines(connection) && mayAnswer(connection) {
            wanted |= EPOLLIN.rawValue
        }
        // With a list still to write and the output drained, the socket is writable at once:
        // the next round writes the next piece.
        if !connection.hasNothingToSend { wanted |= EPOLLOUT.rawValue }
        if wanted != connection.watched {
            connection.watched = wanted
            loop.modify(connection.fd, events: wanted)
        }
    }

    /// Writes pieces of the connection's list, up to a little ahead of what its socket has
    /// taken, for at most a slice of the loop's time: then the loop goes round, so other
    /// clients are answered between slices, and a client that does not read soon stops the
    /// writing. Returns false when the peer is gone.
    private func writeList(_ connection: Connection) -> Bool {
        let end = MonotonicTimer.now() + Self.listSlice
        repeat {
            connection.writeListPiece()
            guard connection.flush() else { return false }
        } while connection.wantsListPiece && MonotonicTimer.now() < end
        return true
    }

    /// How long a list is written for before the loop attends to the others: a few pieces,
    /// short beside a client's wait for a ping, long beside a round of the loop.
    static let listSlice: Duration = .milliseconds(2)

    /// Whether the connection's requests may be read and answered now. Lines wait while
    /// replies do: a client that does not read is not answered further, and past the budget
    /// only one that has read everything is.
    private func mayAnswer(_ connection: Connection) -> Bool {
        connection.unsentByteCount < limits.outputHighWater && (connection.unsentByteCount == 0 || !budget.isSpent)
    }

    /// Has every connection's waiting lines answered as one batch at the end of this round of
    /// events. That is what makes group commit work: whatever any client sent in the round (or
    /// while the last batch was being saved) goes to the scheduler together, in one
    /// transaction, so durability costs one fsync per batch, not per request.
    private func batchAtEndOfRound() {
        guard !batchDue, !waiting.isEmpty else { return }
        batchDue = true
        loop.atEndOfRound { [unowned self] in
            batchDue = false
            answerWaiting()
        }
    }

    private func answerWaiting() {
        var batch: [(ClientID, [PendingLine])] = []
        var unsettled: [Connection] = []
        for id in waiting {
            guard let connection = connections[id] else { continue }
            connection.queued = false
            // Up to the first line that asks for much: that one is answered on its own.
            let count = connection.pending.firstIndex(where: \.asksForMuch) ?? connection.pending.count
            guard count > 0, mayAnswer(connection) else {
                unsettled.append(connection)
                continue
            }
            batch.append((id, Array(connection.pending.prefix(count))))
            connection.pending.removeFirst(count)
            connection.busy = true
        }
        waiting.removeAll(keepingCapacity: true)
        for connection in unsettled { settle(connection) }
        guard !batch.isEmpty else { return answerLongIfRoom() }
        // The room left is shared out; past the budget, a little each.
        let replyBudget = min(limits.outputHighWater, max(limits.allowancePastBudget, budget.room / batch.count))
        // Taken out of the closure below, not kept in it: a long reply's buffer then has one
        // owner, and is never copied when more output is added to it.
        var answered: [Answered]? = loop.enter(scheduler) { scheduler in
            Self.answer(batch, replyBudget: replyBudget, scheduler: scheduler, server: self)
        }
        shortInFlight += 1
        lastWasLong = false
        // After the events the batch caused, which the scheduler handed to the loop while it
        // answered: a subscriber hears of its own change before the reply.
        loop.atEndOfRound { [unowned self] in
            finished(answered.take()!)
            shortInFlight -= 1
            // Its replies are out (or queued): the next long request may go now, even if
            // others are waiting, so that long ones are never starved.
            answerLongIfRoom()
        }
    }

    /// Looks for room for the next long request at the end of this round.
    func checkRoomAtEndOfRound() {
        guard !roomCheckDue else { return }
        roomCheckDue = true
        loop.atEndOfRound { [unowned self] in
            roomCheckDue = false
            answerLongIfRoom()
        }
    }

    /// Answers the first connection waiting with a long request (`PendingLine.asksForMuch`),
    /// in a batch of its own, if the budget has room and no other long one or batch is on
    /// its way. After a long batch, a batch of the others goes first if one is due.
    private func answerLongIfRoom() {
        guard !longRunning, shortInFlight == 0, !budget.isSpent, !(lastWasLong && batchDue) else { return }
        while let id = budget.nextWaiting() {
            guard let connection = connections[id], connection.waitsForRoom else { continue }
            connection.waitsForRoom = false
            guard !connection.busy, connection.unsentByteCount < limits.outputHighWater,
                connection.pending.first?.asksForMuch == true
            else {
                settle(connection)
                continue
            }
            let line = connection.pending.removeFirst()
            connection.busy = true
            longRunning = true
            lastWasLong = true
            var answered: [Answered]? = loop.enter(scheduler) { scheduler in
                Self.answer([(id, [line])], replyBudget: .max, scheduler: scheduler, server: self)
            }
            loop.atEndOfRound { [unowned self] in
                longRunning = false
                finished(answered.take()!)
                checkRoomAtEndOfRound()
            }
            return
        }
    }

    private func finished(_ answered: consuming [Answered]) {
        var answered = answered
        for index in answered.indices {
            guard let connection = connections[answered[index].client] else { continue }
            connection.busy = false
            if answered[index].subscribed { connection.subscribed = true }
            connection.pending.insert(contentsOf: answered[index].unanswered, at: 0)
            connection.enqueue(&answered[index].output, isReply: true)
            if let list = answered[index].list {
                var after = list.after
                connection.enqueue(list.reply)
                connection.enqueue(&after, isReply: true)
            }
            settle(connection)
        }
        batchAtEndOfRound()
    }

    /// Queues an event line for a subscribed client.
    func deliver(_ line: [UInt8], to id: ClientID) {
        guard let connection = connections[id] else { return }
        var line = line
        connection.enqueue(&line, isReply: false)
        settle(connection)
    }

    // MARK: Closing

    func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        loop.unregister(connection.fd)
        close(connection.fd)
        Log.debug("client \(connection.id) disconnected")
        let id = connection.id
        let wasSpent = budget.isSpent
        budget.remove(id)
        budgetChanged(wasSpent: wasSpent)
        loop.enter(scheduler) { $0.disconnect(id) }
    }

    /// Closes every connection and the listening socket (at shutdown).
    func shutdown() {
        for connection in connections.values { drop(connection) }
        loop.unregister(listenFD)
        close(listenFD)
        if spareFD >= 0 { close(spareFD) }
        stallTimer?.unwatch(from: loop)
        stallTimer = nil
    }
}
