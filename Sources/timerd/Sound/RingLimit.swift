/// How long an unanswered alarm rings (`ring` and `ring-missed` in timerd.conf).
enum RingLimit: Hashable, Sendable {
    /// The sound once, not looped.
    case once
    /// Looped for this long.
    case lasting(Duration)
    /// Looped until the timer is answered.
    case untilAnswered

    /// The longest a ring may be set to last; past that, `until-dismissed` says what is meant.
    static let longest: Duration = .seconds(86_400)

    /// The ring that serves a ring with this limit, ending at `ending`, and a `new` one that
    /// joins it at `now`: a loop wins over once, and the loop ends at the later end.
    func joined(with new: RingLimit, now: BootInstant, ending: BootInstant?) -> (RingLimit, ends: BootInstant?) {
        switch (self, new) {
        case (.untilAnswered, _), (_, .untilAnswered): (.untilAnswered, nil)
        case (.once, .once): (.once, nil)
        case (.lasting, .once): (self, ending)
        case (.once, .lasting(let length)): (new, now + length)
        case (.lasting, .lasting(let length)): (new, max(ending ?? now, now + length))
        }
    }

    var loops: Bool { self != .once }
}
