// Small text helpers the time language needs; this module does not import
// Foundation, which would otherwise provide them.

/// `value` in decimal, left-padded with zeros to at least `width` digits.
public func zeroPadded(_ value: Int, width: Int) -> String {
    let digits = String(value.magnitude)
    let padding = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + padding + digits
}

/// Appends what `zeroPadded(value, width:)` returns, as bytes.
func appendZeroPadded(_ value: Int, width: Int, to output: inout [UInt8]) {
    if value < 0 { output.append(ASCII.minus) }
    var magnitude = value.magnitude
    // 20 digits hold UInt.max; digits come out last first, so fill from the end.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = ASCII.zero + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        for _ in 0..<max(0, width - (digits.count - start)) { output.append(ASCII.zero) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing whitespace.
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
