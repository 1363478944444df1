import Glibc
import Protocol

@testable import timerd

/// The real socket server on a socket in a scratch directory, its event loop on a thread of
/// its own, in front of a harness's scheduler: what the server does with slow, greedy or
/// silent clients, without a daemon process.
final class LiveServer: Sendable {
    let harness: Harness
    let path: String
    let loop: EventLoop
    let server: Server
    private let directory: String
    private let stopped = Shared(false)

    init(limits: Server.ConnectionLimits) throws {
        var template = Array("/tmp/timerd-tests-XXXXXX".utf8CString)
        directory = try template.withUnsafeMutableBufferPointer { buffer in
            guard let path = mkdtemp(buffer.baseAddress!) else { throw SystemCallFailed("mkdtemp") }
            return String(cString: path)
        }
        path = directory + "/s.sock"
        let bound = try Listener.open(SocketLocation(path: path, privateDirectory: nil))
        loop = try EventLoop()
        // The scheduler runs on the server's loop, as in the daemon.
        harness = Harness(loop: loop)
        server = Server(loop: loop, listenFD: bound.fd, scheduler: harness.scheduler, limits: limits)
        try server.start()
        let loop = loop
        let stopped = stopped
        Thread.start(name: "test-loop") {
            loop.run()
            stopped.set(true)
        }
        // Until the loop runs, this thread counts as its own (the one that made it).
        while !loop.hasStarted { usleep(100) }
    }

    /// Runs `body` on the loop's thread and returns what it returns.
    func onLoop<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        let result = Shared<T?>(nil)
        loop.execute { result.set(body()) }
        while true {
            if let value = result.value { return value }
            await pause()
        }
    }

    /// Waits (up to `patience`) until `condition`, checked on the loop's thread, holds.
    func wait(until condition: @escaping @Sendable (Server) -> Bool) async -> Bool {
        let server = server
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            if await onLoop({ condition(server) }) { return true }
            await pause()
        }
        return false
    }

    func stop() {
        let server = server, loop = loop
        loop.execute {
            server.shutdown()
            loop.stop()
        }
        while !stopped.value { usleep(1_000) }
        unlink(path)
        rmdir(directory)
    }
}

/// A value handed between threads.
final class Shared<T: Sendable>: Sendable {
    private let lock: PthreadLock<T>
    init(_ value: T) { lock = PthreadLock(value) }
    var value: T { lock.withLock { $0 } }
    func set(_ value: T) { lock.withLock { $0 = value } }
}

/// A blocking client of a `LiveServer`, with timeouts so a test fails instead of hanging.
final class LineClient {
    let fd: Int32
    private var framer = LineFramer(maxLineLength: 1 << 28)
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(_ path: String) throws {
        switch UnixSocket.connect(path) {
        case .success(let fd): self.fd = fd
        case .failure(let error): throw error
        }
    }

    deinit { close(fd) }

    /// Writes all of `text` (a request or two: the socket takes them at once); false if the
    /// socket would not take it within `patience`.
    @discardableResult
    func send(_ text: String) -> Bool {
        var timeout = timeval(tv_sec: Int(patience.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Writes `text` from another thread, as a client that pipelines requests while it reads
    /// replies does: the daemon reads no more than it can answer, so one thread doing both
    /// in turn could wait for ever.
    func sendInBackground(_ text: String) {
        let fd = fd
        Thread.start(name: "test-sender") {
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// The next line, nil at the end of the stream or after `patience` without one.
    /// Waits by sleeping, not in `recv`: a blocked thread could be one the scheduler needs.
    func readLine() async throws -> [UInt8]? {
        let deadline = ContinuousClock.now + patience
        while true {
            if let line = try framer.nextLine() { return line }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n > 0 {
                buffer.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
            } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) || ContinuousClock.now > deadline {
                return nil
            } else {
                await pause()
            }
        }
    }

    func readJSON() async throws -> JSONValue? {
        try await readLine().map { try JSONParser.parse($0) }
    }

    /// Reads until the stream ends (true) or nothing comes for `patience` (false).
    func readsToTheEnd() async -> Bool {
        var deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 { return true }
            if n > 0 {
                deadline = ContinuousClock.now + patience
            } else if errno != EAGAIN && errno != EWOULDBLOCK {
                return false
            } else {
                await pause()
            }
        }
        return false
    }
}

/// How long a test waits for the server before it gives up. Very generous: the scheduler runs
/// on the shared threads of Swift's concurrency (two on a two-core machine), which blocking
/// tests of other suites in the same process (the hostile-input runs, the shells in tmux) can
/// hold for a minute at a time; this only keeps a broken test from waiting for ever.
let patience: Duration = .seconds(300)

/// A millisecond's sleep that leaves the thread to others.
private func pause() async {
    try? await Task.sleep(for: .milliseconds(1))
}
