
@testable import timerd

/// A `TimeSource` that reads whatever the test set: nothing moves unless the test moves it.
final class ManualClock: TimeSource {
    private let moment: PthreadLock<Moment>
    private let step = PthreadLock<Duration>(.zero)

    init(_ start: Moment = .start) { moment = PthreadLock(start) }

    func now() -> Moment {
        let step = step.withLock { $0 }
        return moment.withLock { moment in
            defer { moment = moment.advanced(by: step) }
            return moment
        }
    }

    /// From now on, each reading moves both clocks on by `d` after it is read: as if the work
    /// between two readings took that long.
    func readingsTake(_ d: Duration) { step.withLock { $0 = d } }

    func set(_ new: Moment) { moment.withLock { $0 = new } }

    /// Both clocks move by `d`, as when time simply passes (or the machine sleeps).
    func advance(by d: Duration) { moment.withLock { $0 = $0.advanced(by: d) } }

    /// Only the wall clock moves: someone set the clock, or NTP stepped it.
    func jumpWall(by d: Duration) { moment.withLock { $0 = $0.wallJumped(by: d) } }
}
