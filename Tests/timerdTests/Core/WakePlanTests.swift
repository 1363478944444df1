import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

@Suite struct WakePlanTests {
    @Test func theFirstPlanArmsTheAlarmEvenForNothing() {
        var plan = WakePlan()
        #expect(plan.update(timers: (nil, nil), summary: nil, save: nil) == WakePlan.Instants())
        #expect(plan.update(timers: (nil, nil), summary: nil, save: nil) == nil)
    }

    @Test func theAlarmIsArmedAgainOnlyWhenTheInstantsChangeOrWhenForced() {
        var plan = WakePlan()
        let due = (boot: Optional(t0.boot + .seconds(60)), wall: Optional(t0.wall + .hours(1)))
        #expect(plan.update(timers: due, summary: nil, save: nil) == WakePlan.Instants(boot: due.boot, wall: due.wall))
        #expect(plan.update(timers: due, summary: nil, save: nil) == nil)
        #expect(plan.update(timers: due, summary: nil, save: nil, force: true) == WakePlan.Instants(boot: due.boot, wall: due.wall))
        #expect(plan.update(timers: (due.boot, nil), summary: nil, save: nil) == WakePlan.Instants(boot: due.boot))
    }

    @Test func theEarliestOfTimerSummaryAndSaveIsArmedButASaveIsNoFiring() {
        var plan = WakePlan()
        let armed = plan.update(
            timers: (t0.boot + .seconds(60), nil), summary: t0.boot + .seconds(1), save: t0.boot + .milliseconds(10))
        #expect(armed == WakePlan.Instants(boot: t0.boot + .milliseconds(10)))
        #expect(plan.nextFiring == WakePlan.Instants(boot: t0.boot + .seconds(1)))
        #expect(!plan.isDue(at: t0.advanced(by: .milliseconds(10))), "the save is not something firing")
        #expect(plan.isDue(at: t0.advanced(by: .seconds(1))))
        _ = plan.update(timers: (nil, nil), summary: t0.boot + .seconds(1), save: nil)
        #expect(plan.nextFiring == WakePlan.Instants(boot: t0.boot + .seconds(1)))
    }

    @Test func aFiringIsDueByEitherClock() {
        var plan = WakePlan()
        _ = plan.update(timers: (t0.boot + .seconds(60), t0.wall + .seconds(30)), summary: nil, save: nil)
        #expect(!plan.isDue(at: t0.advanced(by: .seconds(29))))
        #expect(plan.isDue(at: t0.wallJumped(by: .seconds(30))), "the wall clock was set past the deadline")
        #expect(plan.isDue(at: t0.bootAdvanced(by: .seconds(60))))
    }

    @Test func itIsQuietWhenNothingFiresWithinFiftyMilliseconds() {
        var plan = WakePlan()
        #expect(plan.isQuiet(at: t0), "nothing is due at all")
        _ = plan.update(timers: (t0.boot + WakePlan.quietBefore, nil), summary: nil, save: t0.boot)
        #expect(plan.isQuiet(at: t0), "due just at the end of the quiet time; a save does not count")
        #expect(!plan.isQuiet(at: t0.advanced(by: .milliseconds(1))))
        _ = plan.update(timers: (nil, t0.wall + .milliseconds(10)), summary: nil, save: nil)
        #expect(!plan.isQuiet(at: t0))
    }
}
