import Foundation
import Protocol
import Testing

/// A raw protocol client: writes lines to the daemon's socket and reads lines back, with a
/// timeout so a test fails instead of hanging.
final class RPCClient {
    let fd: Int32
    private var framer = LineFramer(maxLineLength: 1 << 28)
    private var nextID = 1

    init(path: String) throws {
        switch UnixSocket.connect(path) {
        case .success(let fd): self.fd = fd
        case .failure(let error): throw error
        }
    }

    deinit { close(fd) }

    /// Whether a daemon at `path` answers `ping` (within a second).
    static func answersPing(_ path: String) -> Bool {
        guard let client = try? RPCClient(path: path) else { return false }
        client.request("ping")
        guard let reply = try? client.readJSON(timeout: .seconds(1)) else { return false }
        return reply["result"] != nil
    }

    static func canConnect(_ path: String) -> Bool {
        guard case .success(let fd) = UnixSocket.connect(path) else { return false }
        close(fd)
        return true
    }

    /// Sends raw bytes as they are.
    func send(raw bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            offset += n
        }
    }

    func send(_ line: String) { send(raw: Array((line + "\n").utf8)) }

    /// Sends a request and returns the id used.
    @discardableResult
    func request(_ method: String, _ params: JSONValue? = nil) -> Int {
        let id = nextID
        nextID += 1
        var object: JSONObject = ["jsonrpc": "2.0", "id": .integer(Int64(id)), "method": .string(method)]
        if let params { object["params"] = params }
        send(JSONWriter.string(.object(object)))
        return id
    }

    /// Sends a request and reads lines until its reply (skipping events); returns the reply object.
    func call(_ method: String, _ params: JSONValue? = nil) throws -> JSONValue {
        let id = request(method, params)
        while true {
            let reply = try #require(try readJSON(), "no reply to \(method)")
            if reply["id"] == .integer(Int64(id)) { return reply }
        }
    }

    /// The next line as JSON, or nil at end of stream.
    func readJSON(timeout: Duration = .seconds(5)) throws -> JSONValue? {
        guard let line = try readLine(timeout: timeout) else { return nil }
        return try JSONParser.parse(line)
    }

    /// The next line, or nil if the daemon closed the connection. Throws on timeout.
    func readLine(timeout: Duration = .seconds(5)) throws -> [UInt8]? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let line = try framer.nextLine() { return line }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw TimeoutError() }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&poller, 1, max(ms, 1)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            framer.append(contentsOf: chunk[..<n])
        }
    }

    /// Writes `bytes` while reading whatever comes back, until the reply whose id is `last`
    /// (not included): for pipelining more than the socket buffers hold, where writing
    /// everything before reading would leave both sides waiting on each other. Returns every
    /// line read before it, parsed, events included; nil for a line that is not JSON.
    /// Throws on timeout; stops early if the daemon closes the connection.
    func exchange(_ bytes: [UInt8], until last: JSONValue, timeout: Duration = .seconds(10)) throws -> (lines: [JSONValue?], closed: Bool) {
        var lines: [JSONValue?] = []
        var offset = 0
        let deadline = ContinuousClock.now + timeout
        while true {
            while let line = try framer.nextLine() {
                let value = try? JSONParser.parse(line)
                if value?["id"] == last { return (lines, false) }
                lines.append(value)
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw TimeoutError() }
            let wantOut = offset < bytes.count
            var poller = pollfd(fd: fd, events: Int16(POLLIN) | (wantOut ? Int16(POLLOUT) : 0), revents: 0)
            let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&poller, 1, max(ms, 1)) > 0 else { continue }
            if wantOut && poller.revents & Int16(POLLOUT) != 0 {
                let n = bytes.withUnsafeBytes {
                    Glibc.send(fd, $0.baseAddress! + offset, min(65_536, $0.count - offset), Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
                }
                if n > 0 { offset += n } else if n < 0 && errno != EAGAIN && errno != EINTR { offset = bytes.count }
            }
            if poller.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) { return (lines, true) }
                if n > 0 { framer.append(contentsOf: chunk[..<n]) }
            }
        }
    }

    struct TimeoutError: Error, CustomStringConvertible {
        var description: String { "timed out waiting for the daemon" }
    }
}
