import Glibc
import Protocol
import Testing

@testable import timerd

/// A scheduler wired to test doubles: a clock that moves only when told, an alarm, a notifier
/// and a store in memory. Two harnesses given the same store are the daemon before and after
/// a restart.
struct Harness {
    let clock: ManualClock
    let alarm = RecordingAlarm()
    let notifier = RecordingNotifier()
    let player = RecordingSoundPlayer()
    let hooks: RecordingHookRunner
    let headStart: RecordingHeadStart
    let store: MemoryStore
    let scheduler: Scheduler

    static let version = "9.9.9-test"
    static let bootID = "boot-1"

    init(
        maxTimers: Int = Limits.maxTimers, store: MemoryStore = MemoryStore(), at now: Moment = .start,
        bootID: String = Harness.bootID, settings: NotificationSettings = .serverPlays,
        loop: EventLoop = .forTests, saveFiringsAfter: Duration = .zero, hookSettings: HookSettings = HookSettings()
    ) {
        self.store = store
        clock = ManualClock(now)
        hooks = RecordingHookRunner(notifier: notifier)
        headStart = RecordingHeadStart(after: notifier)
        scheduler = Scheduler(
            executor: loop, clock: clock, alarm: alarm, notifier: notifier, player: player, hooks: hooks,
            hookSettings: hookSettings, store: store,
            calendar: LocalCalendar(zone: FixedOffsetZone.utc),
            version: Self.version, bootID: bootID, maxTimers: maxTimers, settings: settings,
            saveFiringsAfter: saveFiringsAfter, headStart: headStart)
    }

    /// Hands the scheduler what a client's line holds, as the server does.
    func send(_ line: String, from client: ClientID = 1, sink: any EventSink = RecordingSink()) async -> [JSONValue?] {
        switch RPC.decodeIncoming(Array(line.utf8)) {
        case .call(let call): return await scheduler.handle([ClientCalls(client: client, sink: sink, calls: [call])])[0].values
        case .batch(let calls): return await scheduler.handle([ClientCalls(client: client, sink: sink, calls: calls)])[0].values
        case .unreadable(let error):
            Issue.record("the test sent an unreadable line: \(error)")
            return []
        }
    }

    /// Sends one typed request with id 1 and returns its reply.
    func send(_ request: Request, from client: ClientID = 1, sink: any EventSink = RecordingSink()) async -> JSONValue? {
        let call = RPCCall(id: 1, request: .success(request))
        return await scheduler.handle([ClientCalls(client: client, sink: sink, calls: [call])])[0].values.first ?? nil
    }

    func start(_ name: String, seconds: Int64, from client: ClientID = 1, sink: any EventSink = RecordingSink())
        async -> JSONValue?
    {
        await send(.start(name: name, spec: .countdown(.seconds(seconds)), message: nil), from: client, sink: sink)
    }
}

extension NotificationSettings {
    /// The defaults, but the notification server plays the sound: what the scheduler's tests
    /// that are not about the ring run with, so that no ring adds events and wake-ups to
    /// theirs. `SchedulerRingTests` rings.
    static let serverPlays = NotificationSettings(soundPlayer: .server)
    /// The daemon's defaults: timerd rings.
    static let timerdPlays = NotificationSettings()
}

extension EventLoop {
    /// A loop on a thread of its own: the executor of every harness's scheduler but a
    /// `LiveServer`'s (which runs on its server's loop, as in the daemon).
    static let forTests: EventLoop = {
        let loop = try! EventLoop()
        Thread.start(name: "test-scheduler") { loop.run() }
        while !loop.hasStarted { usleep(100) }
        return loop
    }()
}

extension ClientReplies {
    /// The replies read back as values: what a client would read, as the server writes them.
    var values: [JSONValue?] {
        replies.map { reply in
            reply.map { reply in
                do {
                    return try JSONParser.parse(ReplyText(reply).written())
                } catch {
                    Issue.record("the scheduler wrote a reply that is not JSON: \(error)")
                    return .null
                }
            }
        }
    }
}

/// The timer of a successful reply.
func timer(_ reply: JSONValue?) throws -> TimerInfo {
    try TimerInfo(json: #require(reply?["result"]?["timer"]))
}

/// The error object of a failed reply.
func error(_ reply: JSONValue?) throws -> RPCError {
    let e = try #require(reply?["error"])
    return RPCError(code: Int(try #require(e["code"]?.int64Value)), message: try #require(e["message"]?.stringValue), data: e["data"])
}
