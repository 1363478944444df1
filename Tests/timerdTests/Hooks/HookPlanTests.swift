import Testing

@testable import timerd

private let t0 = Moment.start.boot

private func hook(_ name: String, _ event: HookEvent = .done) -> Hook {
    Hook(event: event, command: "notify", facts: ["TIMERD_NAME=\(name)"], timers: [name])
}

@Suite struct HookPlanTests {
    @Test func hooksStartUpToTheBoundAndTheRestWait() {
        var plan = HookPlan(concurrency: 2, timeout: .seconds(60))
        let outcome = plan.submit([hook("a"), hook("b"), hook("c")], at: t0)
        #expect(outcome.start.map(\.hook.timers) == [["a"], ["b"]])
        #expect(outcome.start.map(\.id) == [1, 2])
        #expect(plan.running.count == 2 && plan.waitingCount == 1)
    }

    @Test func aReapedHookGivesItsSlotToTheFirstWaiting() {
        var plan = HookPlan(concurrency: 1, timeout: .seconds(60))
        _ = plan.submit([hook("a"), hook("b"), hook("c")], at: t0)
        let (ended, next) = plan.finished(1, at: t0 + .seconds(2))
        #expect(ended?.hook.timers == ["a"] && ended?.stopped == false)
        #expect(next.start == [HookPlan.Launch(id: 2, hook: hook("b"))])
        // Its limit runs from when it started, not from when it was submitted.
        #expect(plan.nextStop == t0 + .seconds(62))
        // An id it does not know (reaped twice) changes nothing.
        let (unknown, nothing) = plan.finished(1, at: t0 + .seconds(3))
        #expect(unknown == nil && nothing.isEmpty && plan.running.count == 1)
    }

    @Test func aHookPastItsLimitIsStoppedThenKilledAndKeepsItsSlotUntilReaped() {
        var plan = HookPlan(concurrency: 1, timeout: .seconds(60))
        _ = plan.submit([hook("slow"), hook("next")], at: t0)
        #expect(plan.nextStop == t0 + .seconds(60))
        #expect(plan.expire(at: t0 + .seconds(59)).isEmpty)
        #expect(plan.expire(at: t0 + .seconds(60)) == HookPlan.Outcome(stop: [1]))
        // Asked once: the next thing to do is the kill, after the grace.
        #expect(plan.expire(at: t0 + .seconds(61)).isEmpty)
        #expect(plan.nextStop == t0 + .seconds(60) + HookPlan.grace)
        #expect(plan.expire(at: t0 + .seconds(60) + HookPlan.grace) == HookPlan.Outcome(kill: [1]))
        #expect(plan.nextStop == nil)
        // Killed but not yet reaped: still running, so the next hook still waits.
        #expect(plan.running.count == 1 && plan.waitingCount == 1)
        let (ended, next) = plan.finished(1, at: t0 + .seconds(66))
        #expect(ended?.stopped == true && ended?.killed == true)
        #expect(next.start.map(\.id) == [2])
    }

    @Test func aHookLateEnoughIsKilledAtOnce() {
        // A machine that slept through both instants: the kill, not a second chance.
        var plan = HookPlan(concurrency: 1, timeout: .seconds(60))
        _ = plan.submit([hook("slow")], at: t0)
        #expect(plan.expire(at: t0 + .seconds(3600)) == HookPlan.Outcome(kill: [1]))
    }

    @Test func aFloodOf10000FiringsStartsOnlyTheBound() {
        var plan = HookPlan(concurrency: 4, timeout: .seconds(60))
        var started = 0
        for n in 0..<10_000 { started += plan.submit([hook("t\(n)")], at: t0).start.count }
        #expect(started == 4 && plan.running.count == 4 && plan.waitingCount == 9_996)
        // Reaped one by one, they all run in the order they came, never more than four at once.
        var order: [String] = []
        var now = t0
        while let id = plan.running.keys.min() {
            now = now + .milliseconds(10)
            let (ended, next) = plan.finished(id, at: now)
            order += ended!.hook.timers
            #expect(next.start.count <= 1 && plan.running.count <= 4)
        }
        #expect(order == (0..<10_000).map { "t\($0)" })
        #expect(plan.waitingCount == 0)
    }

    @Test func beyondTheQueuesLimitHooksAreDroppedAndCounted() {
        var plan = HookPlan(concurrency: 1, timeout: .seconds(60))
        let outcome = plan.submit((0..<(HookPlan.maxWaiting + 11)).map { hook("t\($0)") }, at: t0)
        #expect(outcome.start.count == 1 && outcome.dropped == 10)
        #expect(plan.waitingCount == HookPlan.maxWaiting)
    }
}
