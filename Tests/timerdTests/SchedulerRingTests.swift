import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start
private let alarm = Sound.theme("alarm-clock-elapsed")

/// The alarm as the scheduler rings it: what it asks the player to play and stop, what the
/// timer objects and the events say, when it wakes to end a ring. A recording player and a
/// manual clock; the real sound is `CanberraPlayerTests` and the integration tests.
@Suite struct SchedulerRingTests {
    static func start(_ h: Harness, _ name: String, _ length: Duration = .minutes(5), notify: NotifyOptions = NotifyOptions())
        async -> JSONValue?
    {
        await h.send(.start(name: name, spec: .countdown(length), message: nil, notify: notify))
    }

    /// Lets `length` pass and wakes the scheduler, as the alarm would.
    static func pass(_ h: Harness, _ length: Duration = .minutes(5)) async {
        h.clock.advance(by: length)
        await h.scheduler.wake()
    }

    static func events(_ sink: RecordingSink) throws -> [String] {
        try sink.events().compactMap { if case .event(let event, let timer) = $0 { "\(event.rawValue) \(timer.name)" } else { nil } }
    }

    /// A harness whose "pasta" fired and rings, and a subscriber that heard it all.
    static func pastaRinging() async -> (Harness, RecordingSink) {
        let h = Harness(settings: .timerdPlays)
        let sink = RecordingSink()
        _ = await h.send(.subscribe, sink: sink)
        _ = await start(h, "pasta")
        await pass(h)
        return (h, sink)
    }

    @Test func aTimerThatFiresRingsALoopAndSaysSo() async throws {
        let (h, sink) = await Self.pastaRinging()
        #expect(h.player.calls == [.play(PlayedSound(id: 1, source: alarm, volume: 1, loops: true))])
        #expect(try timer(await h.send(.get(name: "pasta"))).ringing)
        #expect(try Self.events(sink) == ["started pasta", "fired pasta", "ringing pasta"])
        let fired = try sink.events().compactMap { if case .event(.fired, let timer) = $0 { timer } else { nil } }
        #expect(fired.map(\.ringing) == [true], "the fired event says it rings")
        let list = try #require(await h.send(.list)?["result"]?["timers"]?.arrayValue)
        #expect(list.map { $0["ringing"] } == [.bool(true)])
        #expect(h.notifier.shown.last?.sound == .silent, "the notification asks the server for no sound of its own")
    }

    @Test func dismissStopsTheRingAndKeepsTheTimerDone() async throws {
        let (h, sink) = await Self.pastaRinging()
        let reply = try timer(await h.send(.dismiss(name: "pasta")))
        #expect(reply.state == .done && !reply.ringing)
        #expect(h.player.stopped == [1])
        #expect(h.notifier.closed.last == ["pasta"])
        #expect(try Self.events(sink).suffix(1) == ["dismissed pasta"])
        // Again: nothing rings, nothing to tell; the notification is closed all the same.
        _ = await h.send(.dismiss(name: "pasta"))
        #expect(h.player.stopped == [1])
        #expect(try Self.events(sink).count == 4)
    }

    @Test func dismissOfATimerThatDoesNotExistIsRefused() async throws {
        let h = Harness(settings: .timerdPlays)
        #expect(try error(await h.send(.dismiss(name: "tea"))).code == RPCError.notFoundCode)
    }

    @Test func dismissAllAnswersEveryRingingTimerAndCountsThem() async throws {
        let h = Harness(settings: .timerdPlays)
        #expect(await h.send(.dismissAll)?["result"]?["dismissed"] == .integer(0))
        _ = await Self.start(h, "pasta")
        _ = await Self.start(h, "rice")
        _ = await Self.start(h, "tea", .hours(1))
        await Self.pass(h)
        #expect(await h.send(.dismissAll)?["result"]?["dismissed"] == .integer(2))
        #expect(h.player.stopped == [1])
        #expect(Set(h.notifier.closed.last ?? []) == ["pasta", "rice"])
        #expect(try timer(await h.send(.get(name: "tea"))).state == .running, "a running timer is left alone")
    }

