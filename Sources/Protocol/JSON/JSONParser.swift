/// Strict RFC 8259 JSON parsing with limits, for text that arrives off a socket.
///
/// Accepts exactly one value with optional surrounding whitespace; rejects comments,
/// trailing commas, leading zeros, `NaN`/`Infinity`, invalid UTF-8, raw control
/// characters in strings, lone surrogate escapes, numbers beyond `Double`'s range and
/// duplicate keys. Choices the RFC leaves open:
/// - `-0` (and `-0.0`) parse as `.number(-0.0)`, so the sign survives a round trip; `0` is `.integer(0)`.
/// - Numbers too small for `Double` (`1e-400`) become `0.0`, as decimal-to-binary rounding does.
/// - `\u0000` is accepted and yields a NUL in the string.
/// - Keys are duplicates when Swift considers the strings equal (canonical equivalence).
///
/// Parsing is iterative, with its own stacks, so hostile nesting costs memory
/// proportional to `maxDepth` and never the thread's stack.
public enum JSONParser {
    /// How many arrays and objects may enclose one another by default; wire messages use a few.
    public static let defaultMaxDepth = 64

    /// Parses one JSON value from UTF-8 bytes. Contiguous collections (`[UInt8]`,
    /// `ArraySlice<UInt8>`, `UnsafeRawBufferPointer`, `String.UTF8View`) are read in place;
    /// others are copied first.
    public static func parse(
        _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth
    ) throws(JSONParseError) -> JSONValue {
        // withContiguousStorageIfAvailable rethrows untyped errors; a Result keeps the type.
        let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) in try parse(buffer: buffer, maxDepth: maxDepth) }
        }
        if let inPlace { return try inPlace.get() }
        return try parse(Array(bytes), maxDepth: maxDepth)
    }

    /// Parses one JSON value from a string's UTF-8.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(buffer: buffer, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    static func parse(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(JSONParseError) -> JSONValue {
        precondition(maxDepth >= 0, "maxDepth must not be negative")
        var reader = Reader(input: buffer, maxDepth: maxDepth)
        return try reader.parseDocument()
    }
}

extension JSONParser {
    /// The parsing machine. Finished values wait on `values` until their container closes;
    /// `containers` records where each open container's members start.
    struct Reader {
        let input: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var position = 0

        var values: [JSONValue] = []
        var keys: [String] = []
        /// Where each entry of `keys` began, to point duplicate-key errors at the culprit.
        var keyOffsets: [Int] = []
        var containers: [Container] = []
        /// Decoded bytes of the current string when it has escapes; reused to avoid allocating.
        var scratch: [UInt8] = []

        struct Container {
            let isObject: Bool
            let firstValue: Int
            let firstKey: Int
        }

        init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.input = input
            self.maxDepth = maxDepth
        }

