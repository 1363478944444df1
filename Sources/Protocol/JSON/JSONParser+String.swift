// Strings: one pass that finds the closing quote, validates UTF-8 and decodes escapes.
// Strings without escapes (nearly all on the wire) become a String straight from the input.

extension JSONParser.Reader {
    /// Parses the string whose opening quote is at `position`.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        var i = position + 1
        // Bytes from `runStart` up to `i` are plain and still to be copied.
        var runStart = i
        var hasEscapes = false
        while true {
            guard i < input.count else {
                throw JSONParseError(message: "unterminated string", offset: start)
            }
            let byte = input[i]
            if byte == ASCII.quote {
                let run = UnsafeBufferPointer(rebasing: input[runStart..<i])
                position = i + 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                scratch.append(contentsOf: run)
                return String(decoding: scratch, as: UTF8.self)
            } else if byte == ASCII.backslash {
                if !hasEscapes {
                    hasEscapes = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<i]))
                i = try decodeEscape(at: i, stringStart: start)
                runStart = i
            } else if byte < 0x20 {
                throw JSONParseError(
                    message: "unescaped control character 0x\(JSONParseError.hex(byte)) in string at byte \(i)", offset: i)
            } else if byte < 0x80 {
                i += 1
            } else {
                i = try validateUTF8Sequence(at: i)
            }
        }
    }

    /// Checks the multi-byte sequence led by the byte at `i` against the well-formed
    /// table (Unicode 15, table 3-7): no overlong forms, no surrogates, nothing above
    /// U+10FFFF. Returns the index after the sequence.
    private func validateUTF8Sequence(at i: Int) throws(JSONParseError) -> Int {
        let lead = input[i]
        let length: Int
        // The second byte's range is what excludes overlongs, surrogates and > U+10FFFF.
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw invalidUTF8(at: i)
        }
        guard i + length <= input.count, secondRange.contains(input[i + 1]) else { throw invalidUTF8(at: i) }
        for k in 2..<length where input[i + k] & 0xC0 != 0x80 {
            throw invalidUTF8(at: i)
        }
        return i + length
    }

    private func invalidUTF8(at i: Int) -> JSONParseError {
        JSONParseError(message: "invalid UTF-8 in string at byte \(i)", offset: i)
    }

    /// Appends the bytes of the escape at `i` (a backslash) to `scratch`; returns the index after it.
    private mutating func decodeEscape(at i: Int, stringStart: Int) throws(JSONParseError) -> Int {
        guard i + 1 < input.count else { throw JSONParseError(message: "unterminated string", offset: stringStart) }
        let decoded: UInt8
        switch input[i + 1] {
        case ASCII.quote: decoded = ASCII.quote
        case ASCII.backslash: decoded = ASCII.backslash
        case ASCII.slash: decoded = ASCII.slash
        case ASCII.b: decoded = 0x08
        case ASCII.f: decoded = 0x0C
        case ASCII.n: decoded = ASCII.newline
        case ASCII.r: decoded = ASCII.carriageReturn
        case ASCII.t: decoded = ASCII.tab
        case ASCII.u: return try decodeUnicodeEscape(at: i, stringStart: stringStart)
        case let byte:
            let shown = byte > 0x20 && byte < 0x7F ? "'\\\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(JSONParseError.hex(byte))"
            throw JSONParseError(message: "invalid escape \(shown) in string at byte \(i)", offset: i)
        }
        scratch.append(decoded)
        return i + 2
    }

    /// `\uXXXX` at `i`, combining a surrogate pair written as two escapes.
    private mutating func decodeUnicodeEscape(at i: Int, stringStart: Int) throws(JSONParseError) -> Int {
        let unit = try hexUnit(at: i, stringStart: stringStart)
        var end = i + 6
        let scalar: Unicode.Scalar?
        switch unit {
        case 0xD800...0xDBFF:
            guard end + 1 < input.count, input[end] == ASCII.backslash, input[end + 1] == ASCII.u else {
                throw loneSurrogate(unit, at: i)
            }
            let low = try hexUnit(at: end, stringStart: stringStart)
            guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit, at: i) }
            end += 6
            scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
        case 0xDC00...0xDFFF:
            throw loneSurrogate(unit, at: i)
        default:
            scalar = Unicode.Scalar(unit)
        }
        // Surrogates are the only code units that are not scalars, and were handled above.
        guard let scalar else { throw loneSurrogate(unit, at: i) }
        scratch.append(contentsOf: scalar.utf8)
        return end
    }

    /// The four hex digits of the `\u` escape whose backslash is at `i`.
    private func hexUnit(at i: Int, stringStart: Int) throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for k in 2..<6 {
            guard i + k < input.count else { throw JSONParseError(message: "unterminated string", offset: stringStart) }
            let byte = input[i + k]
            let digit: UInt8
            switch byte {
            case ASCII.zero...ASCII.nine: digit = byte - ASCII.zero
            case 0x41...0x46: digit = byte - 0x41 + 10 // A-F
            case 0x61...0x66: digit = byte - 0x61 + 10 // a-f
            default:
                throw JSONParseError(message: "invalid \\u escape in string at byte \(i), expected four hex digits", offset: i)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private func loneSurrogate(_ unit: UInt16, at i: Int) -> JSONParseError {
        let hex = JSONParseError.hex(UInt8(unit >> 8)) + JSONParseError.hex(UInt8(unit & 0xFF))
        return JSONParseError(message: "lone surrogate \\u\(hex) in string at byte \(i)", offset: i)
    }
}
