import Glibc
import Protocol

/// A blocking connection to the daemon: sends requests as lines, reads replies in order, and
/// keeps events that arrive in between for whoever asks for them.
///
/// Requests sent together are pipelined, and replies are read while requests are still being
/// written: the daemon answers only as fast as its replies are read, so a client that wrote
/// thousands of requests before reading any would wait for ever once the socket's buffers
/// filled up in both directions (the daemon waiting for it to read, it waiting for the daemon
/// to read).
struct DaemonConnection: ~Copyable {
    private let fd: Int32
    private var framer = LineFramer(maxLineLength: 1 << 30)
    private var nextID: Int64 = 1
    private var events: [(TimerEvent, TimerInfo)] = []

    /// How many bytes of requests are encoded ahead of the socket: enough for a write to
    /// fill what the socket takes, not the whole of a long pipeline at once.
    private static let sendWindow = 65_536

    /// The daemon's process, when the socket said (for advice that names it).
    var peer: Int32?

    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Sends one request and returns its result, or throws the daemon's error as `.refused`.
    mutating func call(_ request: Request) throws(CtlFailure) -> JSONValue {
        try call([request])[0].get()
    }

    /// Sends several requests at once (pipelined) and returns their results in order, each
    /// refusal in timerctl's words (`Hints`).
    mutating func call(_ requests: [Request]) throws(CtlFailure) -> [Result<JSONValue, CtlFailure>] {
        let answers = try exchange(requests)
        func unknownMethod(_ answer: Result<JSONValue, RPCError>) -> Bool {
            if case .failure(let error) = answer { error.code == RPCError.methodNotFoundCode } else { false }
        }
        guard let index = answers.firstIndex(where: unknownMethod) else {
            return answers.map { $0.mapError { .refused(Hints.text(for: $0)) } }
        }
        // A method timerctl sends that timerd does not know: that timerd is older, still running
        // from before an upgrade. Its ping says which it is, for advice on restarting it.
        let daemon = try? exchange(.ping).get()
        let outdated = Hints.olderDaemon(method: requests[index].method, ping: daemon, pid: peer)
        return answers.map { answer in answer.mapError { unknownMethod(answer) ? .refused(outdated) : .refused(Hints.text(for: $0)) } }
    }

    /// Sends one request and returns the daemon's answer as it sent it, error code and all.
    mutating func exchange(_ request: Request) throws(CtlFailure) -> Result<JSONValue, RPCError> {
        try exchange([request])[0]
    }

    /// Sends `requests` pipelined, reading replies (and events) as they come while the rest
    /// are written, and returns the daemon's answers in order.
    mutating func exchange(_ requests: [Request]) throws(CtlFailure) -> [Result<JSONValue, RPCError>] {
        let firstID = nextID
        nextID += Int64(requests.count)
        var results: [Result<JSONValue, RPCError>] = []
        results.reserveCapacity(requests.count)
        var unsent: [UInt8] = []
        var offset = 0
        var encoded = 0
        /// Why writing stopped early: the daemon closed the connection (its reason, if it gave
        /// one, is read next).
        var writeFailure: Errno?
        while results.count < requests.count {
            // The replies already read first: they may be all that is left to wait for.
            if let message = try bufferedMessage() {
                try take(message, into: &results, firstID: firstID)
                continue
            }
            if offset == unsent.count && encoded < requests.count && writeFailure == nil {
                unsent.removeAll(keepingCapacity: true)
                offset = 0
                while encoded < requests.count && unsent.count < Self.sendWindow {
                    unsent += RPC.line(RPC.request(id: firstID + Int64(encoded), requests[encoded]))
                    encoded += 1
                }
            }
            let writing = offset < unsent.count && writeFailure == nil
            var entry = pollfd(fd: fd, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0)
            guard poll(&entry, 1, -1) > 0 else {
                if errno == EINTR { continue }
                throw .unreachable("Lost the connection to the daemon: \(Errno(errno)).")
            }
            if writing && entry.revents & Int16(POLLOUT) != 0 {
                let n = unsent.withUnsafeBytes {
                    send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                if n > 0 {
                    offset += n
                } else if n < 0 && errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK {
                    writeFailure = Errno(errno)
                }
            }
            if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                try receive(wait: false, writeFailure: writeFailure)
            }
        }
        return results
    }

    /// Files one message read during `exchange`: a reply as the next result, an event for later.
    private mutating func take(_ message: Outgoing, into results: inout [Result<JSONValue, RPCError>], firstID: Int64)
        throws(CtlFailure)
    {
        switch message {
        case .event(let event, let timer):
            events.append((event, timer))
        case .otherEvent:
            break
        case .reply(.null, .failure(let error)):
            // Not an answer to a request but the daemon's last word (another user's
            // timerd, too many connections, a line too long): say what it said.
            throw .refused(Hints.text(for: error))
        case .reply(let id, let result):
            guard id == .integer(firstID + Int64(results.count)) else {
                throw .unreachable("The daemon answered out of order; is it a compatible version?")
            }
            results.append(result)
        }
    }

    /// The next event, waiting for one if none is buffered.
    mutating func nextEvent() throws(CtlFailure) -> (TimerEvent, TimerInfo) {
        if !events.isEmpty { return events.removeFirst() }
        while true {
            if let message = try bufferedMessage() {
                if case .event(let event, let timer) = message { return (event, timer) }
                continue
            }
            try receive(wait: true)
        }
    }

    /// The socket, for `poll`.
    var descriptor: Int32 { fd }

    /// The events that have arrived, without waiting for more (after `poll` said the socket
    /// is readable, or to drain what `call` buffered).
    mutating func availableEvents() throws(CtlFailure) -> [(TimerEvent, TimerInfo)] {
        var found = events
        events.removeAll()
        while true {
            if let message = try bufferedMessage() {
                if case .event(let event, let timer) = message { found.append((event, timer)) }
                continue
            }
            guard try receive(wait: false, stopIfNothing: true) else { return found }
        }
    }

    /// The next whole message already read, if there is one.
    private mutating func bufferedMessage() throws(CtlFailure) -> Outgoing? {
        let line: [UInt8]?
        do {
            line = try framer.nextLine()
        } catch {
            throw .unreachable("The daemon sent an impossibly long line.")
        }
        guard let line else { return nil }
        do {
            return try RPC.decodeOutgoing(line)
        } catch {
            throw .unreachable(error.message)
        }
    }

    /// Reads what the socket holds into the framer: waiting for something if `wait`, else
    /// taking only what is there. Returns false when nothing was there and `stopIfNothing`;
    /// throws once the daemon has closed the connection.
    @discardableResult
    private mutating func receive(wait: Bool, stopIfNothing: Bool = false, writeFailure: Errno? = nil)
        throws(CtlFailure) -> Bool
    {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, wait ? 0 : Int32(MSG_DONTWAIT)) }
            if n > 0 {
                chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                return true
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return !stopIfNothing
            } else if let writeFailure {
                throw .unreachable("Lost the connection to the daemon: \(writeFailure).")
            } else {
                throw .unreachable("The daemon closed the connection (did it stop?). Try again; see the log if it keeps happening.")
            }
        }
    }
}
