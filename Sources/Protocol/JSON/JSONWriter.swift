/// Compact JSON text from `JSONValue`s, written straight into a byte buffer.
///
/// No spaces; object members in insertion order; strings escape `"`, `\` and control
/// characters (`\b \f \n \r \t`, else `\u00xx`) as RFC 8259 requires, and U+2028/U+2029
/// as `\u2028`/`\u2029` so the text is also a valid JavaScript literal; all other
/// characters are raw UTF-8. Numbers:
/// - integers exactly;
/// - integral doubles below 1e15 in magnitude without a fraction (`480.0` → `480`,
///   `-0.0` → `-0`), which the parser reads back as `.integer` (or `-0.0`);
/// - other doubles as Swift's shortest round-trip form (`0.1`, `1e-05`, `1e+20`), which is JSON;
/// - NaN and infinities, which JSON cannot express, as `null`.
public enum JSONWriter {
    /// Appends the text of `value` to `output` (existing bytes are kept).
    public static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null:
            append("null", to: &output)
        case .bool(let b):
            append(b ? "true" : "false", to: &output)
        case .integer(let i):
            writeInteger(i, into: &output)
        case .number(let d):
            writeNumber(d, into: &output)
        case .string(let s):
            writeString(s, into: &output)
        case .array(let elements):
            output.append(ASCII.openBracket)
            for (n, element) in elements.enumerated() {
                if n > 0 { output.append(ASCII.comma) }
                write(element, into: &output)
            }
            output.append(ASCII.closeBracket)
        case .object(let object):
            output.append(ASCII.openBrace)
            for (n, (key, value)) in object.enumerated() {
                if n > 0 { output.append(ASCII.comma) }
                writeString(key, into: &output)
                output.append(ASCII.colon)
                write(value, into: &output)
            }
            output.append(ASCII.closeBrace)
        }
    }

    /// The text of `value` as a string.
    public static func string(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        write(value, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func writeInteger(_ value: Int64, into output: inout [UInt8]) {
        appendZeroPadded(Int(value), width: 1, to: &output)
    }

    static func writeNumber(_ value: Double, into output: inout [UInt8]) {
        guard value.isFinite else {
            append("null", to: &output)
            return
        }
        if value == 0 && value.sign == .minus {
            append("-0", to: &output)
        } else if value.magnitude < 1e15, let integral = Int64(exactly: value) {
            writeInteger(integral, into: &output)
        } else {
            output.append(contentsOf: value.description.utf8)
        }
    }

    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(ASCII.quote)
        var text = text
        text.withUTF8 { bytes in
            // Copy runs of bytes that need no escaping in one go.
            var runStart = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte >= 0x20 && byte != ASCII.quote && byte != ASCII.backslash && byte != 0xE2 {
                    i += 1
                    continue
                }
                if byte == 0xE2 {
                    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; other E2 sequences pass.
                    guard i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] & 0xFE == 0xA8 else {
                        i += 1
                        continue
                    }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    append(bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &output)
                    i += 3
                } else {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    writeEscape(for: byte, into: &output)
                    i += 1
                }
                runStart = i
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
        }
        output.append(ASCII.quote)
    }

    /// The escape for a quote, backslash or control character.
    private static func writeEscape(for byte: UInt8, into output: inout [UInt8]) {
        switch byte {
        case ASCII.quote: append("\\\"", to: &output)
        case ASCII.backslash: append("\\\\", to: &output)
        case ASCII.newline: append("\\n", to: &output)
        case ASCII.carriageReturn: append("\\r", to: &output)
        case ASCII.tab: append("\\t", to: &output)
        case 0x08: append("\\b", to: &output)
        case 0x0C: append("\\f", to: &output)
        case let control:
            append("\\u00", to: &output)
            let hex: StaticString = "0123456789abcdef"
            output.append(hex.utf8Start[Int(control >> 4)])
            output.append(hex.utf8Start[Int(control & 0xF)])
        }
    }
}
