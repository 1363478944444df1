/// A cursor over ASCII bytes for the small hand-written grammars of the time
/// language (RFC 3339, durations, deadlines). Working on bytes keeps the
/// parsers free of Foundation and of `Character`'s Unicode subtleties.
struct ByteScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ text: some StringProtocol) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { isAtEnd ? nil : bytes[index] }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Consumes the next byte if it is one of `choices`, returning it.
    mutating func consume(oneOf choices: [UInt8]) -> UInt8? {
        guard let byte = peek, choices.contains(byte) else { return nil }
        index += 1
        return byte
    }

    /// Consumes `word` (ASCII, lower case) if the text continues with it, ignoring case.
    mutating func consume(word: String) -> Bool {
        let letters = Array(word.utf8)
        guard bytes.count - index >= letters.count else { return false }
        for (offset, letter) in letters.enumerated() where ByteScanner.lowercased(bytes[index + offset]) != letter {
            return false
        }
        index += letters.count
        return true
    }

    /// Consumes a run of decimal digits, returning them (empty if none).
    mutating func digits() -> ArraySlice<UInt8> {
        let start = index
        while let byte = peek, ByteScanner.isDigit(byte) { index += 1 }
        return bytes[start..<index]
    }

    /// Consumes exactly `count` digits and returns their value, or consumes nothing and returns nil.
    mutating func number(digits count: Int) -> Int? {
        guard bytes.count - index >= count else { return nil }
        let run = bytes[index..<index + count]
        guard run.allSatisfy(ByteScanner.isDigit) else { return nil }
        index += count
        return ByteScanner.value(of: run)
    }

    /// Consumes a run of ASCII letters and returns it in lower case (empty if none).
    mutating func letters() -> String {
        let start = index
        while let byte = peek, ByteScanner.isLetter(byte) { index += 1 }
        return String(decoding: bytes[start..<index].map(ByteScanner.lowercased), as: UTF8.self)
    }

    /// Skips spaces and tabs, returning whether there were any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while let byte = peek, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
        return index > start
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The value of a run of digits, saturating at `Int.max` rather than overflowing:
    /// callers compare against limits far below it.
    static func value(of digits: some Collection<UInt8>) -> Int {
        var value = 0
        for digit in digits {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return Int.max }
            value = sum
        }
        return value
    }
}
