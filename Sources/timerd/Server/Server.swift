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
/// Confined to the event loop's thread (hence `@unchecked Sendable`); other threads reach it
/// through `loop.execute`.
final class Server: @unchecked Sendable {
    struct ConnectionLimits {
        var maxConnections = 1_024
        /// Lines buffered for the next batch; beyond this the connection is not read until
        /// the batch is answered.
        var maxPendingLines = 1_024
        /// Bytes of those lines, likewise: a client pipelining long lines is paused sooner.
        var maxPendingBytes = 256 << 10
        /// Unsent output beyond which the connection's requests are neither read nor answered
        /// (it is not reading its replies); also about how much of replies one batch answers.
        var outputHighWater = 1 << 20
        /// Unsent events beyond which the client is dropped (a subscriber that never reads).
        /// Replies do not count: the high-water mark keeps them bounded.
        var outputLimit = 16 << 20
    }

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
    }

    func start() throws(SystemError) {
        spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try loop.register(listenFD, events: EPOLLIN.rawValue) { [unowned self] _ in acceptClients() }
    }

    var connectionCount: Int { connections.count }

    /// Each connection's output waiting to be sent (for tests and diagnostics).
    var unsentByteCounts: [ClientID: Int] { connections.mapValues(\.unsentByteCount) }

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
                connection.pending.append(line)
            }
            return true
        } catch {
            let kib = Limits.maxRequestBytes / 1024
            connection.pending.append(Self.tooLongMarker)
            Log.info("client \(connection.id) sent a line over \(kib) KiB; closing it")
            connection.readClosed = true
            return false
        }
    }

    /// Whether the connection may read more lines before its batch is answered.
    private func hasRoomForLines(_ connection: Connection) -> Bool {
        connection.pending.count < limits.maxPendingLines && connection.pendingByteCount < limits.maxPendingBytes
    }

    /// Stands in `pending` for the over-long line, so its error reply keeps its place after
    /// the replies to the lines before it.
    private static let tooLongMarker: [UInt8] = []

    // MARK: Dispatch

    /// After any change to a connection: queue its lines for the next batch, flush, update
    /// what the loop watches for it, or close it.
    private func settle(_ connection: Connection) {
        if connection.unsentByteCount > 0 {
            guard connection.flush() else { return drop(connection) }
        }
        if connection.output.unsentEventCount > limits.outputLimit {
            Log.warning("client \(connection.id) is not reading its events; dropping it")
            return drop(connection)
        }
        // Lines wait while replies do: a client that does not read is not answered further.
        if !connection.busy && !connection.queued && !connection.pending.isEmpty
            && connection.unsentByteCount < limits.outputHighWater
        {
            connection.queued = true
            waiting.append(connection.id)
            batchAtEndOfRound()
        }
        if connection.isFinished { return drop(connection) }
        var wanted: UInt32 = 0
        if !connection.readClosed && hasRoomForLines(connection) && connection.unsentByteCount < limits.outputHighWater {
            wanted |= EPOLLIN.rawValue
        }
        if connection.unsentByteCount > 0 { wanted |= EPOLLOUT.rawValue }
        if wanted != connection.watched {
            connection.watched = wanted
            loop.modify(connection.fd, events: wanted)
        }
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
        var batch: [(ClientID, [[UInt8]])] = []
        for id in waiting {
            guard let connection = connections[id] else { continue }
            connection.queued = false
            guard !connection.pending.isEmpty else { continue }
            batch.append((id, connection.pending))
            connection.pending.removeAll(keepingCapacity: true)
            connection.busy = true
        }
        waiting.removeAll(keepingCapacity: true)
        guard !batch.isEmpty else { return }
        let budget = limits.outputHighWater
        let answered = scheduler.assumeIsolated { scheduler in
            Handoff(Self.answer(batch, replyBudget: budget, scheduler: scheduler, server: self))
        }
        // After the events the batch caused, which the scheduler handed to the loop while it
        // answered: a subscriber hears of its own change before the reply.
        loop.execute { [unowned self] in finished(answered.take()) }
    }

    /// One client's part of an answered batch.
    struct Answered: Sendable {
        var client: ClientID
        /// The replies, one line per request line (a JSON-RPC batch gets one array).
        var output: [UInt8]
        /// The lines not answered (the client's replies reached the budget): they go first
        /// in a later batch.
        var unanswered: [[UInt8]]
        /// The client subscribed to events in this batch.
        var subscribed: Bool
    }

    /// Decodes the lines, has the scheduler answer every call in one hop, and puts the
    /// replies in lines.
    static func answer(
        _ batch: [(ClientID, [[UInt8]])], replyBudget: Int, scheduler: isolated Scheduler, server: Server
    ) -> [Answered]
    {
        let incoming = batch.map { _, lines in
            lines.map { $0 == tooLongMarker ? Incoming.unreadable(lineTooLong) : RPC.decodeIncoming($0) }
        }
        let calls = zip(batch, incoming).map { entry, items in
            ClientCalls(
                client: entry.0, sink: ConnectionSink(server: server, id: entry.0),
                lines: items.map { item -> [RPCCall] in
                    switch item {
                    case .call(let call): [call]
                    case .batch(let batch): batch
                    case .unreadable: []
                    }
                }, replyBudget: replyBudget)
        }
        var replies =
            calls.contains { $0.lines.contains { !$0.isEmpty } }
            ? scheduler.handle(calls) : calls.map { ClientReplies(replies: [], linesAnswered: $0.lines.count) }
        return batch.indices.map { client in
            let answered = replies[client].linesAnswered
            var output: [UInt8] = []
            var next = 0
            for item in incoming[client].prefix(answered) {
                switch item {
                case .unreadable(let error):
                    output += RPC.line(RPC.error(id: .null, error))
                case .call:
                    if replies[client].replies[next] != nil {
                        append(&replies[client].replies[next]!, to: &output)
                        output.append(UInt8(ascii: "\n"))
                    }
                    next += 1
                case .batch(let calls):
                    let answers = replies[client].replies[next..<next + calls.count].compactMap { $0 }
                    next += calls.count
                    // A batch of notifications only gets no reply at all (JSON-RPC 2.0, section 6).
                    guard !answers.isEmpty else { continue }
                    output.append(UInt8(ascii: "["))
                    for (n, answer) in answers.enumerated() {
                        if n > 0 { output.append(UInt8(ascii: ",")) }
                        output += answer
                    }
                    output += Array("]\n".utf8)
                }
            }
            let subscribed = calls[client].lines.prefix(answered).joined().contains { call in
                if case .success(.subscribe) = call.request { true } else { false }
            }
            return Answered(
                client: batch[client].0, output: output, unanswered: Array(batch[client].1.dropFirst(answered)),
                subscribed: subscribed)
        }
    }

    /// Appends `bytes`, taking over its buffer when `output` is still empty: a long reply
    /// (a `list`) is then never copied.
    private static func append(_ bytes: inout [UInt8], to output: inout [UInt8]) {
        if output.isEmpty {
            swap(&output, &bytes)
        } else {
            output += bytes
        }
    }

    private static let lineTooLong = RPCError.invalidRequest(
        "The line is longer than \(Limits.maxRequestBytes / 1024) KiB, the most timerd reads; "
            + "the connection is closed. Send one request per line.")

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

    // MARK: Closing

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        loop.unregister(connection.fd)
        close(connection.fd)
        Log.debug("client \(connection.id) disconnected")
        let id = connection.id
        scheduler.assumeIsolated { $0.disconnect(id) }
    }

    /// Closes every connection and the listening socket (at shutdown).
    func shutdown() {
        for connection in connections.values { drop(connection) }
        loop.unregister(listenFD)
        close(listenFD)
        if spareFD >= 0 { close(spareFD) }
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

/// Delivers a subscriber's events through the loop: after the scheduler's work of the moment,
/// never in the middle of it.
struct ConnectionSink: EventSink {
    let server: Server
    let id: ClientID

    func deliver(_ line: [UInt8]) {
        let server = server, id = id
        server.loop.execute { server.deliver(line, to: id) }
    }
}
