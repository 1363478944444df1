import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// An `EventSink` that notes, as each event arrives, which timers the store holds: proof
/// that nothing is announced before it is saved.
private final class StoreWatchingSink: EventSink {
    let store: MemoryStore
    private let seen = PthreadLock<[[String]]>([])

    init(_ store: MemoryStore) { self.store = store }

    func deliver(_ line: [UInt8]) {
        let names = store.timers.map(\.name)
        seen.withLock { $0.append(names) }
    }

    /// For each event so far, the names the store held when it arrived.
    var storeAtEachEvent: [[String]] { seen.withLock { $0 } }
}

/// One call with an integer id.
private func call(_ id: Int64, _ request: Request) -> RPCCall {
    RPCCall(id: .integer(id), request: .success(request))
}

/// The `timers` of a `list` reply.
private func listed(_ reply: JSONValue?) throws -> [TimerInfo] {
    try #require(reply?["result"]?["timers"]?.arrayValue).map { json throws(RPCError) in try TimerInfo(json: json) }
}

@Suite struct SchedulerPersistenceTests {
    // MARK: Saving before replying

    @Test func eachChangeIsSavedBeforeItsReplyOrEventGoesOut() async throws {
        let h = Harness()
        let watcher = StoreWatchingSink(h.store)
        _ = await h.send(.subscribe, sink: watcher)
        #expect(h.store.commits == 0)

        _ = await h.start("pasta", seconds: 10)
        #expect(h.store.commits == 1)
        #expect(
            h.store.timers == [
                PersistedTimer(
                    id: 1, name: "pasta", kind: .countdown, state: .running, length: .seconds(10), total: .seconds(10),
                    endWall: t0.wall + .seconds(10), endBoot: t0.boot + .seconds(10), bootID: Harness.bootID,
                    remaining: nil, firedAt: nil, createdAt: t0.wall, startedAt: t0.wall, message: nil)
            ])

        h.clock.advance(by: .seconds(2))
        _ = await h.send(.pause(name: "pasta"))
        #expect(h.store.commits == 2)
        #expect(h.store.timer(named: "pasta")?.state == .paused)
        #expect(h.store.timer(named: "pasta")?.remaining == .seconds(8))

        h.clock.advance(by: .seconds(1))
        _ = await h.send(.resume(name: "pasta"))
        #expect(h.store.commits == 3)
        #expect(h.store.timer(named: "pasta")?.endBoot == t0.boot + .seconds(11))

        _ = await h.send(.extend(name: "pasta", by: .seconds(5)))
        #expect(h.store.commits == 4)
        #expect(h.store.timer(named: "pasta")?.endBoot == t0.boot + .seconds(16))
        #expect(h.store.timer(named: "pasta")?.total == .seconds(15))

        _ = await h.send(.reset(name: "pasta"))
        #expect(h.store.commits == 5)
        #expect(h.store.timer(named: "pasta")?.endWall == t0.wall + .seconds(13))

        let report = t0.wall + .hours(2)
        _ = await h.send(.start(name: "report", spec: .deadline(report), message: "Send it"))
        #expect(h.store.commits == 6)
        #expect(h.store.timer(named: "report")?.endWall == report)
        #expect(h.store.timer(named: "report")?.endBoot == nil)
        #expect(h.store.timer(named: "report")?.message == "Send it")

        _ = await h.send(.cancel(name: "pasta"))
        #expect(h.store.commits == 7)
        #expect(h.store.timers.map(\.name) == ["report"])

