import Glibc
import Protocol
import Testing

/// `timerctl bar --follow` as a bar runs it: its output a pipe the test reads, each line timed
/// as it arrives (on the test's side), its input a pipe the test writes clicks to.
final class FollowedBar {
    let child: Child
    private var output: Int32
    private let input: Int32
    private var framer = LineFramer(maxLineLength: 1 << 20)
    let errors: String

    /// `timerctl --socket SOCKET bar --follow ARGUMENTS`.
    init(socket: String, _ arguments: [String], in directory: String, environment: [String: String]? = nil) throws {
        let (outPipe, inPipe) = (directory + "/bar.out", directory + "/bar.in")
        mkfifo(outPipe, 0o600)
        mkfifo(inPipe, 0o600)
        // Both ends opened here first, so that the child's opens do not wait for a peer.
        output = open(outPipe, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        input = open(inPipe, O_RDWR | O_CLOEXEC)
        errors = directory + "/bar.err"
        child = try Child(
            Programs.timerctl, ["--socket", socket, "bar", "--follow"] + arguments, environment: environment,
            stdin: inPipe, stdout: outPipe, stderr: errors)
    }

    /// The next line and when it arrived; nil if none came within `limit`.
    func next(within limit: Duration = .seconds(5)) -> (line: String, at: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + limit
        while true {
            if let line = try? framer.nextLine() { return (String(decoding: line, as: UTF8.self), .now) }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var entry = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(output, &buffer, buffer.count)
            if n > 0 { framer.append(contentsOf: buffer[..<n]) }
        }
    }

    /// Lines until one satisfies `wanted`: that one, or nil if it did not come within `limit`.
    func line(within limit: Duration = .seconds(5), where wanted: (String) -> Bool) -> (line: String, at: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + limit
        while let next = next(within: deadline - ContinuousClock.now) {
            if wanted(next.line) { return next }
        }
        return nil
    }

    /// What a bar writes when it is clicked (i3blocks: a JSON object a line).
    func click(_ json: String) {
        var bytes = Array((json + "\n").utf8)
        _ = write(input, &bytes, bytes.count)
    }

    /// Closes the reading end, as a bar that quits does.
    func closeOutput() {
        close(output)
        output = -1
    }

    deinit {
        if output >= 0 { close(output) }
        close(input)
    }
}
