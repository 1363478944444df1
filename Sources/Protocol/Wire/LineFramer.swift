/// Splits a byte stream into `\n`-terminated lines, with a bound on line length.
///
/// The transport appends whatever it read and then calls `nextLine()` until it returns
/// nil; it knows nothing of sockets, so it is tested by feeding bytes. Lines come back
/// without the `\n` and without one `\r` before it. Empty lines come back as empty arrays:
/// whether they matter is the caller's business (the JSON-RPC server skips them).
///
/// Memory stays bounded as long as the caller drains with `nextLine()` after every
/// `append`: a partial line longer than `maxLineLength` throws before its newline
/// arrives, so the buffer holds at most about `maxLineLength` plus one appended chunk.
public struct LineFramer: Sendable {
    /// The longest line accepted, in bytes, not counting the `\n` or a `\r` before it.
    public let maxLineLength: Int

    private var buffer: [UInt8] = []
    /// Where the first line not yet returned starts; bytes before it are consumed.
    private var lineStart = 0
    /// How far the search for the next `\n` has got, so a long line that arrives in
    /// many chunks is scanned once in all rather than once per chunk.
    private var searchedUpTo = 0

    public init(maxLineLength: Int = 65_536) {
        precondition(maxLineLength >= 0, "maxLineLength must not be negative")
        self.maxLineLength = maxLineLength
    }

    /// Bytes appended and not yet returned as lines.
    public var bufferedByteCount: Int { buffer.count - lineStart }

    /// Bytes held, consumed ones included; tests check that compaction keeps it bounded.
    var storedByteCount: Int { buffer.count }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete line, or nil when the buffered bytes hold no `\n` yet.
    /// Throws `lineTooLong` when the line, finished or not, is already over the limit;
    /// the stream cannot be resynchronised then and the caller should drop the connection.
    public mutating func nextLine() throws(LineFramerError) -> [UInt8]? {
        let newline = buffer.withUnsafeBufferPointer { bytes -> Int? in
            var i = searchedUpTo
            while i < bytes.count {
                if bytes[i] == ASCII.newline { return i }
                i += 1
            }
            return nil
        }
        guard let newline else {
            searchedUpTo = buffer.count
            // A line is over the limit only if it stays over once its terminator is known;
            // a final `\r` may yet turn out to be part of `\r\n`.
            var length = buffer.count - lineStart
            if buffer.last == ASCII.carriageReturn { length -= 1 }
            guard length <= maxLineLength else { throw .lineTooLong(limit: maxLineLength) }
            return nil
        }
        var end = newline
        if end > lineStart && buffer[end - 1] == ASCII.carriageReturn { end -= 1 }
        guard end - lineStart <= maxLineLength else { throw .lineTooLong(limit: maxLineLength) }
        let line = Array(buffer[lineStart..<end])
        lineStart = newline + 1
        searchedUpTo = lineStart
        return line
    }

    /// Drops consumed bytes before more arrive. Everything consumed: just empty the
    /// buffer (keeping its capacity). Otherwise move the partial line to the front only
    /// when it is no longer than what was consumed, so each byte is moved O(1) times.
    private mutating func compact() {
        guard lineStart > 0 else { return }
        if lineStart == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if lineStart >= buffer.count - lineStart {
            buffer.removeSubrange(..<lineStart)
        } else {
            return
        }
        searchedUpTo -= lineStart
        lineStart = 0
    }
}

/// Why `LineFramer` gave up on a stream.
public enum LineFramerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line exceeded `limit` bytes (before or after its newline arrived).
    case lineTooLong(limit: Int)

    public var description: String {
        switch self {
        case .lineTooLong(let limit): "line longer than \(limit) bytes"
        }
    }
}
