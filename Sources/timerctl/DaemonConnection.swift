import Glibc
import Protocol

/// Why a command could not be carried out, with the exit status it maps to.
struct CtlFailure: Error, CustomStringConvertible {
    enum Kind {
        /// The daemon answered with an error (not found, wrong state…): exit 1.
        case refused
        /// The command line or its values were wrong: exit 2.
        case usage
        /// No daemon could be reached: exit 3.
        case unreachable
    }

    var kind: Kind
    var message: String

    var exitCode: Int32 {
        switch kind {
        case .refused: 1
        case .usage: 2
        case .unreachable: 3
        }
    }

    var description: String { message }

    static func refused(_ message: String) -> CtlFailure { CtlFailure(kind: .refused, message: message) }
    static func usage(_ message: String) -> CtlFailure { CtlFailure(kind: .usage, message: message) }
    static func unreachable(_ message: String) -> CtlFailure { CtlFailure(kind: .unreachable, message: message) }
}

/// A blocking connection to the daemon: sends requests as lines, reads replies in order, and
/// keeps events that arrive in between for whoever asks for them.
struct DaemonConnection: ~Copyable {
    private let fd: Int32
    private var framer = LineFramer(maxLineLength: 1 << 30)
    private var nextID: Int64 = 1
    private var events: [(TimerEvent, TimerInfo)] = []

    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Sends one request and returns its result, or throws the daemon's error as `.refused`.
    mutating func call(_ request: Request) throws(CtlFailure) -> JSONValue {
        try call([request])[0].get()
    }

    /// Sends several requests at once (pipelined) and returns their results in order.
    mutating func call(_ requests: [Request]) throws(CtlFailure) -> [Result<JSONValue, CtlFailure>] {
        let firstID = nextID
        var bytes: [UInt8] = []
        for request in requests {
            bytes += RPC.line(RPC.request(id: nextID, request))
            nextID += 1
        }
        try write(bytes)
        var results: [Result<JSONValue, CtlFailure>] = []
        while results.count < requests.count {
            switch try nextMessage() {
            case .event(let event, let timer):
                events.append((event, timer))
            case .reply(.null, .failure(let error)):
                // Not an answer to a request but the daemon's last word (another user's
                // timerd, too many connections, a line too long): say what it said.
                throw .refused(error.message)
            case .reply(let id, let result):
                guard id == .integer(firstID + Int64(results.count)) else {
                    throw .unreachable("The daemon answered out of order; is it a compatible version?")
                }
                results.append(result.mapError { .refused($0.message) })
            }
        }
        return results
    }

    /// The next event, waiting for one if none is buffered.
    mutating func nextEvent() throws(CtlFailure) -> (TimerEvent, TimerInfo) {
        if !events.isEmpty { return events.removeFirst() }
        while true {
            if case .event(let event, let timer) = try nextMessage() { return (event, timer) }
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
            let line: [UInt8]?
            do { line = try framer.nextLine() } catch { throw .unreachable("The daemon sent an impossibly long line.") }
            if let line {
                do {
                    if case .event(let event, let timer) = try RPC.decodeOutgoing(line) { found.append((event, timer)) }
                } catch {
                    throw .unreachable(error.message)
                }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return found
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                throw .unreachable("The daemon closed the connection (did it stop?).")
            }
        }
    }

    private mutating func nextMessage() throws(CtlFailure) -> Outgoing {
        while true {
            let line: [UInt8]?
            do {
                line = try framer.nextLine()
            } catch {
                throw .unreachable("The daemon sent an impossibly long line.")
            }
            if let line {
                do {
                    return try RPC.decodeOutgoing(line)
                } catch {
                    throw .unreachable(error.message)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                throw .unreachable("The daemon closed the connection (did it stop?). Try again; see the log if it keeps happening.")
            }
        }
    }

    private func write(_ bytes: [UInt8]) throws(CtlFailure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                let error = Errno(errno)
                // The daemon may have turned us away before reading anything (another user's
                // timerd): its reason is waiting to be read.
                if let reason = lastWord() { throw .refused(reason) }
                throw .unreachable("Lost the connection to the daemon: \(error).")
            }
        }
    }

    /// The error the daemon sent before closing the connection, if it sent one.
    private func lastWord() -> String? {
        var reader = LineFramer(maxLineLength: 1 << 20)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard n > 0 else { return nil }
            chunk.withUnsafeBytes { reader.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            while let line = try? reader.nextLine() {
                if case .reply(.null, .failure(let error))? = try? RPC.decodeOutgoing(line) { return error.message }
            }
        }
    }
}
