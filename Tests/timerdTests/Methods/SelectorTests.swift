import Protocol
import Testing

@testable import timerd

/// `@next` and `@ringing` in place of a name, and `toggle`: what a bar's click sends.
@Suite struct SelectorTests {
    static func start(_ h: Harness, _ name: String, _ length: Duration) async {
        _ = await h.send(.start(name: name, spec: .countdown(length), message: nil, notify: NotifyOptions()))
    }

    static func pass(_ h: Harness, _ length: Duration) async {
        h.clock.advance(by: length)
        await h.scheduler.wake()
    }

    @Test func nextIsTheRingingTimerElseTheOneWithTheLeastTimeLeft() async throws {
        let h = Harness(settings: .timerdPlays)
        await Self.start(h, "report", .hours(3))
        await Self.start(h, "pasta", .minutes(8))
        await Self.start(h, "eggs", .minutes(5))
        #expect(try timer(await h.send(.pause(name: "@next"))).name == "eggs")
        // Paused, it stays the next: the same click resumes it.
        #expect(try timer(await h.send(.toggle(name: "@next"))).name == "eggs")
        #expect(try timer(await h.send(.get(name: "eggs"))).state == .running)
        await Self.pass(h, .minutes(5))
        #expect(try timer(await h.send(.get(name: "@ringing"))).name == "eggs")
        #expect(try timer(await h.send(.extend(name: "@next", by: .seconds(60)))).name == "eggs", "the ringing one")
    }

    @Test func everyMethodThatActsOnATimerTakesThem() async throws {
        let h = Harness(settings: .timerdPlays)
        await Self.start(h, "pasta", .minutes(8))
        #expect(try timer(await h.send(Request(Methods.TodoAdd(name: "@next", texts: ["salt"])))).todos.count == 1)
        #expect(try timer(await h.send(.reset(name: "@next"))).name == "pasta")
        #expect(try timer(await h.send(.cancel(name: "@next"))).name == "pasta")
        #expect(try error(await h.send(.cancel(name: "@next"))).message.contains("no timers"))
    }

    @Test func aSelectorThatChoosesNothingIsRefusedAsNotFound() async throws {
        let h = Harness(settings: .timerdPlays)
        await Self.start(h, "pasta", .minutes(8))
        let refusal = try error(await h.send(.dismiss(name: "@ringing")))
        #expect(refusal.code == RPCError.notFoundCode)
        #expect(refusal.message == "No timer is ringing, so @ringing stands for none.")
        #expect(refusal.data?["name"] == "@ringing")
        // Another word after @ is a name like any other, for a timer saved before the rule.
        #expect(try error(await h.send(.get(name: "@later"))).message.contains(#"no timer named "@later""#))
    }

    @Test func toggleDismissesARingingTimer() async throws {
        let h = Harness(settings: .timerdPlays)
        let sink = RecordingSink()
        _ = await h.send(.subscribe, sink: sink)
        await Self.start(h, "pasta", .minutes(5))
        await Self.pass(h, .minutes(5))
        let answered = try timer(await h.send(.toggle(name: "@next")))
        #expect(answered.name == "pasta" && answered.state == .done && !answered.ringing)
        #expect(h.player.stopped == [1])
        let events = try sink.events().compactMap { if case .event(let event, _) = $0 { event } else { nil } }
        #expect(events.last == .dismissed)
        // Done and silent: nothing to toggle.
        #expect(try error(await h.send(.toggle(name: "pasta"))).data?["reason"] == "done")
    }

    @Test func toggleRefusesADeadlineAsPauseDoes() async throws {
        let h = Harness(settings: .timerdPlays)
        _ = await h.send(.start(name: "report", spec: .deadline(h.clock.now().wall + .hours(2)), message: nil, notify: NotifyOptions()))
        #expect(try error(await h.send(.toggle(name: "report"))).data?["reason"] == "deadline-no-pause")
    }
}
