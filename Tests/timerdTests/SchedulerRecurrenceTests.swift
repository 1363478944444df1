import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start  // Friday 27 November 2026, 18:34 UTC

/// Recurring deadlines in the scheduler, on the injected clock: each firing is a firing (a
/// notification, a history entry, events), and the deadline runs on at once to its next
/// occurrence; skip, pause and resume, snooze, missed occurrences, checklists and restarts.
@Suite struct SchedulerRecurrenceTests {
    static func pass(_ h: Harness, _ length: Duration) async {
        h.clock.advance(by: length)
        await h.scheduler.wake()
    }

    static func start(
        _ h: Harness, _ name: String, at: Timestamp, every: Recurrence, remind: [Duration]? = nil, sink: RecordingSink = RecordingSink()
    ) async -> JSONValue? {
        await h.send(
            .start(name: name, spec: .deadline(at), message: nil, notify: NotifyOptions(reminders: remind), every: every), sink: sink)
    }

    static func timer(_ h: Harness, _ name: String) async throws -> TimerInfo {
        let reply = try #require(await h.send(.get(name: name)))
        return try TimerInfo(json: try #require(reply["result"]?["timer"], "\(reply)"))
    }

    static func history(_ h: Harness) async throws -> [HistoryEntry] {
        let reply = try #require(await h.send(.history(limit: nil)))
        return try #require(reply["result"]?["entries"]?.arrayValue).map { try HistoryEntry(json: $0) }
    }

    static let twoHours = Recurrence(.interval(.seconds(7200)), at: nil)
    static let weekdaysAt0955 = Recurrence(.weekdays(Recurrence.mondayToFriday), at: TimeOfDay(hour: 9, minute: 55))

    @Test func eachOccurrenceFiresAndItRunsOnAtOnceToTheNext() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        _ = await Self.start(h, "water", at: t0.wall + .hours(1), every: Self.twoHours)
        await Self.pass(h, .hours(1))
        await Self.pass(h, .hours(2))
        let water = try await Self.timer(h, "water")
        #expect(water.state == .running && water.every == Self.twoHours)
        #expect(water.endsAt == t0.wall + .hours(5))
        #expect(h.notifier.shown.map(\.summary) == ["water", "water"])
        #expect(try await Self.history(h).map(\.dueAt) == [t0.wall + .hours(3), t0.wall + .hours(1)])
        let events = try watcher.events().compactMap { outgoing -> String? in
            guard case .event(let event, let timer) = outgoing else { return nil }
            return "\(event.rawValue) \(timer.state.rawValue)"
        }
        #expect(events == ["started running", "fired done", "advanced running", "fired done", "advanced running"])
    }

