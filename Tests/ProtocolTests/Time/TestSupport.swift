import Protocol

// Readable constructors for test tables. They trap on malformed literals, which
// are mistakes in the tests themselves.

/// A timestamp from RFC 3339 text, for tables that read like the instants they name.
func instant(_ text: String) -> Timestamp {
    guard let t = RFC3339.parse(text) else { fatalError("bad test timestamp \(text)") }
    return t
}

/// A date from `YYYY-MM-DD`.
func date(_ text: String) -> CivilDate {
    let parts = text.split(separator: "-").map { Int($0)! }
    return CivilDate(year: parts[0], month: parts[1], day: parts[2])
}

/// A local time from `YYYY-MM-DD hh:mm:ss`.
func localDateTime(_ text: String) -> LocalDateTime {
    let halves = text.split(separator: " ")
    let time = halves[1].split(separator: ":").map { Int($0)! }
    return LocalDateTime(date: date(String(halves[0])), hour: time[0], minute: time[1], second: time[2])
}