    @Test(arguments: [
        Request.snooze(name: "pasta", by: nil), .reset(name: "pasta"), .extend(name: "pasta", by: .minutes(1)),
        .cancel(name: "pasta"), .start(name: "pasta", spec: .countdown(.minutes(2)), message: nil),
    ])
    func answeringATimerAnyWayStopsItsRing(answer: Request) async throws {
        let h = Harness(settings: .timerdPlays)
        _ = await Self.start(h, "pasta")
        await Self.pass(h)
        let reply = await h.send(answer)
        #expect(reply?["error"] == nil)
        #expect(h.player.stopped == [1])
        if let info = reply?["result"]?["timer"] { #expect(info["ringing"] == .bool(false)) }
    }

    @Test func theRingEndsAtItsLimitAndTheSchedulerWakesForIt() async throws {
        let h = Harness(settings: NotificationSettings(ring: .lasting(.seconds(30))))
        let sink = RecordingSink()
        _ = await h.send(.subscribe, sink: sink)
        _ = await Self.start(h, "pasta")
        await Self.pass(h)
        #expect(h.alarm.armings.last?.boot == h.clock.now().boot + .seconds(30), "armed for the ring's end")
        await Self.pass(h, .seconds(29))
        #expect(h.player.stopped.isEmpty)
        await Self.pass(h, .seconds(1))
        #expect(h.player.stopped == [1])
        #expect(try !timer(await h.send(.get(name: "pasta"))).ringing)
        #expect(try Self.events(sink).suffix(1) == ["silenced pasta"])
        #expect(h.alarm.armings.last?.boot == nil, "nothing more to wake for")
    }

    @Test func timersThatFireTogetherRingOnceAndOneThatFiresLaterJoinsTheRing() async throws {
        let h = Harness(settings: .timerdPlays)
        _ = await Self.start(h, "pasta")
        _ = await Self.start(h, "rice")
        _ = await Self.start(h, "tea", .minutes(5) + .seconds(30))
        await Self.pass(h)
        #expect(h.player.played.count == 1)
        await Self.pass(h, .seconds(30))
        #expect(h.player.played.count == 1 && h.player.stopped.isEmpty, "tea joins the ring already playing")
        _ = await h.send(.dismiss(name: "pasta"))
        _ = await h.send(.dismiss(name: "rice"))
        #expect(h.player.stopped.isEmpty, "tea still rings")
        _ = await h.send(.dismiss(name: "tea"))
        #expect(h.player.stopped == [1])
    }

    @Test func timersThatCameDueWhileTimerdWasDownRingOnce() async throws {
        let store = MemoryStore()
        do {
            let before = Harness(store: store, settings: .timerdPlays)
            _ = await Self.start(before, "pasta")
            _ = await Self.start(before, "rice")
        }
        let after = Harness(store: store, at: t0.advanced(by: .hours(1)), settings: .timerdPlays)
        _ = try await after.scheduler.start()
        #expect(after.player.calls == [.play(PlayedSound(id: 1, source: alarm, volume: 1, loops: false))])
        #expect(try timer(await after.send(.get(name: "rice"))).ringing)
        await after.scheduler.soundEnded(1)
        #expect(try !timer(await after.send(.get(name: "rice"))).ringing, "rung once, done ringing")
    }

    @Test func aReminderChimesOnceAndRingsNobody() async throws {
        let h = Harness(settings: .timerdPlays)
        _ = await Self.start(h, "pasta", .minutes(10), notify: NotifyOptions(reminders: [.minutes(2)], volume: 50))
        await Self.pass(h, .minutes(8))
        #expect(h.player.calls == [.play(PlayedSound(id: 1, source: .theme("message-new-instant"), volume: 0.5, loops: false))])
        #expect(try !timer(await h.send(.get(name: "pasta"))).ringing)
    }

    @Test func aSilentTimerRingsNothingAndAQuietOneRingsQuietly() async throws {
        let h = Harness(settings: NotificationSettings(volume: 80))
        _ = await Self.start(h, "hush", notify: NotifyOptions(sound: .silent))
        _ = await Self.start(h, "soft", .minutes(6), notify: NotifyOptions(volume: 30))
        _ = await Self.start(h, "usual", .minutes(7))
        await Self.pass(h)
        #expect(h.player.calls.isEmpty)
        #expect(try !timer(await h.send(.get(name: "hush"))).ringing)
        await Self.pass(h, .minutes(1))
        #expect(h.player.played.map(\.volume) == [0.3])
        _ = await h.send(.dismiss(name: "soft"))
        await Self.pass(h, .minutes(1))
        #expect(h.player.played.map(\.volume) == [0.3, 0.8], "the configured volume")
    }

    @Test func withTheServerPlayingTimerdPlaysNothingAndNothingRings() async throws {
        let h = Harness(settings: .serverPlays)
        _ = await Self.start(h, "pasta")
        await Self.pass(h)
        #expect(h.player.calls.isEmpty)
        #expect(h.notifier.shown.last?.sound == alarm, "the server is asked to play it")
        #expect(try !timer(await h.send(.get(name: "pasta"))).ringing)
    }

    @Test func theNotificationsDismissButtonAndClosingItAnswerTheRing() async throws {
        let h = Harness(settings: .timerdPlays)
        _ = await Self.start(h, "pasta")
        _ = await Self.start(h, "rice")
        await Self.pass(h)
        await h.scheduler.act(.dismiss, on: ["pasta", "rice"])
        #expect(h.player.stopped == [1])
        #expect(try !timer(await h.send(.get(name: "pasta"))).ringing)
    }

    @Test func theFloodGuardsSummaryJoinsTheRing() async throws {
        let h = Harness(settings: .timerdPlays)
        for n in 1...8 { _ = await Self.start(h, "t\(n)", .minutes(5) + .milliseconds(10 * n)) }
        var follower = SchedulerNotificationTests.AlarmFollower(h)
        h.clock.advance(by: .minutes(5))
        await h.scheduler.wake()
        while await follower.next() {
            if h.notifier.shown.contains(where: { $0.summary.hasPrefix("3 more timers done") }) { break }
        }
        #expect(h.notifier.shown.contains { $0.summary.hasPrefix("3 more timers done") })
        #expect(h.player.played.count == 1, "one ring for all eight")
        let list = try #require(await h.send(.list)?["result"]?["timers"]?.arrayValue)
        #expect(list.filter { $0["ringing"] == .bool(true) }.count == 8)
    }
}