    @Test func aWeekdayRuleStartsOnItsDayAndPassesOverTheWeekend() async throws {
        let h = Harness()
        // Set on Friday evening for 09:55: Monday's comes first.
        let reply = await Self.start(h, "standup", at: instant("2026-11-28T09:55:00Z"), every: Self.weekdaysAt0955)
        let standup = try TimerInfo(json: try #require(reply?["result"]?["timer"]))
        #expect(standup.endsAt == instant("2026-11-30T09:55:00Z"))
        h.clock.set(Moment(boot: t0.boot + (instant("2026-11-30T09:55:00Z") - t0.wall), wall: instant("2026-11-30T09:55:00Z")))
        await h.scheduler.wake()
        #expect(try await Self.timer(h, "standup").endsAt == instant("2026-12-01T09:55:00Z"))
    }

    @Test func aWeekAwayGivesOneMissedFiringAndTheRuleGoesOnFromNow() async throws {
        let store = MemoryStore()
        do {
            let before = Harness(store: store)
            _ = await Self.start(before, "standup", at: instant("2026-11-30T09:55:00Z"), every: Self.weekdaysAt0955)
        }
        // Back on Monday 7 December at noon: five occurrences came and went.
        let back = instant("2026-12-07T12:00:00Z")
        let after = Harness(store: store, at: Moment(boot: t0.boot + .hours(1), wall: back), bootID: "boot-2")
        _ = try await after.scheduler.start()
        #expect(after.notifier.shown.count == 1)
        let entries = try await Self.history(after)
        #expect(entries.count == 1 && entries.first?.missed == true && entries.first?.dueAt == instant("2026-11-30T09:55:00Z"))
        #expect(try await Self.timer(after, "standup").endsAt == instant("2026-12-08T09:55:00Z"))
    }

    @Test func skipPassesOverTheNextOccurrenceOnly() async throws {
        let h = Harness()
        _ = await Self.start(h, "water", at: t0.wall + .hours(1), every: Self.twoHours)
        let skipped = try TimerInfo(json: try #require(await h.send(.skip(name: "water"))?["result"]?["timer"]))
        #expect(skipped.endsAt == t0.wall + .hours(3))
        await Self.pass(h, .hours(1))
        #expect(h.notifier.shown.isEmpty, "the skipped occurrence does not fire")
        await Self.pass(h, .hours(2))
        #expect(h.notifier.shown.count == 1)
        _ = await h.start("tea", seconds: 60)
        let refusal = try #require(await h.send(.skip(name: "tea"))?["error"]?["message"]?.stringValue)
        #expect(refusal == "\"tea\" happens once, so there is no next time to skip; cancel it, or extend it to move it.")
    }

    @Test func pauseStopsTheRuleThroughARestartAndResumeStartsItFromNow() async throws {
        let store = MemoryStore()
        do {
            let before = Harness(store: store)
            _ = await Self.start(before, "water", at: t0.wall + .hours(1), every: Self.twoHours)
            _ = await before.send(.pause(name: "water"))
            let refusal = await before.send(.extend(name: "water", by: .minutes(5)))?["error"]?["message"]?.stringValue
            #expect(refusal == "\"water\" is paused, and with it its rule: resume it, and it comes at its next occurrence.")
        }
        let after = Harness(store: store, at: t0.advanced(by: .hours(10)))
        _ = try await after.scheduler.start()
        #expect(after.notifier.shown.isEmpty, "nothing fires while paused, restart or not")
        #expect(try await Self.timer(after, "water").state == .paused)
        _ = await after.send(.resume(name: "water"))
        #expect(try await Self.timer(after, "water").endsAt == t0.wall + .hours(12))
    }

    @Test func aSnoozeComesFirstAndTheOccurrenceItHeldBackAfterIt() async throws {
        let h = Harness()
        _ = await Self.start(h, "water", at: t0.wall + .hours(1), every: Self.twoHours)
        await Self.pass(h, .hours(1))
        _ = await h.send(.snooze(name: "water", by: .minutes(10)))
        #expect(try await Self.timer(h, "water").endsAt == t0.wall + .hours(1) + .minutes(10))
        await Self.pass(h, .minutes(10))
        #expect(h.notifier.shown.count == 2)
        #expect(try await Self.timer(h, "water").endsAt == t0.wall + .hours(3), "the rule's own time, not shifted by the snooze")
    }

    @Test func remindersComeBeforeEachOccurrenceAndTicksAreKeptUnlessFresh() async throws {
        let h = Harness()
        var fresh = Self.twoHours
        fresh.freshChecklist = true
        _ = await Self.start(h, "water", at: t0.wall + .hours(1), every: Self.twoHours, remind: [.minutes(10)])
        _ = await Self.start(h, "plants", at: t0.wall + .hours(1), every: fresh)
        for name in ["water", "plants"] {
            _ = await h.send(.todoAdd(name: name, texts: ["fill the can"]))
            _ = await h.send(.todoSet(name: name, id: 1, change: TodoChange(done: true)))
        }
        await Self.pass(h, .hours(1))
        await Self.pass(h, .minutes(110))
        #expect(h.notifier.shown.map(\.summary).filter { $0.hasPrefix("water: 10 minutes left") }.count == 1, "\(h.notifier.shown.map(\.summary))")
        #expect(try await Self.timer(h, "water").todos.map(\.done) == [true])
        #expect(try await Self.timer(h, "plants").todos.map(\.done) == [false])
    }

    @Test func itRingsWhileRunningOnAndAToggleAnswersTheRingNotTheRule() async throws {
        let h = Harness(settings: .timerdPlays)
        _ = await Self.start(h, "water", at: t0.wall + .hours(1), every: Self.twoHours)
        await Self.pass(h, .hours(1))
        let ringing = try await Self.timer(h, "water")
        #expect(ringing.ringing && ringing.state == .running)
        _ = await h.send(.toggle(name: "water"))
        let answered = try await Self.timer(h, "water")
        #expect(!answered.ringing && answered.state == .running, "dismissed, not paused")
        #expect(answered.endsAt == t0.wall + .hours(3))
    }

    @Test func aSnoozeWithoutALengthTakesTheFirstConfiguredButtonsLength() async throws {
        var settings = NotificationSettings.serverPlays
        settings.snooze = [.minutes(2), .minutes(10)]
        settings.snoozeDefault = .minutes(2)
        let h = Harness(settings: settings)
        _ = await h.start("tea", seconds: 60)
        await Self.pass(h, .seconds(60))
        _ = await h.send(.snooze(name: "tea", by: nil))
        #expect(try await Self.timer(h, "tea").remaining == .minutes(2))
    }
}
