import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Stopwatches through the scheduler: saved before the reply, kept across a restart (two
/// harnesses sharing a store), their marks notified as reminders are and running the `remind`
/// hook, the alarm armed only for the marks.
@Suite struct SchedulerStopwatchTests {
    @Test func aStopwatchIsSavedAndAfterARestartHasCountedTheTimeBetween() async throws {
        let a = Harness()
        _ = await a.send(.stopwatch(name: "bread"))
        a.clock.advance(by: .seconds(30))
        _ = await a.send(.lap(name: "bread"))
        #expect(a.store.timer(named: "bread")?.laps == [.seconds(30)])
        #expect(a.alarm.armings.allSatisfy { $0.boot == nil }, "nothing to wake for")

        // Killed at 0:40, started again at 1:30.
        let b = Harness(store: a.store, at: t0.advanced(by: .seconds(90)))
        #expect(try await b.scheduler.start() == Scheduler.StartReport(restored: 1, missed: 0))
        let bread = try timer(await b.send(.get(name: "bread")))
        #expect(bread.elapsed == .seconds(90))
        #expect(bread.laps == [Lap(elapsed: .seconds(30), split: .seconds(30))])
        b.clock.advance(by: .seconds(15))
        let lapped = try timer(await b.send(.lap(name: "bread")))
        #expect(lapped.laps.last == Lap(elapsed: .seconds(105), split: .seconds(75)))
    }

    @Test func aPausedStopwatchKeepsItsTimeAcrossARestart() async throws {
        let a = Harness()
        _ = await a.send(.stopwatch(name: "bread"))
        a.clock.advance(by: .seconds(42))
        _ = await a.send(.pause(name: "bread"))
        let b = Harness(store: a.store, at: t0.advanced(by: .hours(5)), bootID: "boot-2")
        _ = try await b.scheduler.start()
        let bread = try timer(await b.send(.get(name: "bread")))
        #expect(bread.state == .paused && bread.elapsed == .seconds(42))
    }

    @Test func eachMarkIsNotifiedAsAReminderIsAndTheAlarmIsArmedForTheNext() async throws {
        let h = Harness(hookSettings: HookSettings(commands: [.remind: "echo remind"]))
        _ = await h.send(.stopwatch(name: "bread", notifyEvery: .minutes(25)))
        #expect(h.alarm.armings.last == RecordingAlarm.Arming(boot: t0.boot + .minutes(25), wall: nil))
        h.clock.advance(by: .minutes(25))
        await h.scheduler.wake()
        await SchedulerHookTests.finishAll(h)
        let shown = try #require(h.notifier.shown.last)
        #expect(shown.summary == "bread: 25m elapsed")
        #expect(shown.body == "Stopwatch")
        #expect(shown.urgency == .normal)
        #expect(shown.timers == ["bread"])
        #expect(h.alarm.armings.last == RecordingAlarm.Arming(boot: t0.boot + .minutes(50), wall: nil))
        let hook = try #require(h.hooks.launches.last)
        #expect(hook.fact("TIMERD_EVENT") == "remind" && hook.fact("TIMERD_KIND") == "stopwatch")
        #expect(hook.fact("TIMERD_NAME") == "bread" && hook.fact("TIMERD_DURATION") == "1500")
        #expect(hook.fact("TIMERD_DUE") == "")

        // Asleep past two marks: one notification, for the latest.
        _ = await h.send(.lap(name: "bread"))
        h.clock.advance(by: .minutes(60))
        await h.scheduler.wake()
        await SchedulerHookTests.finishAll(h)
        #expect(h.notifier.shown.map(\.summary) == ["bread: 25m elapsed", "bread: 1h15m elapsed"])
        #expect(h.notifier.shown.last?.body == "Stopwatch, 1 lap")
        #expect(h.alarm.armings.last == RecordingAlarm.Arming(boot: t0.boot + .minutes(100), wall: nil))

        _ = await h.send(.pause(name: "bread"))
        #expect(h.alarm.armings.last == RecordingAlarm.Arming(boot: nil, wall: nil), "paused: nothing to wake for")
    }

    @Test func nextChoosesACountdownBeforeAStopwatch() async throws {
        let h = Harness()
        _ = await h.send(.stopwatch(name: "bread"))
        _ = await h.start("pasta", seconds: 600)
        #expect(try timer(await h.send(.toggle(name: "@next"))).name == "pasta")
        _ = await h.send(.cancel(name: "pasta"))
        let paused = try timer(await h.send(.toggle(name: "@next")))
        #expect(paused.name == "bread" && paused.state == .paused)
    }

    @Test func refusalsCarryTheirReasons() async throws {
        let h = Harness()
        _ = await h.send(.stopwatch(name: "bread"))
        #expect(try error(await h.send(.extend(name: "bread", by: .seconds(60)))).reason == .stopwatchNoExtend)
        #expect(try error(await h.send(.snooze(name: "bread", by: nil))).reason == .stopwatchNoSnooze)
        #expect(try error(await h.send(.stopwatch(name: "bread"))).reason == .exists)
        let wrong = try error(await h.send(#"{"jsonrpc":"2.0","id":1,"method":"stopwatch","params":{"name":"x","notifyEvery":0}}"#)[0])
        #expect(wrong.code == RPCError.invalidParamsCode)
    }
}