        mutating func parseDocument() throws(JSONParseError) -> JSONValue {
            skipWhitespace()
            guard position < input.count else {
                throw JSONParseError(message: "no JSON value in input", offset: position)
            }
            value: while true {
                skipWhitespace()
                guard position < input.count else { throw .unexpectedEnd(at: position, expected: "a value") }
                switch input[position] {
                case ASCII.openBrace:
                    try open(isObject: true)
                    skipWhitespace()
                    if position < input.count && input[position] == ASCII.closeBrace {
                        position += 1
                        try close()
                    } else {
                        try parseKeyAndColon()
                        continue value
                    }
                case ASCII.openBracket:
                    try open(isObject: false)
                    skipWhitespace()
                    if position < input.count && input[position] == ASCII.closeBracket {
                        position += 1
                        try close()
                    } else {
                        continue value
                    }
                case ASCII.quote:
                    values.append(.string(try parseString()))
                case ASCII.t:
                    try expectLiteral("true")
                    values.append(.bool(true))
                case ASCII.f:
                    try expectLiteral("false")
                    values.append(.bool(false))
                case ASCII.n:
                    try expectLiteral("null")
                    values.append(.null)
                case ASCII.minus, ASCII.zero...ASCII.nine:
                    values.append(try parseNumber())
                case let byte:
                    throw .unexpected(byte, at: position, expected: "a value")
                }

                // A value is complete: close every container it completes, then either
                // go on to the next member or finish the document.
                while true {
                    skipWhitespace()
                    guard let container = containers.last else {
                        guard position == input.count else {
                            throw .unexpected(input[position], at: position, expected: "end of input after the value")
                        }
                        return values.removeLast()
                    }
                    let closer = container.isObject ? ASCII.closeBrace : ASCII.closeBracket
                    let expected = container.isObject ? "',' or '}'" : "',' or ']'"
                    guard position < input.count else { throw .unexpectedEnd(at: position, expected: expected) }
                    let byte = input[position]
                    if byte == ASCII.comma {
                        position += 1
                        if container.isObject {
                            skipWhitespace()
                            try parseKeyAndColon()
                        }
                        continue value
                    }
                    guard byte == closer else { throw .unexpected(byte, at: position, expected: expected) }
                    position += 1
                    try close()
                }
            }
        }

        /// Consumes the opening bracket or brace at `position`.
        private mutating func open(isObject: Bool) throws(JSONParseError) {
            guard containers.count < maxDepth else {
                let levels = maxDepth == 1 ? "level" : "levels"
                throw JSONParseError(message: "nesting deeper than \(maxDepth) \(levels)", offset: position)
            }
            containers.append(Container(isObject: isObject, firstValue: values.count, firstKey: keys.count))
            position += 1
        }

        /// Turns the innermost container's members into one value.
        private mutating func close() throws(JSONParseError) {
            let container = containers.removeLast()
            let members = Array(values[container.firstValue...])
            values.removeSubrange(container.firstValue...)
            guard container.isObject else {
                values.append(.array(members))
                return
            }
            let names = Array(keys[container.firstKey...])
            do {
                values.append(.object(try JSONObject(keys: names, values: members)))
            } catch {
                let offset = keyOffsets[container.firstKey + error.position]
                throw JSONParseError(message: "duplicate key \(Self.quoted(names[error.position])) at byte \(offset)", offset: offset)
            }
            keys.removeSubrange(container.firstKey...)
            keyOffsets.removeSubrange(container.firstKey...)
        }

        /// A key for a message: JSON-escaped so nothing invisible hides in it, and shortened
        /// so a hostile key cannot blow up the error reply.
        private static func quoted(_ key: String) -> String {
            let limit = 40
            let shown = key.count > limit ? String(key.prefix(limit)) + "…" : key
            return JSONWriter.string(.string(shown))
        }

        private mutating func parseKeyAndColon() throws(JSONParseError) {
            guard position < input.count else { throw .unexpectedEnd(at: position, expected: "a string key") }
            guard input[position] == ASCII.quote else {
                throw .unexpected(input[position], at: position, expected: "a string key")
            }
            keyOffsets.append(position)
            keys.append(try parseString())
            skipWhitespace()
            guard position < input.count else { throw .unexpectedEnd(at: position, expected: "':'") }
            guard input[position] == ASCII.colon else { throw .unexpected(input[position], at: position, expected: "':'") }
            position += 1
        }

        private mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
            let expected = "'\(word)'"
            for i in 0..<word.utf8CodeUnitCount {
                let offset = position + i
                guard offset < input.count else { throw .unexpectedEnd(at: offset, expected: expected) }
                guard input[offset] == word.utf8Start[i] else {
                    throw .unexpected(input[offset], at: offset, expected: expected)
                }
            }
            position += word.utf8CodeUnitCount
        }

        mutating func skipWhitespace() {
            while position < input.count {
                switch input[position] {
                case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn: position += 1
                default: return
                }
            }
        }
    }
}
