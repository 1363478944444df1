import Testing

@testable import timerd

/// The account of unread output across connections: totals, when the budget is spent, who
/// counts as not reading, and the line of those waiting for room.
@Suite struct OutputBudgetTests {
    static func at(_ seconds: Double) -> Duration { .milliseconds(Int64(seconds * 1000)) }
    /// Both graces alike, where the difference is not the point.
    static let second = OutputBudget.Grace(beforeFirstRead: .seconds(1), betweenReads: .seconds(1))

    @Test func totalsAddUpAcrossConnectionsAndForgetThoseThatCloseOrEmpty() {
        var budget = OutputBudget(limit: 1_000)
        budget.update(1, holding: 100, at: Self.at(0))
        budget.update(2, holding: 200, at: Self.at(0))
        budget.update(3, holding: 300, at: Self.at(0))
        #expect(budget.total == 600)
        budget.update(1, holding: 40, at: Self.at(1))
        #expect(budget.total == 540)
        budget.update(2, holding: 0, at: Self.at(1))
        #expect(budget.total == 340)
        #expect(budget.holdings[2] == nil, "a connection that read everything holds nothing")
        budget.remove(3)
        #expect(budget.total == 40)
        #expect(Set(budget.holdings.keys) == [1])
        budget.remove(1)
        budget.remove(1)
        #expect(budget.total == 0)
        #expect(budget.holdings.isEmpty)
    }

    @Test func theBudgetIsSpentAtItsLimit() {
        var budget = OutputBudget(limit: 1_000)
        #expect(!budget.isSpent)
        #expect(budget.room == 1_000)
        budget.update(1, holding: 600, at: Self.at(0))
        budget.update(2, holding: 399, at: Self.at(0))
        #expect(!budget.isSpent)
        #expect(budget.room == 1)
        budget.update(2, holding: 400, at: Self.at(0))
        #expect(budget.isSpent)
        #expect(budget.room == 0)
        // One long reply can take it far past the limit: the room is never negative.
        budget.update(3, holding: 27_000_000, at: Self.at(0))
        #expect(budget.room == 0)
        budget.remove(3)
        budget.update(1, holding: 599, at: Self.at(1))
        #expect(!budget.isSpent)
    }

    @Test func readingIsProgressAndMoreOutputIsNot() {
        var budget = OutputBudget(limit: 1_000)
        budget.update(1, holding: 100, at: Self.at(0))
        #expect(budget.holdings[1] == OutputBudget.Holding(bytes: 100, idleSince: Self.at(0), hasRead: false))
        // More was queued (an event, another reply): it still has read nothing.
        budget.update(1, holding: 250, at: Self.at(5))
        #expect(budget.holdings[1] == OutputBudget.Holding(bytes: 250, idleSince: Self.at(0), hasRead: false))
        budget.update(1, holding: 250, at: Self.at(6))
        #expect(budget.holdings[1]?.idleSince == Self.at(0))
        // It read some.
        budget.update(1, holding: 249, at: Self.at(7))
        #expect(budget.holdings[1] == OutputBudget.Holding(bytes: 249, idleSince: Self.at(7), hasRead: true))
        budget.update(1, holding: 300, at: Self.at(8))
        #expect(budget.holdings[1] == OutputBudget.Holding(bytes: 300, idleSince: Self.at(7), hasRead: true))
        // Read it all, then given more: idle from then on, and not yet a reader of this.
        budget.update(1, holding: 0, at: Self.at(8))
        budget.update(1, holding: 10, at: Self.at(9))
        #expect(budget.holdings[1] == OutputBudget.Holding(bytes: 10, idleSince: Self.at(9), hasRead: false))
    }

    @Test func stalledAreThoseIdleForTheGraceLargestFirst() {
        var budget = OutputBudget(limit: 1_000)
        budget.update(1, holding: 100, at: Self.at(0))
        budget.update(2, holding: 300, at: Self.at(0.5))
        budget.update(3, holding: 50, at: Self.at(0.9))
        budget.update(4, holding: 300, at: Self.at(0))
        #expect(budget.stalled(at: Self.at(0.99), grace: Self.second).isEmpty)
        #expect(budget.stalled(at: Self.at(1), grace: Self.second) == [4, 1])
        #expect(budget.stalled(at: Self.at(1.5), grace: Self.second) == [2, 4, 1])
        // Reading a little is enough to count as reading.
        budget.update(2, holding: 299, at: Self.at(1.5))
        #expect(budget.stalled(at: Self.at(2), grace: Self.second) == [4, 1, 3])
    }

    @Test func aClientThatHasReadGetsTheLongerGrace() {
        let grace = OutputBudget.Grace(beforeFirstRead: .seconds(1), betweenReads: .seconds(5))
        var budget = OutputBudget(limit: 1_000)
        budget.update(1, holding: 500, at: Self.at(0))
        budget.update(2, holding: 500, at: Self.at(0))
        budget.update(2, holding: 400, at: Self.at(0.5))
        #expect(budget.stalled(at: Self.at(1), grace: grace) == [1], "it read nothing of what it was given")
        #expect(budget.nextStall(grace: grace) == Self.at(1))
        budget.remove(1)
        #expect(budget.nextStall(grace: grace) == Self.at(5.5))
        #expect(budget.stalled(at: Self.at(5.4), grace: grace).isEmpty, "a slow reader is still a reader")
        #expect(budget.stalled(at: Self.at(5.5), grace: grace) == [2])
    }

    @Test func theNextStallIsWhenTheLongestIdleReachesTheGrace() {
        var budget = OutputBudget(limit: 1_000)
        #expect(budget.nextStall(grace: Self.second) == nil)
        budget.update(1, holding: 100, at: Self.at(3))
        budget.update(2, holding: 100, at: Self.at(2))
        #expect(budget.nextStall(grace: Self.second) == Self.at(3))
        budget.update(2, holding: 50, at: Self.at(4))
        #expect(budget.nextStall(grace: Self.second) == Self.at(4))
        budget.remove(1)
        #expect(budget.nextStall(grace: Self.second) == Self.at(5))
    }

    @Test func theLineForRoomKeepsItsOrderOnceEach() {
        var budget = OutputBudget(limit: 1_000)
        budget.wait(7)
        budget.wait(3)
        budget.wait(7)
        budget.wait(5)
        #expect(budget.waiting == [7, 3, 5])
        budget.remove(3)
        #expect(budget.nextWaiting() == 7)
        #expect(budget.nextWaiting() == 5)
        #expect(budget.nextWaiting() == nil)
        // Waiting holds no bytes.
        #expect(budget.total == 0)
    }
}
