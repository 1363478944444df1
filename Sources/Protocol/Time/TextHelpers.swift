// Small text helpers the time language needs; this module does not import
// Foundation, which would otherwise provide them.

/// `value` in decimal, left-padded with zeros to at least `width` digits.
func zeroPadded(_ value: Int, width: Int) -> String {
    let digits = String(value.magnitude)
    let padding = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + padding + digits
}

extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing whitespace.
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
