import Protocol

/// The keys of `timerctl watch` that act on the selected timer: what each asks the daemon,
/// which timers it acts on (the daemon's rules, `TimerFilter`), and how the footer and the
/// hints name it, so that a hint names the key the footer shows.
///
/// (`d` dismisses too, as space does once a timer is done; the help names it, the footer
/// does not: it has no room for two keys that do the same.)
enum WatchKey: CaseIterable, Sendable {
    /// Pauses or resumes; answers a timer that is done (stops its ring).
    case space
    case lap
    case reset
    case addMinute

    /// The key as the footer and the hints name it.
    var name: String {
        switch self {
        case .space: "space"
        case .lap: "l"
        case .reset: "r"
        case .addMinute: "+"
        }
    }

    var byte: UInt8 {
        switch self {
        case .space: UInt8(ascii: " ")
        case .lap: UInt8(ascii: "l")
        case .reset: UInt8(ascii: "r")
        case .addMinute: UInt8(ascii: "+")
        }
    }

    /// What the footer says it does to `timer`.
    func label(for timer: TimerInfo) -> String {
        switch self {
        case .space: timer.state == .done ? "dismiss" : "pause/resume"
        case .lap: "lap"
        case .reset: "reset"
        case .addMinute: "1 min"
        }
    }

    /// Whether the daemon does what it asks for `timer` at `now` (else it is left out of the
    /// footer; pressed anyway, it asks, and the refusal says which key does what is wanted).
    func acts(on timer: TimerInfo, at now: Timestamp) -> Bool {
        switch self {
        case .space: timer.state == .done || TimerFilter.pausable.accepts(timer) || TimerFilter.paused.accepts(timer)
        case .lap: TimerFilter.lappable.accepts(timer)
        case .reset: TimerFilter.resettable.accepts(timer)
        case .addMinute:
            // A deadline moves from when it was due: one due more than a minute ago stays past.
            TimerFilter.extendable.accepts(timer)
                && !(timer.kind == .deadline && timer.state == .done && timer.endsAt.map { $0 + .seconds(60) <= now } ?? false)
        }
    }

    /// What it asks the daemon for `timer`.
    func request(for timer: TimerInfo) -> Request {
        switch self {
        case .space:
            switch timer.state {
            case .paused: .resume(name: timer.name)
            case .running: .pause(name: timer.name)
            case .done: .dismiss(name: timer.name)
            }
        case .lap: .lap(name: timer.name)
        case .reset: .reset(name: timer.name)
        case .addMinute: .extend(name: timer.name, by: .seconds(60))
        }
    }

    /// The bottom line: the keys that act on `selected` at `now`, then selecting and quitting.
    static func footer(for selected: TimerInfo?, at now: Timestamp, unicode: Bool) -> String {
        let keys = selected.map { timer in
            allCases.filter { $0.acts(on: timer, at: now) }.map { "\($0.name) \($0.label(for: timer))" }
        }
        return ((keys ?? []) + [unicode ? "↑↓ select" : "up/down select", "q quit"]).joined(separator: unicode ? " · " : " | ")
    }
}
