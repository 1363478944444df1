/// Order statistics of a sample, nearest-rank.
struct Sample {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }

    var count: Int { sorted.count }
    var isEmpty: Bool { sorted.isEmpty }
    var min: Double { sorted.first ?? .nan }
    var max: Double { sorted.last ?? .nan }
    var median: Double { percentile(50) }
    var mean: Double { sorted.isEmpty ? .nan : sorted.reduce(0, +) / Double(sorted.count) }

    /// The smallest value with at least `p` percent of the sample at or below it.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}

/// Fixed-point text for figures (`fixed(1.23456, 2)` is "1.23").
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "n/a" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
    if digits > 0 {
        let fraction = String(Int(scaled) - whole * Int(scale))
        text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return text
}

/// "12,345": thousands separated, as the report prints counts.
func grouped(_ value: Int) -> String {
    let digits = String(abs(value))
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (value < 0 ? "-" : "") + out
}
