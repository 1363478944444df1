import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// One call with an integer id.
private func call(_ id: Int64, _ request: Request) -> RPCCall {
    RPCCall(id: .integer(id), request: .success(request))
}

/// `cancel` with `"all": true`: every timer removed by one request, saved in one transaction,
/// each told to subscribers and its notification closed, as cancelling them one by one would.
@Suite struct CancelAllTests {
    // MARK: The table

    @Test func removesEveryTimerWhateverItsStateWithACancelledEventForEach() throws {
        var table = TimerTable()
        try table.startCountdown("pasta", .minutes(8), reminders: [.minutes(1)], at: t0)
        try table.startCountdown("tea", .minutes(4), at: t0)
        try table.startCountdown("egg", .minutes(1), at: t0)
        try table.startDeadline("report", at: t0.wall + .hours(2), at: t0)
        let now = t0.advanced(by: .minutes(2))
        _ = table.fireDue(at: now)
        _ = try table.pause(name: "tea", at: now)
        let before = table.list(at: now)
        #expect(before.map(\.state) == [.running, .paused, .done, .running])

        let (count, effects) = table.cancelAll(at: now)
        #expect(count == 4)
        #expect(effects == before.map { .event(.cancelled, $0) }, "each as it was, oldest first")
        #expect(table.list(at: now).isEmpty)
        #expect(table.nextWake() == (nil, nil))
        #expect(table.fireDue(at: now.advanced(by: .days(1))).isEmpty, "nothing fires or reminds afterwards")
        #expect(table.refusal { try $0.cancel(name: "pasta", at: now) } == .notFound(name: "pasta"))
        try table.startCountdown("pasta", .minutes(3), at: now)
        #expect(table.list(at: now).map(\.name) == ["pasta"], "the names are free again")
    }

    @Test func ofNothingIsNothing() {
        var table = TimerTable()
        let (count, effects) = table.cancelAll(at: t0)
        #expect(count == 0)
        #expect(effects.isEmpty)
        #expect(table.journal.isEmpty)
    }

    @Test func isJournalledSoThatAFailedSavePutsEveryTimerBack() throws {
        var table = TimerTable()
        for n: Int64 in 1...300 { try table.startCountdown("t\(n)", .minutes(n), at: t0) }
        _ = try table.pause(name: "t7", at: t0)
        _ = table.takeJournal()
        let records = table.records
        let list = table.list(at: t0)
        let wake = table.nextWake()

        _ = table.cancelAll(at: t0)
        table.rollBack(table.takeJournal(), at: t0)
        #expect(table.records == records)
        #expect(table.list(at: t0) == list)
        #expect(table.nextWake() == wake)
        #expect(names(table.fireDue(at: t0.advanced(by: .minutes(1)))) == ["t1"], "and they fire as before")
    }

    @Test func aFailedSaveOfAHundredThousandIsUndoneAsFastAsItWasDone() throws {
        var table = TimerTable()
        for n: Int64 in 1...100_000 { try table.startCountdown("t\(n)", .seconds(3_600 + n), at: t0) }
        _ = table.takeJournal()
        let clock = ContinuousClock()
        let doing = clock.measure { _ = table.cancelAll(at: t0) }
        let journal = table.takeJournal()
        let undoing = clock.measure { table.rollBack(journal, at: t0) }
        #expect(table.count == 100_000)
        #expect(try table.get("t100000", at: t0).remaining == .seconds(103_600))
        // The daemon answers no one while it undoes a change. Put back in the journal's order
        // (a hash's), each record was an insertion into the middle of the table's arrays:
        // quadratic in the timers, minutes for a million. Measured against the cancel itself,
        // so that a slow or busy machine slows both.
        #expect(undoing < doing * 4 + .milliseconds(500), "cancelling 100,000 timers took \(doing), undoing it \(undoing)")
    }

    // MARK: The scheduler

    @Test func repliesWithTheCountTellsSubscribersOfEachAndClosesTheirNotifications() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        let names = (1...50).map { "t\($0)" }
        for name in names { _ = await h.start(name, seconds: 600) }
        let eventsBefore = watcher.lines.count
        let closings = h.notifier.closed.count
        let commits = h.store.commits
        h.alarm.clear()

        let reply = await h.send(.cancelAll)
        #expect(reply?["result"] == ["cancelled": 50])
        let events = try watcher.events().dropFirst(eventsBefore).map { outgoing -> String? in
            guard case .event(.cancelled, let timer) = outgoing else { return nil }
            return timer.name
        }
        #expect(events == names, "one cancelled event per timer, oldest first")
        #expect(Array(h.notifier.closed.dropFirst(closings)) == [names], "closed together, in one call")
        #expect(h.store.timers.isEmpty)
        #expect(h.store.commits == commits + 1, "one transaction")
        #expect(h.alarm.armings == [RecordingAlarm.Arming(boot: nil, wall: nil)])
        #expect(await h.scheduler.timers().isEmpty)
    }

    @Test func inABatchItCancelsWhatCameBeforeItAndNothingAfter() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 600)
        let replies = await h.scheduler.handle([
            ClientCalls(
                client: 1, sink: RecordingSink(),
                calls: [
                    call(1, .start(name: "tea", spec: .countdown(.minutes(4)), message: nil)), call(2, .cancelAll),
                    call(3, .start(name: "egg", spec: .countdown(.minutes(6)), message: nil)),
                ])
        ])[0].values
        #expect(replies[1]?["result"] == ["cancelled": 2])
        #expect(await h.scheduler.timers().map(\.name) == ["egg"])
        #expect(h.store.timers.map(\.name) == ["egg"])
    }

    @Test func ofNoTimersRepliesZero() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        #expect(await h.send(.cancelAll)?["result"] == ["cancelled": 0])
        #expect(watcher.lines.isEmpty)
        #expect(h.notifier.closed.isEmpty)
    }

    @Test func thatCannotBeSavedIsRefusedAndCancelsNothing() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        _ = await h.start("pasta", seconds: 60)
        _ = await h.start("eggs", seconds: 600)
        let eventsBefore = watcher.lines.count
        let closings = h.notifier.closed.count
        h.store.fail(with: "the disk is full")

        let refused = try error(await h.send(.cancelAll))
        #expect(refused.code == RPCError.storageFailedCode)
        #expect(refused.message.hasPrefix("timerd could not save this change, so it was not made: the disk is full."))
        #expect(await h.scheduler.timers().map(\.name) == ["pasta", "eggs"])
        #expect(h.store.timers.map(\.name) == ["pasta", "eggs"])
        #expect(watcher.lines.count == eventsBefore, "no event for a change not made")
        #expect(h.notifier.closed.count == closings)

        // They still fire; once saving works, cancel all works.
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary) == ["pasta"])
        h.store.fail(with: nil)
        #expect(await h.send(.cancelAll)?["result"] == ["cancelled": 2])
        #expect(h.store.timers.isEmpty)
    }
}
