import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

@Suite struct SchedulerTests {
    @Test func repliesComeInOrderOnePerCallAndNotificationsGetNone() async throws {
        let h = Harness()
        let replies = await h.send(
            """
            [{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"pasta","seconds":480}},
             {"jsonrpc":"2.0","id":"two","method":"start","params":{"name":"eggs","seconds":360}},
             {"jsonrpc":"2.0","method":"start","params":{"name":"rice","seconds":900}},
             {"jsonrpc":"2.0","method":"frobnicate"},
             {"jsonrpc":"2.0","id":4,"method":"list"},
             {"jsonrpc":"2.0","id":5,"method":"get","params":{"name":"nope"}}]
            """)
        try #require(replies.count == 6)
        #expect(replies.map { $0?["id"] } == [1, "two", nil, nil, 4, 5])
        #expect(replies.allSatisfy { $0 == nil || $0?["jsonrpc"] == "2.0" })
        #expect(try timer(replies[0]).name == "pasta")
        #expect(try timer(replies[1]).name == "eggs")
        let listed = try #require(replies[4]?["result"]?["timers"]?.arrayValue)
        #expect(listed.map { $0["name"] } == ["pasta", "eggs", "rice"])
        #expect(try error(replies[5]).code == RPCError.notFoundCode)
        #expect(await h.scheduler.timers().map(\.name) == ["pasta", "eggs", "rice"])
    }

    @Test func startRepliesWithTheRunningTimer() async throws {
        let h = Harness()
        let replies = await h.send(#"{"jsonrpc":"2.0","id":1,"method":"start","params":{"name":"pasta","seconds":480}}"#)
        #expect(replies.count == 1)
        #expect(
            try timer(replies[0])
                == TimerInfo(
                    name: "pasta", kind: .countdown, state: .running, duration: .seconds(480), remaining: .seconds(480),
                    endsAt: instant("2026-11-27T18:42:00Z"), createdAt: t0.wall))
    }

