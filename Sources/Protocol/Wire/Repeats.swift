/// A countdown that runs more than once: `rounds` rounds, each of its own length and then,
/// with `then`, a second step (a pomodoro: focus 25m, then break 5m, 4 rounds).
public struct Repeats: Sendable, Equatable {
    /// One step of a round.
    public struct Step: Sendable, Equatable {
        public var name: String
        public var length: Duration
        public init(name: String, length: Duration) {
            self.name = name
            self.length = length
        }
    }

    public var rounds: Int
    public var then: Step?

    public init(rounds: Int, then: Step? = nil) {
        self.rounds = rounds
        self.then = then
    }

    public static let maxRounds = 100
}

/// Where a repeating timer is: round 2 of 4, in its "break" step.
public struct Cycle: Sendable, Equatable {
    public var round: Int
    public var rounds: Int
    /// The name of the step running now (the timer's own name, or the `then` step's).
    public var step: String

    public init(round: Int, rounds: Int, step: String) {
        self.round = round
        self.rounds = rounds
        self.step = step
    }
}
