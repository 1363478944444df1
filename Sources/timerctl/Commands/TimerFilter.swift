import Protocol

/// The timers a command acts on, by the daemon's rules (`TimerTable+Commands.swift`,
/// `TimerTable+Stopwatch.swift`, the `Toggle` method): the one table of them on the client's
/// side. Completion offers only these names after the command (`Completion.Operand.timer`),
/// and `watch` lists only the keys that act on the selected timer.
///
/// A filter leaves out what the daemon would refuse, not what it would accept and find
/// pointless; where it is cheap it also leaves out what would do nothing (`wait` on a timer
/// that is done).
enum TimerFilter: String, CaseIterable, Sendable {
    /// Every timer: `show`, `cancel`, `todo`, `watch`, `bar`.
    case any
    /// `pause`: running countdowns and stopwatches, and running recurring deadlines (their
    /// rule pauses); a deadline that happens once cannot pause.
    case pausable
    /// `resume`: the paused ones.
    case paused
    /// `toggle`: what it pauses, resumes or stops ringing.
    case toggleable
    /// `dismiss`: the ringing ones.
    case ringing
    /// `snooze`: those done, and a recurring deadline that rings (it runs on to its next time).
    case snoozable
    /// `skip`: running recurring deadlines (a paused one's rule is paused).
    case recurring
    /// `lap`: running stopwatches with room for another lap.
    case lappable
    /// `extend`: countdowns, and deadlines that are not paused; a stopwatch has no end to move.
    case extendable
    /// `reset`: countdowns and stopwatches; a deadline has no length to start over.
    case resettable
    /// `wait`: what will be done some day: not a stopwatch, not done already.
    case waitable

    func accepts(_ timer: TimerInfo) -> Bool {
        switch self {
        case .any: true
        case .pausable: timer.state == .running && (timer.kind != .deadline || timer.every != nil)
        case .paused: timer.state == .paused
        case .toggleable: timer.ringing || Self.paused.accepts(timer) || Self.pausable.accepts(timer)
        case .ringing: timer.ringing
        case .snoozable: timer.kind != .stopwatch && (timer.state == .done || timer.ringing)
        case .recurring: timer.every != nil && timer.state == .running
        case .lappable: timer.kind == .stopwatch && timer.state == .running && timer.laps.count < Lap.maxLaps
        case .extendable: timer.kind == .countdown || (timer.kind == .deadline && timer.state != .paused)
        case .resettable: timer.kind != .deadline
        case .waitable: timer.kind != .stopwatch && timer.state != .done
        }
    }

    /// The names among `timers` this filter accepts, in their order, then the selectors (`@next`,
    /// `@ringing`) whose timer it accepts.
    func names(_ timers: [TimerInfo]) -> [String] {
        let names = timers.filter(accepts).map(\.name)
        let selectors = TimerSelector.allCases.filter { selector in selector.choose(from: timers).map(accepts) ?? false }
        return names + selectors.map(\.rawValue)
    }
}
