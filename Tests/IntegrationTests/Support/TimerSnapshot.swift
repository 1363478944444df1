import Protocol
import Testing

/// The timers a daemon holds, to check that nothing a test threw at it changed them.
///
/// Everything of each timer is compared except what moves by itself: `remaining`, and the
/// `endsAt` of a running countdown, which is worked out afresh for each `list` from the
/// monotonic clock and may move by a millisecond or so (it is compared within `tolerance`),
/// and `ringing`, which stops by itself when the ring has run its length, and when a
/// `dismiss` answers it (which changes nothing in the timer).
struct TimerSnapshot: CustomStringConvertible {
    var timers: [String: JSONValue]

    static let tolerance = 0.05

    init(_ list: [JSONValue]) {
        var timers: [String: JSONValue] = [:]
        for timer in list {
            guard let name = timer["name"]?.stringValue else { continue }
            timers[name] = timer
        }
        self.timers = timers
    }

    /// Nil when every timer of `self` is in `later` as it was, else what differs.
    func difference(from later: TimerSnapshot) -> String? {
        var problems: [String] = []
        for (name, before) in timers.sorted(by: { $0.key < $1.key }) {
            guard let after = later.timers[name] else {
                problems.append("\(TimerText.quoted(name)) is gone")
                continue
            }
            if Self.fixed(before) != Self.fixed(after) {
                problems.append("\(TimerText.quoted(name)) changed:\n  \(JSONWriter.string(before))\n  \(JSONWriter.string(after))")
            }
            let endsBefore = before["endsAt"]?.stringValue.flatMap(RFC3339.parse)
            let endsAfter = after["endsAt"]?.stringValue.flatMap(RFC3339.parse)
            if let a = endsBefore, let b = endsAfter {
                let moved = abs(Double((b - a).nanoseconds) / 1e9)
                if moved > Self.tolerance { problems.append("\(TimerText.quoted(name)) now ends \(moved) s away from before") }
            } else if (endsBefore == nil) != (endsAfter == nil) {
                problems.append("\(TimerText.quoted(name)) endsAt changed")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    private static func fixed(_ timer: JSONValue) -> JSONValue {
        guard case .object(var o) = timer else { return timer }
        o["remaining"] = nil
        o["endsAt"] = nil
        o["ringing"] = nil
        // A paused timer's remaining time does not move: keep it.
        if timer["state"] == "paused" { o["remaining"] = timer["remaining"] }
        return .object(o)
    }

    var description: String { timers.keys.sorted().joined(separator: ", ") }
}
