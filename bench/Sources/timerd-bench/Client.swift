import Glibc
import Protocol

/// A connection to timerd that sends many requests without waiting (pipelining), reading
/// replies while it writes so that neither side ever blocks the other.
final class Client {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    /// Bytes received and not yet taken as lines.
    private var inbox: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 20)

    init(socket: String) throws(Failure) {
        switch UnixSocket.connect(socket) {
        case .success(let fd): self.fd = fd
        case .failure(let error): throw Failure(description: "cannot connect to \(socket): \(error)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// The result of an exchange: how many replies, how many were errors, and how long from
    /// the first byte written to the last reply read.
    struct Exchange {
        var replies: [[UInt8]] = []
        var count = 0
        var errors = 0
        var firstError: String?
        var nanoseconds: Int64 = 0
    }

    /// Writes `payload` (complete request lines) and reads `expected` reply lines.
    func exchange(_ payload: [UInt8], expected: Int, keep: Bool = false, timeoutSeconds: Int = 120) throws(Failure) -> Exchange {
        var result = Exchange()
        var written = 0
        let begin = Clock.monotonic()
        let deadline = begin + Int64(timeoutSeconds) * 1_000_000_000
        while result.count < expected {
            guard Clock.monotonic() < deadline else {
                throw Failure(description: "timed out: \(result.count) of \(expected) replies after \(timeoutSeconds) s")
            }
            var events = Int16(POLLIN)
            if written < payload.count { events |= Int16(POLLOUT) }
            var pfd = pollfd(fd: fd, events: events, revents: 0)
            guard poll(&pfd, 1, 1000) >= 0 || errno == EINTR else { throw Failure(description: "poll failed") }
            if pfd.revents & Int16(POLLOUT) != 0 && written < payload.count {
                let n = payload.withUnsafeBytes { send(fd, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
                if n > 0 { written += n } else if errno != EAGAIN && errno != EINTR {
                    throw Failure(description: "the daemon closed the connection (\(String(cString: strerror(errno))))")
                }
            }
            if pfd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                guard try receive() else {
                    throw Failure(description: "the daemon closed the connection after \(result.count) of \(expected) replies")
                }
                while result.count < expected, let line = takeLine() {
                    result.count += 1
                    if Client.isError(line) {
                        result.errors += 1
                        if result.firstError == nil { result.firstError = String(decoding: line, as: UTF8.self) }
                    }
                    if keep { result.replies.append(line) }
                }
            }
        }
        result.nanoseconds = Clock.monotonic() - begin
        return result
    }

    /// One request, one reply.
    func call(_ line: String) throws(Failure) -> String {
        let exchange = try exchange(Array((line + "\n").utf8), expected: 1, keep: true)
        return String(decoding: exchange.replies[0], as: UTF8.self)
    }

    /// The next line the daemon sends (an event, say), with the wall-clock time it was read,
    /// or nil if none comes within `timeoutMilliseconds`.
    func nextLine(timeoutMilliseconds: Int32) throws(Failure) -> (line: [UInt8], wall: Int64)? {
        if let line = takeLine() { return (line, Clock.wall()) }
        let deadline = Clock.monotonic() + Int64(timeoutMilliseconds) * 1_000_000
        while true {
            let left = Int32(max(0, (deadline - Clock.monotonic()) / 1_000_000))
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, left)
            if ready == 0 { return nil }
            if ready < 0 { if errno == EINTR { continue } else { throw Failure(description: "poll failed") } }
            let wall = Clock.wall()
            guard try receive() else { throw Failure(description: "the daemon closed the connection") }
            if let line = takeLine() { return (line, wall) }
        }
    }

    /// Reads what is there; false at end of stream.
    private func receive() throws(Failure) -> Bool {
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                inbox.append(contentsOf: chunk[0..<n])
                if n < chunk.count { return true }
                continue
            }
            if n == 0 { return false }
            if errno == EAGAIN || errno == EINTR { return true }
            throw Failure(description: "reading from the daemon failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Where the next line starts in `inbox`, and how far it has been searched for a newline.
    private var head = 0
    private var scanned = 0

    private func takeLine() -> [UInt8]? {
        guard let newline = inbox[max(head, scanned)...].firstIndex(of: UInt8(ascii: "\n")) else {
            scanned = inbox.count
            return nil
        }
        let line = Array(inbox[head..<newline])
        head = newline + 1
        scanned = head
        if head == inbox.count || head > 1 << 20 {
            inbox.removeSubrange(0..<head)
            scanned -= head
            head = 0
        }
        return line
    }

    /// A JSON-RPC error reply: the daemon writes `"error"` as a top-level key, and no value it
    /// sends in a result contains that text in quotes followed by a colon and a brace.
    static func isError(_ line: [UInt8]) -> Bool {
        countOccurrences(of: "\"error\":{", in: line) > 0
    }
}

/// Request lines, as bytes, ready to pipeline.
enum Requests {
    /// Every request has id 1: replies come back in the order of the requests.
    static func line(_ method: String, _ params: String? = nil) -> String {
        let tail = params.map { ",\"params\":\($0)" } ?? ""
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\(method)\"\(tail)}"
    }

    static func countdown(_ name: String, seconds: Int) -> String {
        line("start", "{\"name\":\"\(name)\",\"seconds\":\(seconds)}")
    }

    /// A deadline at `wall` nanoseconds since 1970, to the millisecond.
    static func deadline(_ name: String, wall: Int64) -> String {
        line("start", "{\"name\":\"\(name)\",\"at\":\"\(RFC3339.format(Timestamp(nanoseconds: wall)))\"}")
    }

    static func batch(_ lines: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes += line.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }
}
