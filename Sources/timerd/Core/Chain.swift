import Protocol

/// A repeating countdown's plan and where it is in it: `rounds` rounds of `steps` (the timer
/// itself first, then its `then` step if any).
struct Chain: Equatable, Sendable {
    var steps: [Repeats.Step]
    var rounds: Int
    /// 1-based.
    var round = 1
    /// 0-based index into `steps`.
    var step = 0

    /// The plan for a timer named `name` of `length`, or nil when it runs just once.
    init?(name: String, length: Duration, repeats: Repeats?) {
        guard let repeats, repeats.rounds > 1 || repeats.then != nil else { return nil }
        steps = [Repeats.Step(name: name, length: length)] + (repeats.then.map { [$0] } ?? [])
        rounds = repeats.rounds
    }

    init(steps: [Repeats.Step], rounds: Int, round: Int, step: Int) {
        self.steps = steps
        self.rounds = rounds
        self.round = round
        self.step = step
    }

    var current: Repeats.Step { steps[step] }

    /// The position after this step, or nil when this was the last step of the last round.
    var next: Chain? {
        var next = self
        if step + 1 < steps.count {
            next.step += 1
        } else if round < rounds {
            next.round += 1
            next.step = 0
        } else {
            return nil
        }
        return next
    }

    /// Back to the first step of the first round.
    var restarted: Chain {
        var chain = self
        chain.round = 1
        chain.step = 0
        return chain
    }

    var cycle: Cycle { Cycle(round: round, rounds: rounds, step: current.name) }
}