    @Test func refusalsCarryTheDocumentedCodesAndTheName() async throws {
        let h = Harness(maxTimers: 2)
        _ = await h.start("pasta", seconds: 480)

        let notFound = try error(await h.send(.get(name: "nope")))
        #expect(notFound.code == RPCError.notFoundCode)
        #expect(notFound.code == -32001)
        #expect(notFound.data == ["reason": "not-found", "name": "nope"])
        #expect(notFound.message == TableError.notFound(name: "nope").message)

        let exists = try error(await h.start("pasta", seconds: 60))
        #expect(exists.code == -32002)
        #expect(exists.code == RPCError.alreadyExistsCode)
        #expect(exists.data == ["reason": "exists", "name": "pasta", "kind": "countdown", "state": "running", "remaining": 480])

        let wrongState = try error(await h.send(.resume(name: "pasta")))
        #expect(wrongState.code == -32003)
        #expect(wrongState.code == RPCError.wrongStateCode)
        #expect(wrongState.data == ["reason": "running", "name": "pasta", "state": "running"])
        #expect(wrongState.message.contains("already running"))

        for invalid in [await h.send(.extend(name: "pasta", by: .zero)), await h.start("tea", seconds: 0)] {
            let e = try error(invalid)
            #expect(e.code == -32602)
            #expect(e.code == RPCError.invalidParamsCode)
            #expect(e.data == ["reason": "invalid"])
        }
        let badParams = await h.send(#"{"jsonrpc":"2.0","id":7,"method":"start","params":{"seconds":480}}"#)
        #expect(try error(badParams.first ?? nil).code == RPCError.invalidParamsCode)

        _ = await h.start("tea", seconds: 60)
        #expect(try error(await h.start("rice", seconds: 60)).code == RPCError.limitReachedCode)

        let unknown = await h.send(#"{"jsonrpc":"2.0","id":8,"method":"frobnicate"}"#)
        #expect(try error(unknown.first ?? nil).code == RPCError.methodNotFoundCode)
        #expect(unknown.first??["id"] == 8)
    }

    @Test func theAlarmIsReArmedExactlyWhenTheNextDueChanges() async throws {
        let h = Harness()
        typealias Arming = RecordingAlarm.Arming
        let pasta = t0.boot + .seconds(480), eggs = t0.boot + .seconds(600), tea = t0.boot + .seconds(60)
        let report = t0.wall + .hours(2)

        _ = await h.start("pasta", seconds: 480)
        #expect(h.alarm.armings == [Arming(boot: pasta, wall: nil)])

        // Neither queries, nor a later timer, nor a refusal change what comes next.
        _ = await h.send(.list)
        _ = await h.send(.get(name: "pasta"))
        _ = await h.send(.ping)
        _ = await h.send(.subscribe)
        _ = await h.start("eggs", seconds: 600)
        _ = await h.start("pasta", seconds: 1)
        _ = await h.send(.pause(name: "nope"))
        #expect(h.alarm.armings.count == 1)

        _ = await h.start("tea", seconds: 60)
        _ = await h.send(.start(name: "report", spec: .deadline(report), message: nil))
        _ = await h.send(.cancel(name: "tea"))
        _ = await h.send(.pause(name: "pasta"))
        _ = await h.send(.pause(name: "eggs"))
        _ = await h.send(.cancel(name: "report"))
        #expect(
            h.alarm.armings == [
                Arming(boot: pasta, wall: nil), Arming(boot: tea, wall: nil), Arming(boot: tea, wall: report),
                Arming(boot: pasta, wall: report), Arming(boot: eggs, wall: report), Arming(boot: nil, wall: report),
                Arming(boot: nil, wall: nil),
            ])
    }

    @Test func wakingAtTheDueInstantFiresOnceAndTellsOnlySubscribers() async throws {
        let h = Harness()
        let watcher = RecordingSink(), other = RecordingSink()
        #expect(await h.send(.subscribe, from: 1, sink: watcher)?["result"] == ["subscribed": true])
        _ = await h.start("pasta", seconds: 480, from: 2, sink: other)  // client 2 never subscribed

        h.clock.advance(by: .seconds(480) - .nanoseconds(1))
        await h.scheduler.wake()
        #expect(h.notifier.shown.isEmpty)
        #expect(try watcher.events().count == 1)

        h.clock.advance(by: .nanoseconds(1))
        h.alarm.clear()
        await h.scheduler.wake()
        #expect(h.notifier.shown.map { [$0.summary, $0.body] } == [["pasta", "8m timer done (started 18:34)"]])
        #expect(h.alarm.armings == [RecordingAlarm.Arming(boot: nil, wall: nil)])

        let events = try watcher.events()
        try #require(events.count == 2)
        guard case .event(.started, let started) = events[0], case .event(.fired, let fired) = events[1] else {
            Issue.record("expected started then fired, got \(events)")
            return
        }
        #expect(started.state == .running)
        #expect(fired.name == "pasta")
        #expect(fired.state == .done)
        #expect(fired.endsAt == instant("2026-11-27T18:42:00Z"))
        #expect(fired.firedAt == instant("2026-11-27T18:42:00Z"))
        #expect(other.lines.isEmpty)

        await h.scheduler.wake()
        #expect(h.notifier.shown.count == 1)
        #expect(watcher.lines.count == 2)
    }

    @Test func anEventIsOneJSONRPCNotificationPerLine() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        _ = await h.start("パスタ", seconds: 480)
        h.clock.advance(by: .seconds(480))
        await h.scheduler.wake()

        try #require(watcher.lines.count == 2)
        let line = watcher.lines[1]
        #expect(line.last == UInt8(ascii: "\n"))
        #expect(line.filter { $0 == UInt8(ascii: "\n") }.count == 1)
        let value = try JSONParser.parse(line.dropLast())
        #expect(value["jsonrpc"] == "2.0")
        #expect(value["method"] == "event")
        #expect(value["id"] == nil)
        #expect(value["params"]?["event"] == "fired")
        #expect(value["params"]?["timer"]?["name"] == "パスタ")
        #expect(value["params"]?["timer"]?["state"] == "done")
        #expect(value["params"]?["timer"]?["firedAt"] == "2026-11-27T18:42:00.000Z")
    }

