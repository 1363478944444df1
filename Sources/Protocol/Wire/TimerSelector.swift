/// A name that stands for a timer chosen by its state rather than by what it is called, so
/// that a status bar's click or a key binding can act without knowing any name: wherever a
/// method takes the name of an existing timer, `@next` and `@ringing` may stand for it, and
/// timerd acts on the timer they choose at that moment. New timers may not take a name
/// beginning with `@`.
public enum TimerSelector: String, Sendable, Equatable, CaseIterable {
    /// The timer a glance shows first (`glanceOrder`): the one ringing, else the one with the
    /// least time left.
    case next = "@next"
    /// The timer ringing, the latest to fire when several are.
    case ringing = "@ringing"

    /// The selector `name` spells, or nil for a plain name.
    public init?(name: String) {
        guard name.first == "@" else { return nil }
        self.init(rawValue: name)
    }

    /// The timer it chooses among `timers` (their `ringing` set), or nil when none fits.
    public func choose(from timers: [TimerInfo]) -> TimerInfo? {
        let ordered = Self.glanceOrder(timers)
        switch self {
        case .next: return ordered.first
        case .ringing: return ordered.first { $0.ringing }
        }
    }

    /// The timers in the order someone glancing at them wants them, as `timerctl bar` shows
    /// them: ringing first (the latest to fire first), then running and paused countdowns and
    /// deadlines by the time they have left (least first: a timer paused from a bar's click
    /// stays where it was, for the next click to resume it), then stopwatches (the latest
    /// started first: they have no time left to compare), then done (latest first); names
    /// break ties.
    public static func glanceOrder(_ timers: [TimerInfo]) -> [TimerInfo] {
        timers.sorted { a, b in
            let (ra, rb) = (rank(a), rank(b))
            if ra != rb { return ra < rb }
            switch ra {
            case 0, 2, 3:
                let (fa, fb) = (a.firedAt ?? a.createdAt, b.firedAt ?? b.createdAt)
                if fa != fb { return fa > fb }
            default:
                if a.remaining != b.remaining { return a.remaining < b.remaining }
            }
            return a.name < b.name
        }
    }

    private static func rank(_ timer: TimerInfo) -> Int {
        if timer.ringing { return 0 }
        switch timer.state {
        case .running, .paused: return timer.kind == .stopwatch ? 2 : 1
        case .done: return 3
        }
    }

    /// Why nothing fits, in the protocol's words.
    public var nothingChosen: String {
        switch self {
        case .next: "There are no timers, so @next stands for none; method `start` starts one."
        case .ringing: "No timer is ringing, so @ringing stands for none."
        }
    }
}
