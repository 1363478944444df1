import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start
private typealias Arming = RecordingAlarm.Arming

private func call(_ id: Int64, _ request: Request) -> RPCCall {
    RPCCall(id: .integer(id), request: .success(request))
}

/// When a firing happens and when it is saved, measured against the work around it: a timer
/// never waits for a long batch of requests, and the save of a firing does not compete with
/// its notification.
@Suite struct SchedulerFiringTimeTests {
    // MARK: A long batch

    /// Ten `get`s in one batch, each taking 1 ms, with the timer due after the third.
    private static func longBatch(_ h: Harness, then extra: [RPCCall] = []) async -> [JSONValue?] {
        let calls = (1...10).map { call(Int64($0), .get(name: "pasta")) } + extra
        return await h.scheduler.handle([ClientCalls(client: 1, sink: RecordingSink(), calls: calls)])[0].values
    }

    @Test func aTimerDueInTheMiddleOfALongBatchFiresBetweenTwoOfItsCalls() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        h.clock.advance(by: .seconds(60) - .milliseconds(3))
        h.clock.readingsTake(.milliseconds(1))
        let replies = await Self.longBatch(h)
        let states = try replies.map { try timer($0).state }
        // Read at 0 (the batch's start), then before each call: due at the fourth reading.
        #expect(states == Array(repeating: .running, count: 2) + Array(repeating: .done, count: 8))
        #expect(h.notifier.shown.map(\.summary) == ["pasta"])
        let fired = try #require(try timer(replies[9]).firedAt)
        #expect(fired == t0.wall + .seconds(60), "fired at its due instant, not at the end of the batch")
        #expect(h.store.timer(named: "pasta")?.state == .done, "saved with the batch")
    }

    @Test func aBatchWhoseSaveFailsIsUndoneButATimerThatFiredInItStaysFired() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        h.clock.advance(by: .seconds(60) - .milliseconds(3))
        h.clock.readingsTake(.milliseconds(1))
        h.store.fail(with: "the disk is full")
        let replies = await Self.longBatch(h, then: [call(11, .start(name: "tea", spec: .countdown(.seconds(30)), message: nil))])
        #expect(try error(replies[10]).code == RPCError.storageFailedCode)
        #expect(h.notifier.shown.map(\.summary) == ["pasta"])
        h.clock.readingsTake(.zero)
        let held = await h.scheduler.timers()
        #expect(held.map(\.name) == ["pasta"], "the refused start is undone")
        #expect(held.first?.state == .done, "the firing is not")

        // Once saving works, the firing is saved with the next change.
        h.store.fail(with: nil)
        _ = await h.start("eggs", seconds: 30)
        #expect(h.store.timer(named: "pasta")?.state == .done)
        #expect(h.store.historyEntries.map(\.name) == ["pasta"])
    }

    @Test func aBatchWithNothingDueReadsTheClockButFiresNothing() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        h.clock.readingsTake(.milliseconds(1))
        let states = try await Self.longBatch(h).map { try timer($0).state }
        #expect(states == Array(repeating: .running, count: 10))
        #expect(h.notifier.shown.isEmpty)
    }

    // MARK: Leaving the CPU to a notification

    @Test func afterShowingAFiringTheSchedulerWaitsForItsNotificationOnce() async {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        let before = h.headStart.given.count
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary) == ["pasta"])
        #expect(Array(h.headStart.given.dropFirst(before)) == [1], "one wait, with the notification already handed over")
    }

    @Test func aTimerDueInTheMiddleOfABatchIsWaitedForBeforeTheBatchGoesOn() async {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        h.clock.advance(by: .seconds(60) - .milliseconds(3))
        h.clock.readingsTake(.milliseconds(1))
        let before = h.headStart.given.count
        _ = await Self.longBatch(h)
        // The batch's start (nothing shown yet), then the firing between its third and fourth call.
        #expect(Array(h.headStart.given.dropFirst(before)) == [0, 1])
    }

    // MARK: Housekeeping at quiet moments

    @Test func theStoreKeepsHouseOnlyWhenNothingIsDueWithin50Milliseconds() async {
        let h = Harness()
        _ = await h.start("pasta", seconds: 60)
        let quiet = h.store.maintenances
        #expect(quiet > 0, "nothing due for a minute: housekeeping after the batch")
        h.clock.advance(by: .seconds(60) - .milliseconds(20))
        _ = await h.start("tea", seconds: 600)
        #expect(h.store.maintenances == quiet, "pasta is due in 20 ms: no housekeeping in its way")
        h.clock.advance(by: .milliseconds(20))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary) == ["pasta"])
        #expect(h.store.maintenances == quiet + 1, "after the firing, tea is 10 minutes away")
    }

    // MARK: Saving a firing a moment later

    /// A harness whose firings are saved 10 ms later, in which `pasta` (60 s) has just fired;
    /// and the store's commits before it fired.
    private static func pastaJustFired() async -> (Harness, commits: Int) {
        let h = Harness(saveFiringsAfter: .milliseconds(10))
        _ = await h.start("pasta", seconds: 60)
        let commits = h.store.commits
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        return (h, commits)
    }

    @Test func aFiringIsSavedAMomentAfterItsNotification() async throws {
        let (h, commits) = await Self.pastaJustFired()
        #expect(h.notifier.shown.map(\.summary) == ["pasta"])
        #expect(h.store.commits == commits, "nothing written while the notification is on its way")
        #expect(h.alarm.armings.last == Arming(boot: t0.boot + .seconds(60) + .milliseconds(10), wall: nil))

        h.clock.advance(by: .milliseconds(10))
        await h.scheduler.wake()
        #expect(h.store.commits == commits + 1)
        #expect(h.store.timer(named: "pasta")?.state == .done)
        #expect(h.store.historyEntries.map(\.name) == ["pasta"])
        #expect(h.alarm.armings.last == Arming(boot: nil, wall: nil), "nothing more to wake for")
    }

    @Test func aRequestInTheMomentSavesTheFiringWithItsOwnChange() async throws {
        let (h, commits) = await Self.pastaJustFired()
        h.clock.advance(by: .milliseconds(2))
        _ = await h.start("tea", seconds: 30)
        #expect(h.store.commits == commits + 1, "one transaction")
        #expect(h.store.timer(named: "pasta")?.state == .done)
        #expect(h.store.timers.map(\.name) == ["pasta", "tea"])
        #expect(h.alarm.armings.last == Arming(boot: t0.boot + .seconds(60) + .milliseconds(2) + .seconds(30), wall: nil))
    }

    @Test func aFiringNotSavedYetIsInTheHistoryNewestFirst() async throws {
        let h = Harness(saveFiringsAfter: .milliseconds(10))
        _ = await h.start("pasta", seconds: 60)
        _ = await h.start("eggs", seconds: 61)
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        h.clock.advance(by: .milliseconds(10))
        await h.scheduler.wake()  // pasta saved
        h.clock.advance(by: .seconds(1))
        await h.scheduler.wake()  // eggs fired, its save 10 ms away
        #expect(h.store.historyEntries.map(\.name) == ["pasta"])
        let all = try #require(await h.send(.history(limit: nil))?["result"]?["entries"]?.arrayValue)
        #expect(all.map { $0["name"] } == ["eggs", "pasta"])
        let newest = try #require(await h.send(.history(limit: 1))?["result"]?["entries"]?.arrayValue)
        #expect(newest.map { $0["name"] } == ["eggs"])
    }

    @Test func firingsInQuickSuccessionAreSavedTogetherNotPostponedForEver() async throws {
        let h = Harness(saveFiringsAfter: .milliseconds(10))
        for i in 0..<5 { _ = await h.start("t\(i)", seconds: 60 + Int64(i)) }
        let commits = h.store.commits
        // A wake every 6 ms, firing nothing after the first: the save stays 10 ms after it.
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        h.clock.advance(by: .milliseconds(6))
        await h.scheduler.wake()
        #expect(h.store.commits == commits)
        h.clock.advance(by: .milliseconds(4))
        await h.scheduler.wake()
        #expect(h.store.commits == commits + 1)
        #expect(h.store.timers.map(\.state) == [.done, .running, .running, .running, .running])
    }
}
