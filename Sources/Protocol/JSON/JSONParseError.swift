/// Why a text is not acceptable JSON, and where.
///
/// `message` is a whole phrase meant for a human (and for JSON-RPC "parse error" replies),
/// e.g. `unexpected character '}' at byte 17, expected a value`; `offset` is the byte
/// offset into the input at which the problem was found, for programs.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    public var description: String { message }
}

extension JSONParseError {
    static func unexpected(_ byte: UInt8, at offset: Int, expected: String) -> JSONParseError {
        JSONParseError(message: "unexpected \(describe(byte)) at byte \(offset), expected \(expected)", offset: offset)
    }

    static func unexpectedEnd(at offset: Int, expected: String) -> JSONParseError {
        JSONParseError(message: "unexpected end of input, expected \(expected)", offset: offset)
    }

    /// Printable ASCII is shown as itself; anything else by value, so a message never
    /// carries raw control characters or broken UTF-8.
    static func describe(_ byte: UInt8) -> String {
        if byte > 0x20 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte 0x\(hex(byte))"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
