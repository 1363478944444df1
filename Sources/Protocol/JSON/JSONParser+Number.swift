// Numbers: the RFC 8259 grammar checked byte by byte, integers accumulated exactly,
// everything else handed to the standard library's correctly rounded conversion.

extension JSONParser.Reader {
    /// Parses the number starting at `position` (a '-' or a digit).
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var i = position
        let negative = input[i] == ASCII.minus
        if negative { i += 1 }

        // Integer part, accumulating the magnitude while it fits.
        var magnitude: UInt64 = 0
        var magnitudeOverflowed = false
        guard i < input.count, isDigit(input[i]) else { throw expectedDigit(at: i, after: "'-'") }
        if input[i] == ASCII.zero {
            i += 1
            if i < input.count && isDigit(input[i]) {
                throw JSONParseError(message: "leading zero in number at byte \(start)", offset: start)
            }
        } else {
            while i < input.count && isDigit(input[i]) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(input[i] - ASCII.zero))
                magnitude = sum
                magnitudeOverflowed = magnitudeOverflowed || o1 || o2
                i += 1
            }
        }

        var isInteger = true
        if i < input.count && input[i] == ASCII.period {
            isInteger = false
            i += 1
            guard i < input.count, isDigit(input[i]) else { throw expectedDigit(at: i, after: "'.'") }
            while i < input.count && isDigit(input[i]) { i += 1 }
        }
        if i < input.count && (input[i] == ASCII.e || input[i] == ASCII.upperE) {
            isInteger = false
            i += 1
            if i < input.count && (input[i] == ASCII.plus || input[i] == ASCII.minus) { i += 1 }
            guard i < input.count, isDigit(input[i]) else { throw expectedDigit(at: i, after: "the exponent mark") }
            while i < input.count && isDigit(input[i]) { i += 1 }
        }
        position = i

        if isInteger && !magnitudeOverflowed {
            if !negative && magnitude <= UInt64(Int64.max) {
                return .integer(Int64(magnitude))
            }
            // Int64 has no negative zero; a number keeps the sign the text wrote.
            if negative && magnitude == 0 { return .number(-0.0) }
            if negative && magnitude <= UInt64(Int64.max) + 1 {
                return .integer(Int64(bitPattern: 0 &- magnitude))
            }
        }
        // The text matched the JSON grammar, which Double's parser accepts; short texts
        // make small strings, so this allocates only for unusually long numbers.
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(message: "number out of range at byte \(start)", offset: start)
        }
        return .number(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= ASCII.zero && byte <= ASCII.nine
    }

    private func expectedDigit(at i: Int, after: String) -> JSONParseError {
        guard i < input.count else { return .unexpectedEnd(at: i, expected: "a digit after \(after)") }
        return .unexpected(input[i], at: i, expected: "a digit after \(after)")
    }
}
