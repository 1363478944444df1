import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Every event with a hook that writes its name.
private let everyHook = HookSettings(
    commands: Dictionary(uniqueKeysWithValues: HookEvent.allCases.filter { $0 != .missed }.map { ($0, "echo \($0.rawValue)") }))

/// The hooks as the scheduler runs them: which events call for which commands, with which
/// facts, after the notification; the bound and the time limit on the scheduler's clock. A
/// recording runner; real processes are `ShellHookRunnerTests` and the integration tests.
@Suite struct SchedulerHookTests {
    static func pass(_ h: Harness, _ length: Duration) async {
        h.clock.advance(by: length)
        await h.scheduler.wake()
    }

    /// Reports every hook started so far as ended (an id ended twice changes nothing).
    static func finishAll(_ h: Harness) async {
        for launch in h.hooks.launches { await h.scheduler.hookFinished(HookExit(id: launch.id, status: .exited(0))) }
    }

    static func events(_ h: Harness) -> [String] {
        h.hooks.launches.map { "\($0.hook.event.rawValue) \($0.hook.timers.joined(separator: ","))" }
    }

    @Test func withoutHooksNothingRuns() async {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        await Self.pass(h, .seconds(60))
        #expect(h.hooks.calls.isEmpty)
    }

    @Test func eachEventRunsItsHookWithItsFacts() async throws {
        let h = Harness(settings: .timerdPlays, hookSettings: everyHook)
        _ = await h.send(.start(name: "pasta", spec: .countdown(.minutes(8)), message: "salt", notify: NotifyOptions(reminders: [.minutes(1)])))
        _ = await h.send(.start(
            name: "focus", spec: .countdown(.minutes(25)), message: nil,
            repeats: Repeats(rounds: 2, then: Repeats.Step(name: "break", length: .minutes(5)))))
        await Self.finishAll(h)
        await Self.pass(h, .minutes(7))
        await Self.pass(h, .minutes(1))
        await Self.finishAll(h)
        _ = await h.send(.dismiss(name: "pasta"))
        await Self.pass(h, .minutes(17))
        #expect(Self.events(h) == ["start pasta", "start focus", "remind pasta", "done pasta", "dismissed pasta", "cycle focus"])
        guard h.hooks.launches.count == 6 else { return }
        let done = h.hooks.launches[3]
        #expect(done.hook.command == "echo done")
        #expect(done.fact("TIMERD_EVENT") == "done" && done.fact("TIMERD_NAME") == "pasta" && done.fact("TIMERD_MESSAGE") == "salt")
        #expect(done.fact("TIMERD_DUE") == RFC3339.format(t0.wall + .minutes(8)) && done.fact("TIMERD_MISSED") == "0")
        #expect(h.hooks.launches[5].fact("TIMERD_NAME") == "focus")
    }

    @Test func aHookStartsOnlyOnceTheNotificationIsHandedOver() async {
        let h = Harness(hookSettings: HookSettings(commands: [.done: "true"]))
        _ = await h.start("pasta", seconds: 60)
        await Self.pass(h, .seconds(60))
        guard case .run(_, let shownBefore)? = h.hooks.calls.first else {
            Issue.record("no hook ran")
            return
        }
        #expect(shownBefore == 1)
    }

    @Test func aFloodOfFiringsStartsOnlyTheBoundAndEachEndStartsTheNext() async {
        let h = Harness(hookSettings: HookSettings(commands: [.done: "true"]))
        for n in 0..<1000 { _ = await h.start("t\(n)", seconds: 60) }
        await Self.pass(h, .seconds(60))
        #expect(h.hooks.launches.count == HookPlan.defaultConcurrency)
        await h.scheduler.hookFinished(HookExit(id: 1, status: .exited(0)))
        await h.scheduler.hookFinished(HookExit(id: 2, status: .exited(1), errorOutput: Array("oops\n".utf8)))
        #expect(h.hooks.launches.count == HookPlan.defaultConcurrency + 2)
        #expect(h.hooks.launches.last?.fact("TIMERD_NAME") == "t5")
    }

    @Test func aHookPastItsLimitIsStoppedThenKilledAndTheSchedulerWakesForBoth() async {
        let h = Harness(hookSettings: HookSettings(commands: [.done: "sleep 1000"], timeout: .seconds(30)))
        _ = await h.start("pasta", seconds: 60)
        await Self.pass(h, .seconds(60))
        #expect(h.alarm.armings.last?.boot == h.clock.now().boot + .seconds(30), "armed for the hook's limit")
        await Self.pass(h, .seconds(29))
        #expect(h.hooks.stops.isEmpty)
        await Self.pass(h, .seconds(1))
        #expect(h.hooks.stops == [.stop(1, force: false)])
        #expect(h.alarm.armings.last?.boot == h.clock.now().boot + HookPlan.grace)
        await Self.pass(h, HookPlan.grace)
        #expect(h.hooks.stops == [.stop(1, force: false), .stop(1, force: true)])
        await h.scheduler.hookFinished(HookExit(id: 1, status: .signaled(9)))
        #expect(h.alarm.armings.last?.boot == nil, "nothing more to wake for")
    }

    @Test func timersMissedWhileTimerdWasDownRunTheirDoneHooksSayingSo() async throws {
        let store = MemoryStore()
        do {
            let before = Harness(store: store)
            _ = await before.start("pasta", seconds: 60)
            _ = await before.start("rice", seconds: 60)
        }
        let after = Harness(store: store, at: t0.advanced(by: .hours(1)), hookSettings: HookSettings(commands: [.done: "true"]))
        _ = try await after.scheduler.start()
        #expect(Self.events(after) == ["done pasta", "done rice"])
        #expect(after.hooks.launches.map { $0.fact("TIMERD_MISSED") } == ["1", "1"])
    }

    @Test func withAMissedHookTheyRunItOnceForAll() async throws {
        let store = MemoryStore()
        do {
            let before = Harness(store: store)
            _ = await before.start("pasta", seconds: 60)
            _ = await before.start("rice", seconds: 60)
        }
        let after = Harness(
            store: store, at: t0.advanced(by: .hours(1)), hookSettings: HookSettings(commands: [.done: "true", .missed: "true"]))
        _ = try await after.scheduler.start()
        #expect(Self.events(after) == ["missed pasta,rice"])
        #expect(after.hooks.launches.first?.fact("TIMERD_NAMES") == "pasta\nrice")
        #expect(after.hooks.launches.first?.fact("TIMERD_COUNT") == "2")
    }

    @Test func newHookSettingsApplyFromNowOn() async {
        let h = Harness(hookSettings: HookSettings(commands: [.done: "old"]))
        _ = await h.start("pasta", seconds: 60)
        await h.scheduler.reconfigure(.serverPlays, hooks: HookSettings(commands: [.done: "new"], timeout: .seconds(5)))
        await Self.pass(h, .seconds(60))
        #expect(h.hooks.launches.map(\.hook.command) == ["new"])
        #expect(h.alarm.armings.last?.boot == h.clock.now().boot + .seconds(5))
    }
}
