import Glibc
import Protocol

/// A non-blocking connection to the daemon for tests that drive many requests, or many
/// clients, from one thread with `poll`: what is queued is written as the socket takes it, and
/// whatever arrives is cut into lines. Unlike `RPCClient`, writing never blocks, so a test can
/// keep requests in flight while it reads replies (or kills the daemon).
final class PolledConnection {
    let fd: Int32
    private var output: [UInt8] = []
    private var offset = 0
    private var framer = LineFramer(maxLineLength: 1 << 28)
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// The daemon closed the connection (or it failed).
    private(set) var isClosed = false

    init(path: String) throws {
        switch UnixSocket.connect(path) {
        case .success(let fd): self.fd = fd
        case .failure(let error): throw error
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Queues a line (the newline is added).
    func enqueue(_ line: String) {
        if offset > 0 && offset == output.count {
            output.removeAll(keepingCapacity: true)
            offset = 0
        }
        output += Array(line.utf8)
        output.append(0x0A)
    }

    var hasOutput: Bool { offset < output.count }

    /// What `poll` should wait for on this connection.
    var pollEvents: Int16 { Int16(POLLIN) | (hasOutput ? Int16(POLLOUT) : 0) }

    /// Writes as much as the socket takes now.
    func flush() {
        while offset < output.count, !isClosed {
            let n = output.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                isClosed = true
            }
        }
    }

    /// Reads what has arrived and returns the complete lines.
    func read() -> [[UInt8]] {
        while !isClosed {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                break
            } else {
                isClosed = true
            }
        }
        var lines: [[UInt8]] = []
        while let line = try? framer.nextLine() { lines.append(line) }
        return lines
    }
}

/// Polls `connections` once, for at most `timeout` (milliseconds; -1 waits), and flushes and
/// reads those that are ready. Returns the complete lines read, by index into `connections`
/// (none when only part of a long line came), or nil when nothing happened in `timeout`.
func pollOnce(_ connections: [PolledConnection], timeout: Int32) -> [(Int, [[UInt8]])]? {
    var fds = connections.map { pollfd(fd: $0.fd, events: $0.pollEvents, revents: 0) }
    let n = poll(&fds, nfds_t(fds.count), timeout)
    if n < 0 && errno == EINTR { return [] }
    guard n > 0 else { return nil }
    var lines: [(Int, [[UInt8]])] = []
    for (i, entry) in fds.enumerated() where entry.revents != 0 {
        let connection = connections[i]
        if entry.revents & Int16(POLLOUT) != 0 { connection.flush() }
        if entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let read = connection.read()
            if !read.isEmpty { lines.append((i, read)) }
        }
    }
    return lines
}

/// Environment knobs of the bounded fault and load tests: `TIMERD_FAULT_ROUNDS=500` and the
/// like make a longer run than the CI default.
enum Knob {
    static func int(_ name: String, default value: Int) -> Int {
        guard let text = getenv(name).map({ String(cString: $0) }), let number = Int(text), number > 0 else { return value }
        return number
    }
}

/// The value below which `fraction` of `values` lie (nearest rank), or 0 for none.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
