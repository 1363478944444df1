import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// A timer's own hook (`--exec`): when it runs, beside which `[hooks]` commands, through a
/// restart; and how a failed hook about a firing is told in that firing's history entry.
@Suite struct SchedulerExecTests {
    static func pass(_ h: Harness, _ length: Duration) async {
        h.clock.advance(by: length)
        await h.scheduler.wake()
    }

    static func runs(_ h: Harness) -> [String] {
        h.hooks.launches.map { "\($0.hook.event.rawValue) \($0.hook.timers.joined(separator: ",")): \($0.hook.command)" }
    }

    static func start(_ h: Harness, _ name: String, _ length: Duration, exec: String?, repeats: Repeats? = nil) async {
        let reply = await h.send(.start(name: name, spec: .countdown(length), message: nil, repeats: repeats, exec: exec))
        #expect(reply?["result"] != nil, "started: \(String(describing: reply))")
    }

    static func history(_ h: Harness) async throws -> [HistoryEntry] {
        let reply = try #require(await h.send(.history(limit: nil)))
        return try #require(reply["result"]?["entries"]?.arrayValue).map { try HistoryEntry(json: $0) }
    }

    @Test func aTimersOwnCommandRunsWhenItFiresBesideTheDoneHook() async {
        let h = Harness(hookSettings: HookSettings(commands: [.done: "echo done"]))
        await Self.start(h, "pasta", .minutes(8), exec: "playerctl pause")
        await Self.start(h, "rice", .minutes(8), exec: nil)
        #expect(h.hooks.launches.isEmpty, "nothing runs at the start")
        await Self.pass(h, .minutes(8))
        #expect(Self.runs(h) == ["done pasta: echo done", "done pasta: playerctl pause", "done rice: echo done"])
        #expect(h.hooks.launches.dropFirst().first?.fact("TIMERD_EVENT") == "done")
    }

    @Test func theCommandIsPartOfTheTimerOnTheWire() async throws {
        let h = Harness()
        await Self.start(h, "pasta", .minutes(8), exec: "printf '%s\\n' \"$TIMERD_NAME\" >> ~/done.log")
        let reply = try #require(await h.send(.get(name: "pasta")))
        let timer = try TimerInfo(json: try #require(reply["result"]?["timer"]))
        #expect(timer.exec == "printf '%s\\n' \"$TIMERD_NAME\" >> ~/done.log")
    }

    @Test func aRepeatingTimersCommandRunsAtEachStepAndAtItsEnd() async {
        let h = Harness()
        await Self.start(
            h, "focus", .minutes(25), exec: "ding", repeats: Repeats(rounds: 2, then: Repeats.Step(name: "break", length: .minutes(5))))
        for _ in 0..<4 { await Self.pass(h, .minutes(25)) }
        #expect(h.hooks.launches.map { $0.fact("TIMERD_EVENT") ?? "?" } == ["cycle", "cycle", "cycle", "done"])
    }

    @Test func aMissedTimerRunsItsOwnCommandAfterARestartWhateverMissedSays() async throws {
        let store = MemoryStore()
        do {
            let before = Harness(store: store)
            await Self.start(before, "pasta", .minutes(1), exec: "ding")
            await Self.start(before, "rice", .minutes(1), exec: nil)
        }
        #expect(store.timer(named: "pasta")?.exec == "ding")
        let after = Harness(
            store: store, at: t0.advanced(by: .hours(1)), hookSettings: HookSettings(commands: [.done: "echo done", .missed: "echo missed"]))
        _ = try await after.scheduler.start()
        #expect(Self.runs(after) == ["missed pasta,rice: echo missed", "done pasta: ding"])
        #expect(after.hooks.launches.last?.fact("TIMERD_MISSED") == "1")
    }

    @Test func aFailedHookIsToldInItsFiringsHistoryEntry() async throws {
        let h = Harness(hookSettings: HookSettings(commands: [.done: "false", .start: "false"], timeout: .hours(1)))
        await Self.start(h, "pasta", .minutes(8), exec: "exit 2")
        await Self.start(h, "rice", .minutes(9), exec: nil)
        await Self.pass(h, .minutes(8))
        await Self.pass(h, .minutes(1))
        // The starts' hooks (1, 2) failed too: a start has no history entry to tell.
        for (id, code) in [(1, 1), (2, 1), (3, 1), (4, 2), (5, 0)] as [(UInt64, Int32)] {
            await h.scheduler.hookFinished(HookExit(id: id, status: .exited(code)))
        }
        let entries = try await Self.history(h)
        #expect(entries.map(\.name) == ["rice", "pasta"])
        #expect(entries.map(\.hookFailure) == [nil, "hook exit 1, hook exit 2"])
        #expect(store(h).map(\.hookFailure) == [nil, "hook exit 1, hook exit 2"].reversed(), "and saved")
    }

    @Test func aFailureBeforeTheFiringIsSavedGoesIntoTheEntryStillToBeSaved() async throws {
        let h = Harness(saveFiringsAfter: .seconds(1), hookSettings: HookSettings(commands: [.done: "false"]))
        await Self.start(h, "pasta", .minutes(8), exec: nil)
        await Self.pass(h, .minutes(8))
        await h.scheduler.hookFinished(HookExit(id: 1, status: .signaled(9)))
        #expect(store(h).isEmpty)
        await Self.pass(h, .seconds(1))
        #expect(store(h).map(\.hookFailure) == ["hook signal 9"], "the entry was saved saying so")
    }

    @Test func aDismissedHookThatFailsIsToldInTheEntryOfTheFiringItAnswered() async throws {
        let h = Harness(settings: .timerdPlays, hookSettings: HookSettings(commands: [.dismissed: "false"]))
        await Self.start(h, "pasta", .minutes(8), exec: nil)
        await Self.pass(h, .minutes(8))
        _ = await h.send(.dismiss(name: "pasta"))
        await h.scheduler.hookFinished(HookExit(id: 1, status: .notStarted("no /bin/sh")))
        #expect(try await Self.history(h).map(\.hookFailure) == ["hook not started"])
    }

    private func store(_ h: Harness) -> [HistoryEntry] { h.store.historyEntries }
}