    @Test func eachChangeIsAnEvent() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        _ = await h.start("pasta", seconds: 480)
        _ = await h.send(.pause(name: "pasta"))
        _ = await h.send(.pause(name: "pasta"))  // refused: no event
        _ = await h.send(.resume(name: "pasta"))
        _ = await h.send(.extend(name: "pasta", by: .seconds(120)))
        _ = await h.send(.reset(name: "pasta"))
        _ = await h.send(.cancel(name: "pasta"))
        let events = try watcher.events().map { outgoing -> TimerEvent? in
            if case .event(let event, _) = outgoing { event } else { nil }
        }
        #expect(events == [.started, .paused, .resumed, .extended, .reset, .cancelled])
    }

    @Test func aRequestAfterTheDueInstantSeesTheTimerFired() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        _ = await h.start("pasta", seconds: 480)
        h.clock.advance(by: .minutes(8) + .seconds(1))  // the alarm is late: a request comes first

        let list = await h.send(.list)
        #expect(list?["result"]?["timers"]?.arrayValue?.first?["state"] == "done")
        #expect(h.notifier.shown.map(\.summary) == ["pasta"], "a second late is still on time")
        #expect(try watcher.events().count == 2)
        #expect(h.alarm.armings.last == RecordingAlarm.Arming(boot: nil, wall: nil))
    }

    @Test func timersDueTogetherShareOneNotification() async throws {
        let h = Harness()
        let watcher = RecordingSink()
        _ = await h.send(.subscribe, sink: watcher)
        for name in ["pasta", "eggs", "rice"] { _ = await h.start(name, seconds: 300) }
        h.clock.advance(by: .seconds(300))
        await h.scheduler.wake()
        #expect(h.notifier.shown.map(\.summary) == ["3 timers done: pasta, eggs, rice"])
        #expect(try watcher.events().count == 6)
    }

    @Test func aClockChangeReArmsEvenWhenNothingElseChanged() async throws {
        let h = Harness()
        _ = await h.start("pasta", seconds: 480)
        let report = t0.wall + .hours(1)
        _ = await h.send(.start(name: "report", spec: .deadline(report), message: nil))
        let armed = RecordingAlarm.Arming(boot: t0.boot + .seconds(480), wall: report)
        h.alarm.clear()

        await h.scheduler.wake()
        #expect(h.alarm.armings.isEmpty)
        await h.scheduler.wake(clockChanged: true)
        #expect(h.alarm.armings == [armed])

        // The clock is set half an hour ahead: the countdown does not move, the deadline is nearer.
        h.clock.jumpWall(by: .minutes(30))
        h.alarm.clear()
        await h.scheduler.wake(clockChanged: true)
        #expect(h.alarm.armings == [armed])
        #expect(h.notifier.shown.isEmpty)
        #expect(await h.scheduler.timers().map(\.remaining) == [.seconds(480), .minutes(30)])

        // And past the deadline: it fires at once, though the boot clock did not move.
        h.clock.jumpWall(by: .minutes(30))
        await h.scheduler.wake(clockChanged: true)
        #expect(h.notifier.shown.map { [$0.summary, $0.body] } == [["report", "Deadline reached: Fri 19:34"]])
        #expect(h.alarm.armings.last == RecordingAlarm.Arming(boot: t0.boot + .seconds(480), wall: nil))
    }

    @Test func disconnectStopsEvents() async throws {
        let h = Harness()
        let first = RecordingSink(), second = RecordingSink()
        _ = await h.send(.subscribe, from: 1, sink: first)
        _ = await h.send(.subscribe, from: 2, sink: second)
        await h.scheduler.disconnect(1)
        _ = await h.start("pasta", seconds: 60)
        h.clock.advance(by: .seconds(60))
        await h.scheduler.wake()
        #expect(first.lines.isEmpty)
        #expect(try second.events().count == 2)
        #expect(h.notifier.shown.count == 1)
    }

    @Test func pingReportsTheVersions() async throws {
        let h = Harness()
        let replies = await h.send(#"{"jsonrpc":"2.0","id":"p","method":"ping"}"#)
        let result = try #require(replies.first??["result"])
        #expect(result["version"] == .string(Harness.version))
        #expect(result["protocol"] == 2)
        #expect(result["protocol"]?.int64Value == Int64(protocolVersion))
    }
}
