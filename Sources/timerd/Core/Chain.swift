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
    /// When its first step began (the start, or the last reset): "started 16:30" in the
    /// notification at its end. Nil for a chain saved by a timerd that did not keep it.
    var began: Timestamp?
    /// Every step has run, and the timer runs again past them (snoozed, or extended once
    /// done): what ends then is that run, not the chain.
    var spent = false

    /// The plan for a timer named `name` of `length` that begins at `began`, or nil when it
    /// runs just once.
    init?(name: String, length: Duration, repeats: Repeats?, began: Timestamp) {
        guard let repeats, repeats.rounds > 1 || repeats.then != nil else { return nil }
        steps = [Repeats.Step(name: name, length: length)] + (repeats.then.map { [$0] } ?? [])
        rounds = repeats.rounds
        self.began = began
    }

    init(steps: [Repeats.Step], rounds: Int, round: Int, step: Int, began: Timestamp? = nil, spent: Bool = false) {
        self.steps = steps
        self.rounds = rounds
        self.round = round
        self.step = step
        self.began = began
        self.spent = spent
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

    /// Back to the first step of the first round, beginning at `now`.
    func restarted(at now: Timestamp) -> Chain {
        var chain = self
        chain.round = 1
        chain.step = 0
        chain.began = now
        chain.spent = false
        return chain
    }

    var cycle: Cycle { Cycle(round: round, rounds: rounds, step: current.name) }
}
