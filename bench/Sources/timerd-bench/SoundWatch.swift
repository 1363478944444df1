import Glibc

/// What the sound server says happens to its streams and clients, as `pactl subscribe` prints
/// it ("Event 'new' on sink-input #12"), each line stamped on the wall clock the moment the
/// harness reads it. pactl writes each event with its own flush, on a pipe too, so a line
/// arrives as the server sends it, plus pactl's wake-up and the harness's.
final class SoundWatch {
    struct Event {
        /// `new`, `change` or `remove`.
        var kind: String
        /// `sink-input`, `client`, `sink`…
        var facility: String
        var index: Int
        /// When the harness read it (wall clock, ns).
        var wall: Int64
    }

    private var pid: pid_t
    private let fd: Int32
    private let scratch: String
    private var inbox: [UInt8] = []
    private var events: [Event] = []
    /// pactl's words are translated; the harness reads the English ones.
    static let environment = Spawn.environment(["LC_ALL": "C"])

    /// Starts `pactl subscribe` and returns once it listens. `directory` holds its scratch files.
    init(directory: String) throws(Spawn.Failure) {
        scratch = directory + "/sink-inputs.txt"
        (pid, fd) = try Spawn.startReading(["pactl", "subscribe"], environment: Self.environment)
        // It prints nothing until something happens: another client coming and going shows
        // that it has subscribed.
        let begin = Clock.monotonic()
        while try next(timeoutMilliseconds: 100) == nil {
            guard Clock.monotonic() - begin < 10_000_000_000 else {
                stop()
                throw Spawn.Failure(description: "pactl subscribe heard nothing in 10 s: is a sound server running?")
            }
            try Spawn.run(["pactl", "stat"], environment: Self.environment)
        }
    }

    deinit {
        stop()
        close(fd)
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        Spawn.wait(pid)
        pid = 0
    }

    /// The next event, or nil if none comes within `timeoutMilliseconds`.
    func next(timeoutMilliseconds: Int64) throws(Spawn.Failure) -> Event? {
        try next(until: Clock.monotonic() + timeoutMilliseconds * 1_000_000)
    }

    /// The next event, or nil if none comes before `deadline` (monotonic clock, ns).
    func next(until deadline: Int64) throws(Spawn.Failure) -> Event? {
        while events.isEmpty {
            let left = deadline - Clock.monotonic()
            if left <= 0 { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(clamping: (left + 999_999) / 1_000_000))
            if ready < 0 {
                if errno == EINTR { continue }
                throw Spawn.Failure(description: "poll failed on pactl's output")
            }
            if ready == 0 { continue }
            // Stamped before reading: lines that came together share the instant they were seen.
            let wall = Clock.wall()
            try receive(at: wall)
        }
        return events.removeFirst()
    }

    /// The first event of `kind` on a sink input that `accept` takes, skipping the others; nil
    /// if none comes before `deadline` (monotonic clock, ns).
    func sinkInput(_ kind: String, until deadline: Int64, where accept: (Event) -> Bool) throws(Spawn.Failure) -> Event? {
        while let event = try next(until: deadline) {
            if event.facility == "sink-input" && event.kind == kind && accept(event) { return event }
        }
        return nil
    }

    /// Whose stream sink input `index` is: the process (its client's `application.process.id`)
    /// and the connection (the server's client index), or nil if the stream is gone. It asks
    /// the server with `pactl list`, so only after the event has been stamped.
    func owner(ofSinkInput index: Int) -> (process: pid_t, client: String)? {
        unlink(scratch)
        guard (try? Spawn.run(["pactl", "list", "sink-inputs"], environment: Self.environment, log: scratch)) == 0,
            let text = Proc.read(scratch)
        else { return nil }
        for block in text.split(separator: "Sink Input #") {
            guard Int(block.prefix { $0.isNumber }) == index else { continue }
            guard let start = block.firstRange(of: "application.process.id = \"")?.upperBound,
                let process = pid_t(block[start...].prefix { $0 != "\"" })
            else { return nil }
            let client = block.firstRange(of: "Client: ").map { String(block[$0.upperBound...].prefix { $0 != "\n" }) } ?? "?"
            return (process, client)
        }
        return nil
    }

    private func receive(at wall: Int64) throws(Spawn.Failure) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                inbox += chunk[0..<n]
                continue
            }
            if n == 0 { throw Spawn.Failure(description: "pactl subscribe ended (the sound server went away?)") }
            if errno == EINTR { continue }
            if errno == EAGAIN { break }
            throw Spawn.Failure(description: "reading pactl's output failed: \(String(cString: strerror(errno)))")
        }
        while let newline = inbox.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: inbox[..<newline], as: UTF8.self)
            inbox.removeSubrange(...newline)
            if let event = Self.parse(line, wall: wall) { events.append(event) }
        }
    }

    /// "Event 'new' on sink-input #12"
    static func parse(_ line: String, wall: Int64) -> Event? {
        let quoted = line.split(separator: "'", omittingEmptySubsequences: false)
        guard quoted.count == 3, quoted[0] == "Event ", quoted[2].hasPrefix(" on "),
            let hash = quoted[2].lastIndex(of: "#"), let index = Int(quoted[2][quoted[2].index(after: hash)...])
        else { return nil }
        let facility = String(quoted[2].dropFirst(4)[..<hash]).trimmingCharacters(in: " ")
        return Event(kind: String(quoted[1]), facility: facility, index: index, wall: wall)
    }
}