        #expect(
            watcher.storeAtEachEvent == [
                ["pasta"], ["pasta"], ["pasta"], ["pasta"], ["pasta"], ["pasta", "report"], ["report"],
            ])
    }

    @Test func readsAndRefusalsCommitNothing() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 10)
        #expect(h.store.commits == 1)
        _ = await h.send(.list)
        _ = await h.send(.get(name: "pasta"))
        _ = await h.send(.get(name: "nope"))
        _ = await h.send(.ping)
        _ = await h.send(.subscribe)
        _ = await h.send(.history(limit: nil))
        #expect(try error(await h.send(.resume(name: "pasta"))).code == RPCError.wrongStateCode)
        #expect(try error(await h.start("pasta", seconds: 5)).code == RPCError.alreadyExistsCode)
        #expect(try error(await h.start("tea", seconds: 0)).code == RPCError.invalidParamsCode)
        await h.scheduler.wake()
        #expect(h.store.commits == 1)
    }

    @Test func requestsArrivingTogetherFromManyClientsAreOneCommit() async throws {
        let h = Harness()
        let batch = (1...5).map { client in
            ClientCalls(
                client: ClientID(client), sink: RecordingSink(),
                calls: (1...40).map { i in
                    call(Int64(i), .start(name: "c\(client)-\(i)", spec: .countdown(.seconds(Int64(60 + i))), message: nil))
                })
        }
        let replies = await h.scheduler.handle(batch).map(\.values)
        #expect(replies.map(\.count) == [40, 40, 40, 40, 40])
        #expect(replies.joined().allSatisfy { $0?["result"]?["timer"] != nil })
        #expect(h.store.commits == 1)
        #expect(h.store.timers.count == 200)
        #expect(Set(h.store.timers.map(\.name)).count == 200)
    }

    // MARK: Restarting

    @Test func aRestartInTheSameBootKeepsTheEnd() async throws {
        // A running 10 s timer killed at 2 s and restarted at 4 s fires at 10 s.
        let a = Harness()
        _ = await a.start("pasta", seconds: 10)

        let b = Harness(store: a.store, at: t0.advanced(by: .seconds(4)))
        #expect(try await b.scheduler.start() == Scheduler.StartReport(restored: 1, missed: 0))
        #expect(await b.scheduler.timers().map(\.remaining) == [.seconds(6)])
        #expect(b.alarm.armings == [RecordingAlarm.Arming(boot: t0.boot + .seconds(10), wall: nil)])

        b.clock.advance(by: .seconds(6))
        await b.scheduler.wake()
        #expect(b.notifier.shown.map(\.summary) == ["pasta"])
        #expect(b.store.timer(named: "pasta")?.state == .done)
        #expect(b.store.timer(named: "pasta")?.firedAt == t0.wall + .seconds(10))
    }

    @Test func aRestartInTheSameBootIgnoresAWallClockSetMeanwhile() async throws {
        let a = Harness()
        _ = await a.start("pasta", seconds: 10)

        let b = Harness(store: a.store, at: t0.advanced(by: .seconds(4)).wallJumped(by: .hours(-1)))
        _ = try await b.scheduler.start()
        #expect(await b.scheduler.timers().map(\.remaining) == [.seconds(6)])
        #expect(b.alarm.armings.last == RecordingAlarm.Arming(boot: t0.boot + .seconds(10), wall: nil))
    }

    @Test func aRestartInAnotherBootGoesByTheWallClock() async throws {
        let a = Harness()
        _ = await a.start("pasta", seconds: 10)

        // Rebooted: the boot clock restarted and reads 5 s; the wall clock 4 s after the start.
        let now = Moment(boot: BootInstant(nanoseconds: 5_000_000_000), wall: t0.wall + .seconds(4))
        let b = Harness(store: a.store, at: now, bootID: "boot-2")
        #expect(try await b.scheduler.start() == Scheduler.StartReport(restored: 1, missed: 0))
        let pasta = try #require(await b.scheduler.timers().first)
        #expect(pasta.remaining == .seconds(6))
        #expect(pasta.endsAt == t0.wall + .seconds(10))
        #expect(b.alarm.armings == [RecordingAlarm.Arming(boot: now.boot + .seconds(6), wall: nil)])

        b.clock.advance(by: .seconds(6))
        await b.scheduler.wake()
        #expect(b.notifier.shown.map(\.summary) == ["pasta"])
        #expect(b.store.timer(named: "pasta")?.firedAt == t0.wall + .seconds(10))
    }

    @Test func aSecondRestartInTheNewBootUsesTheNewBootClock() async throws {
        let a = Harness()
        _ = await a.start("pasta", seconds: 60)

        // Rebooted; restored by the wall clock, 10 s after the start.
        let rebooted = Moment(boot: BootInstant(nanoseconds: 5_000_000_000), wall: t0.wall + .seconds(10))
        let b = Harness(store: a.store, at: rebooted, bootID: "boot-2")
        _ = try await b.scheduler.start()
        #expect(b.store.timer(named: "pasta")?.bootID == "boot-2")
        #expect(b.store.timer(named: "pasta")?.endBoot == rebooted.boot + .seconds(50))

        // Killed again, and while it is not running the clock is set back an hour.
        let c = Harness(store: a.store, at: rebooted.advanced(by: .seconds(20)).wallJumped(by: .hours(-1)), bootID: "boot-2")
        _ = try await c.scheduler.start()
        #expect(await c.scheduler.timers().map(\.remaining) == [.seconds(30)])
    }

    @Test func timersDueWhileTheDaemonWasNotRunningFireAtStartInOneNotification() async throws {
        let a = Harness()
        _ = await a.start("pasta", seconds: 20 * 60)
        _ = await a.send(.start(name: "eggs", spec: .deadline(t0.wall + .minutes(29)), message: "Cold water"))
        _ = await a.start("rice", seconds: 60 * 60)

        let b = Harness(store: a.store, at: t0.advanced(by: .minutes(32)))
        #expect(try await b.scheduler.start() == Scheduler.StartReport(restored: 3, missed: 2))
        #expect(
            b.notifier.shown.map { [$0.summary, $0.body] } == [
                ["2 timers finished while timerd was not running", "pasta (12 min ago)\neggs (3 min ago): Cold water"]
            ])
        #expect(b.alarm.armings == [RecordingAlarm.Arming(boot: t0.boot + .hours(1), wall: nil)])

        let history = try #require(await b.send(.history(limit: nil))?["result"]?["entries"]?.arrayValue)
        let entries = try history.map { json throws(RPCError) in try HistoryEntry(json: json) }
        #expect(entries.map(\.name) == ["eggs", "pasta"])
        #expect(entries.map(\.dueAt) == [t0.wall + .minutes(29), t0.wall + .minutes(20)])
        #expect(entries.allSatisfy { $0.missed && $0.firedAt == t0.wall + .minutes(32) })

        let timers = try listed(await b.send(.list))
        #expect(timers.map(\.name) == ["pasta", "eggs", "rice"])
        #expect(timers.map(\.state) == [.done, .done, .running])
        #expect(timers.map(\.missed) == [true, true, false])
        #expect(b.store.timers.map(\.state) == [.done, .done, .running])

        // A third start finds them done, not due: nothing fires again.
        let c = Harness(store: a.store, at: t0.advanced(by: .minutes(33)))
        #expect(try await c.scheduler.start() == Scheduler.StartReport(restored: 3, missed: 0))
        #expect(c.notifier.shown.isEmpty)
    }

    // MARK: Suspend and clock changes

    @Test func afterSuspendEverythingDueFiresAtOnceInOneNotification() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 10 * 60)
        _ = await h.start("eggs", seconds: 30 * 60)
        _ = await h.start("rice", seconds: 2 * 60 * 60)
        _ = await h.send(.start(name: "report", spec: .deadline(t0.wall + .hours(3)), message: nil))
        h.alarm.clear()

        h.clock.advance(by: .hours(1))  // asleep: both clocks move
        await h.scheduler.wake()
        #expect(
            h.notifier.shown.map { [$0.summary, $0.body] } == [["2 timers finished while the computer was asleep", "pasta (50 min ago)\neggs (30 min ago)"]])
        let timers = await h.scheduler.timers()
        #expect(timers.map(\.state) == [.done, .done, .running, .running])
        #expect(timers.map(\.remaining) == [.zero, .zero, .hours(1), .hours(2)])
        #expect(h.alarm.armings == [RecordingAlarm.Arming(boot: t0.boot + .hours(2), wall: t0.wall + .hours(3))])
        #expect(h.store.timers.map(\.state) == [.done, .done, .running, .running])
        #expect(h.store.historyEntries.map(\.name) == ["pasta", "eggs"])
    }

    @Test func aWallClockStepPastADeadlineFiresIt() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 10 * 60)
        _ = await h.send(.start(name: "report", spec: .deadline(t0.wall + .hours(1)), message: nil))
        h.alarm.clear()

        h.clock.jumpWall(by: .hours(2))
        await h.scheduler.wake(clockChanged: true)
        #expect(h.notifier.shown.count == 1)
        #expect(h.notifier.shown.first?.summary == "report finished when the clock was set forward")
        let timers = await h.scheduler.timers()
        #expect(timers.map(\.state) == [.running, .done])
        #expect(timers.first?.remaining == .minutes(10), "a countdown does not move with the wall clock")
        #expect(h.alarm.armings == [RecordingAlarm.Arming(boot: t0.boot + .minutes(10), wall: nil)])
        #expect(h.store.timer(named: "report")?.state == .done)
    }

    @Test func aWallClockStepBackNeverFiresADeadlineEarly() async throws {
        let h = Harness()
        let report = t0.wall + .hours(1)
        _ = await h.send(.start(name: "report", spec: .deadline(report), message: nil))
        h.alarm.clear()

        h.clock.jumpWall(by: .minutes(-30))
        await h.scheduler.wake(clockChanged: true)
        #expect(h.alarm.armings == [RecordingAlarm.Arming(boot: nil, wall: report)])
        #expect(await h.scheduler.timers().map(\.remaining) == [.minutes(90)])

        h.clock.advance(by: .hours(1))  // an hour passes: the wall clock reads report - 30 min
        await h.scheduler.wake()
        #expect(h.notifier.shown.isEmpty)
        h.clock.advance(by: .minutes(30))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary) == ["report"])
    }

    @Test func aClockChangeReSavesRunningCountdownsWithTheirNewWallEnd() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 10 * 60)
        _ = await h.start("rice", seconds: 5 * 60)
        _ = await h.send(.pause(name: "rice"))
        _ = await h.send(.start(name: "report", spec: .deadline(t0.wall + .hours(1)), message: nil))
        let before = h.store.timers
        let commits = h.store.commits

        h.clock.jumpWall(by: .minutes(30))
        await h.scheduler.wake(clockChanged: true)
        #expect(h.store.commits == commits + 1)
        let pasta = try #require(h.store.timer(named: "pasta"))
        #expect(pasta.endWall == t0.wall + .minutes(40))
        #expect(pasta.endBoot == t0.boot + .minutes(10))
        #expect(h.store.timer(named: "rice") == before[1])
        #expect(h.store.timer(named: "report") == before[2])

        await h.scheduler.wake(clockChanged: false)
        #expect(h.store.commits == commits + 1)
    }

    // MARK: When saving fails

    @Test func aChangeThatCannotBeSavedIsRefusedAndUndoneWhileHeldTimersKeepFiring() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        _ = await h.start("pasta", seconds: 60)
        _ = await h.start("eggs", seconds: 600)
        let saved = h.store.timers
        let commits = h.store.commits
        h.alarm.clear()
        h.store.fail(with: "the disk is full")

        let refused = try error(await h.start("tea", seconds: 30))
        #expect(refused.code == RPCError.storageFailedCode)
        #expect(refused.code == -32005)
        #expect(refused.message.contains("the disk is full"))
        #expect(refused.message.contains("not made"))
        #expect(
            refused.message == "timerd could not save this change, so it was not made: the disk is full. "
                + "Timers already set keep running; try again once the disk has room.")
        #expect(try listed(await h.send(.list)).map(\.name) == ["pasta", "eggs"])
        #expect(h.alarm.armings.isEmpty, "the refused start must not arm the alarm")

        #expect(try error(await h.send(.cancel(name: "pasta"))).code == RPCError.storageFailedCode)
        #expect(try error(await h.send(.pause(name: "eggs"))).code == RPCError.storageFailedCode)
        let timers = try listed(await h.send(.list))
        #expect(timers.map(\.name) == ["pasta", "eggs"])
        #expect(timers.map(\.state) == [.running, .running])
        #expect(try timer(await h.send(.get(name: "pasta"))).remaining == .seconds(60))
        #expect(await h.send(.ping)?["result"] != nil)

        // In one batch the read is answered, the change refused.
        let replies = await h.scheduler.handle([
            ClientCalls(
                client: 1, sink: RecordingSink(),
                calls: [call(1, .get(name: "eggs")), call(2, .extend(name: "eggs", by: .minutes(1)))])
        ])[0].values
        #expect(try timer(replies[0]).remaining == .seconds(600))
        #expect(try error(replies[1]).code == RPCError.storageFailedCode)

        // The held timer still fires, notifies and tells subscribers.
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary) == ["pasta"])
        #expect(try watcher.events().count == 3)  // started, started, fired
        #expect(h.alarm.armings == [RecordingAlarm.Arming(boot: t0.boot + .seconds(600), wall: nil)])
        #expect(h.store.timers == saved)
        #expect(h.store.commits == commits)

        // Saving works again: the next commit carries the firing and its history entry.
        h.store.fail(with: nil)
        _ = await h.start("tea", seconds: 30)
        #expect(h.store.commits == commits + 1)
        #expect(h.store.timers.map(\.name) == ["pasta", "eggs", "tea"])
        #expect(h.store.timer(named: "pasta")?.state == .done)
        #expect(h.store.timer(named: "pasta")?.firedAt == t0.wall + .seconds(60))
        #expect(h.store.historyEntries.map(\.name) == ["pasta"])
    }

    @Test func aFiringSavedLaterIsSavedByTheNextWake() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        h.store.fail(with: "the disk is full")
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        #expect(h.store.timer(named: "pasta")?.state == .running)

        h.store.fail(with: nil)
        await h.scheduler.wake()
        #expect(h.store.timer(named: "pasta")?.state == .done)
        #expect(h.store.historyEntries.map(\.name) == ["pasta"])
    }

    // MARK: History

    @Test func historyIsNewestFirstAndRespectsTheLimit() async throws {
        let h = Harness()
        for (name, seconds) in [("pasta", 60), ("eggs", 120), ("rice", 180)] as [(String, Int64)] {
            _ = await h.start(name, seconds: seconds)
        }
        for _ in 1...3 {
            h.clock.advance(by: .seconds(60))
            await h.scheduler.wake()
        }
        func history(_ limit: Int?) async throws -> [HistoryEntry] {
            let reply = await h.send(.history(limit: limit))
            return try #require(reply?["result"]?["entries"]?.arrayValue).map { json throws(RPCError) in
                try HistoryEntry(json: json)
            }
        }
        let all = try await history(nil)
        #expect(all.map(\.name) == ["rice", "eggs", "pasta"])
        #expect(all.map(\.dueAt) == [t0.wall + .seconds(180), t0.wall + .seconds(120), t0.wall + .seconds(60)])
        #expect(all.map(\.duration) == [.seconds(180), .seconds(120), .seconds(60)])
        #expect(all.allSatisfy { !$0.missed })
        #expect(try await history(2).map(\.name) == ["rice", "eggs"])
        #expect(try await history(1).map(\.name) == ["rice"])
    }
}
