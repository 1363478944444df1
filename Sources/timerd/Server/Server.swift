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
/// others, and only while the budget has room: a ping waits for at most one long reply being
/// written, and clients that never read cannot make the daemon write, or hold, one for each.
///
/// Confined to the event loop's thread (hence `@unchecked Sendable`); other threads reach it
/// through `loop.execute`.
final class Server: @unchecked Sendable {
    let loop: EventLoop
    private let listenFD: Int32
    private let scheduler: Scheduler
    private let allowedUID: uid_t
    /// Root may connect too (`--allow-root`).
    private let allowRoot: Bool
    private let limits: ConnectionLimits
    private var connections: [ClientID: Connection] = [:]
    private var nextID: ClientID = 1
    /// Connections with lines for the next batch, in the order they became ready.
    private var waiting: [ClientID] = []
    /// A batch is due at the end of this round.
    private var batchDue = false
    /// One read buffer for every connection: reads happen one at a time on the loop.
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)
    /// Every connection's unsent output, against `limits.unreadBudget`.
    private var budget: OutputBudget
    /// Goes off when a client past the budget may have read nothing for `unreadGrace`.
    private var stallTimer: MonotonicTimer?
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
    private var spareFD: Int32 = -1

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

    // MARK: Accepting

    private func acceptClients() {
        while true {
            let fd = accept4(listenFD, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if (errno == EMFILE || errno == ENFILE) && turnAwayWithSpareDescriptor() { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK {
                    // ENOBUFS and friends: log and leave the client in the backlog for now.
                    Log.warning("accept failed: \(SystemError("accept4"))")
                }
                return
            }
            if let refusal = refusal(for: fd) {
                var line = RPC.line(RPC.error(id: .null, refusal))
                _ = send(fd, &line, line.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                close(fd)
                continue
            }
            let connection = Connection(id: nextID, fd: fd)
            nextID += 1
            do {
                try loop.register(fd, events: EPOLLIN.rawValue) { [unowned self, unowned connection] events in
                    handle(events, on: connection)
                }
            } catch {
                Log.warning("cannot watch a new connection: \(error)")
                close(fd)
                continue
            }
            connection.watched = EPOLLIN.rawValue
            connections[connection.id] = connection
            Log.debug("client \(connection.id) connected")
        }
    }

    /// Out of descriptors: frees the spare one to accept the next waiting client, tells it so
    /// and closes it, then takes the spare back. False when that did not work either (the
    /// client stays in the backlog until a connection closes).
    private func turnAwayWithSpareDescriptor() -> Bool {
        guard spareFD >= 0 else { return false }
        close(spareFD)
        spareFD = -1
        defer { spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC) }
        let fd = accept4(listenFD, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
        guard fd >= 0 else { return false }
        Log.warning("refused a connection: timerd has no file descriptors left (\(connections.count) clients connected)")
        var line = RPC.line(RPC.error(id: .null, RPCError(
            code: RPCError.limitReachedCode,
            message: "timerd has run out of file descriptors (\(connections.count) clients are connected); "
                + "close some connections, or raise its limit (ulimit -n), and try again.")))
        _ = send(fd, &line, line.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        close(fd)
        return true
    }

    /// Why a new client is turned away, or nil to serve it.
    private func refusal(for fd: Int32) -> RPCError? {
        var uid: UInt32 = 0
        var pid: Int32 = 0
        guard clinux_peer_credentials(fd, &uid, &pid) == 0 else {
            return RPCError(code: RPCError.internalErrorCode, message: "timerd could not check who is connecting.")
        }
        guard uid == allowedUID || (uid == 0 && allowRoot) else {
            Log.warning("refused a connection from uid \(uid) (pid \(pid)): this timerd serves uid \(allowedUID) only")
            return Self.otherUserRefusal(peer: uid, owner: allowedUID)
        }
        guard connections.count < limits.maxConnections else {
            Log.warning("refused a connection: \(limits.maxConnections) clients already connected")
            return RPCError(
                code: RPCError.limitReachedCode,
                message: "timerd already serves \(limits.maxConnections) connections; close some and try again.")
        }
        return nil
    }

    /// What another user's client is told. Root is told how to be let in; anyone else that
    /// each user has a timerd of their own.
    static func otherUserRefusal(peer: uid_t, owner: uid_t) -> RPCError {
        let data: JSONValue = ["uid": .integer(Int64(peer)), "owner": .integer(Int64(owner))]
        let message =
            peer == 0
            ? "This timerd belongs to user \(owner) and does not serve root; run timerctl as that user, "
                + "or start timerd with --allow-root to let root in."
            : "This timerd belongs to user \(owner), not to you (user \(peer)); each user runs their own timerd. "
                + "Leave out --socket and TIMERD_SOCKET to reach yours (timerctl starts it if needed)."
        return RPCError(code: RPCError.invalidRequestCode, message: message, data: data)
    }

    // MARK: Reading

    private func handle(_ events: UInt32, on connection: Connection) {
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
    private func settle(_ connection: Connection) {
        if connection.unsentByteCount > 0 {
            guard connection.flush() else { return drop(connection) }
        }
        account(connection)
        if connection.output.unsentEventCount > limits.outputLimit {
            Log.warning("client \(connection.id) is not reading its events; dropping it")
            return drop(connection)
        }
        if budget.isSpent && connection.output.unsentEventCount > limits.allowancePastBudget {
            Log.warning(
                "client \(connection.id) is not reading its events (\(Self.size(connection.output.unsentEventCount)) unread) "
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
        if connection.unsentByteCount > 0 { wanted |= EPOLLOUT.rawValue }
        if wanted != connection.watched {
            connection.watched = wanted
            loop.modify(connection.fd, events: wanted)
        }
    }

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
        loop.execute { [unowned self] in
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
        let answered = scheduler.assumeIsolated { scheduler in
            Handoff(Self.answer(batch, replyBudget: replyBudget, scheduler: scheduler, server: self))
        }
        shortInFlight += 1
        lastWasLong = false
        // After the events the batch caused, which the scheduler handed to the loop while it
        // answered: a subscriber hears of its own change before the reply.
        loop.execute { [unowned self] in
            finished(answered.take())
            shortInFlight -= 1
            // Its replies are out (or queued): the next long request may go now, even if
            // others are waiting, so that long ones are never starved.
            answerLongIfRoom()
        }
    }

    /// Looks for room for the next long request at the end of this round.
    private func checkRoomAtEndOfRound() {
        guard !roomCheckDue else { return }
        roomCheckDue = true
        loop.execute { [unowned self] in
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
            let answered = scheduler.assumeIsolated { scheduler in
                Handoff(Self.answer([(id, [line])], replyBudget: .max, scheduler: scheduler, server: self))
            }
            loop.execute { [unowned self] in
                longRunning = false
                finished(answered.take())
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

    // MARK: The budget

    /// Brings the budget's account of `connection` up to date.
    private func account(_ connection: Connection) {
        let unsent = connection.unsentByteCount
        guard unsent != budget.holdings[connection.id]?.bytes ?? 0 else { return }
        let wasSpent = budget.isSpent
        budget.update(connection.id, holding: unsent, at: MonotonicTimer.now())
        budgetChanged(wasSpent: wasSpent)
    }

    private func budgetChanged(wasSpent: Bool) {
        if budget.isSpent && !wasSpent {
            armStallTimer()
        } else if !budget.isSpent && wasSpent && !budget.waiting.isEmpty {
            checkRoomAtEndOfRound()
        }
    }

    private func armStallTimer() {
        if let next = budget.nextStall(grace: limits.unreadGrace) { stallTimer?.arm(at: next) }
    }

    /// Past the budget, drops every client that has read none of its output for the grace
    /// period: the room goes to those that read.
    private func dropStalledClients() {
        guard budget.isSpent else { return }
        for id in budget.stalled(at: MonotonicTimer.now(), grace: limits.unreadGrace) {
            guard let connection = connections[id] else { continue }
            let idle = budget.holdings[id].map { limits.unreadGrace.of($0) } ?? .zero
            Log.warning(
                "client \(id) has read none of its \(Self.size(connection.unsentByteCount)) of replies and events for "
                    + "\(idle) while clients together leave more than \(Self.size(limits.unreadBudget)) unread; dropping it")
            drop(connection)
        }
        if budget.isSpent { armStallTimer() }
    }

    /// A byte count for the log, in KiB or MiB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes / (1 << 20)) MiB" : "\(bytes / 1024) KiB"
    }

    // MARK: Closing

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        loop.unregister(connection.fd)
        close(connection.fd)
        Log.debug("client \(connection.id) disconnected")
        let id = connection.id
        let wasSpent = budget.isSpent
        budget.remove(id)
        budgetChanged(wasSpent: wasSpent)
        scheduler.assumeIsolated { $0.disconnect(id) }
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

/// Carries a value into a closure that runs once and takes it out, so that the closure does
/// not keep a second reference: a long reply's buffer then has one owner, and is never copied
/// when more output is added to it.
private final class Handoff<Value: Sendable>: @unchecked Sendable {
    // Set before the closure is handed over, taken once inside it: never touched by two
    // threads at a time.
    private var value: Value?

    init(_ value: Value) { self.value = value }

    func take() -> Value {
        defer { value = nil }
        return value!
    }
}
