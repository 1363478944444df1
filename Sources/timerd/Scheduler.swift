import Protocol

/// The one owner of the timers. Requests from every connection and the alarm's wake-ups are
/// serialised through this actor; it applies them to the pure `TimerTable`, carries out the
/// effects the table returns and re-arms the single alarm for the next due instant.
///
/// Nothing here ticks: between a change and the next due instant the scheduler is idle.
actor Scheduler {
    private var table: TimerTable
    private let clock: any TimeSource
    private let alarm: any Alarm
    private let notifier: any Notifier
    private let calendar: LocalCalendar
    private let version: String
    private var subscribers: [ClientID: any EventSink] = [:]
    private var armed: (boot: BootInstant?, wall: Timestamp?) = (nil, nil)
    private var everArmed = false

    init(
        clock: any TimeSource, alarm: any Alarm, notifier: any Notifier, calendar: LocalCalendar,
        version: String, table: TimerTable = TimerTable()
    ) {
        self.clock = clock
        self.alarm = alarm
        self.notifier = notifier
        self.calendar = calendar
        self.version = version
        self.table = table
    }

    /// Answers calls in order, one reply per call; nil for a notification (a call without
    /// an id), which is carried out but not answered. All calls see the same "now".
    func handle(_ calls: [RPCCall], from client: ClientID, sink: any EventSink) -> [JSONValue?] {
        let now = clock.now()
        perform(table.fireDue(at: now), at: now)
        let replies = calls.map { call -> JSONValue? in
            let result = call.request.flatMap { respond(to: $0, from: client, sink: sink, at: now) }
            guard let id = call.id else { return nil }
            switch result {
            case .success(let value): return RPC.result(id: id, value)
            case .failure(let error): return RPC.error(id: id, error)
            }
        }
        rearm()
        return replies
    }

    /// The alarm went off: fire whatever is due and re-arm. `clockChanged` says the wall
    /// clock was set, which cancels the kernel's wall-clock timer: it must be armed again
    /// even if the next instants did not change.
    func wake(clockChanged: Bool = false) {
        let now = clock.now()
        perform(table.fireDue(at: now), at: now)
        rearm(force: clockChanged)
    }

    /// The connection closed; stop sending it events.
    func disconnect(_ client: ClientID) {
        subscribers[client] = nil
    }

    /// A snapshot of every timer, for tests and diagnostics.
    func timers() -> [TimerInfo] { table.list(at: clock.now()) }

    private func respond(to request: Request, from client: ClientID, sink: any EventSink, at now: Moment)
        -> Result<JSONValue, RPCError>
    {
        let command: TableCommand
        switch request {
        case .list:
            return .success(["timers": .array(table.list(at: now).map(\.json))])
        case .get(let name):
            return Result { () throws(TableError) in try table.get(name, at: now) }
                .map { ["timer": $0.json] }.mapError(Self.rpcError)
        case .subscribe:
            subscribers[client] = sink
            Log.debug("client \(client) subscribed")
            return .success(["subscribed": true])
        case .ping:
            return .success(["version": .string(version), "protocol": .integer(Int64(protocolVersion))])
        case .history:
            return .success(["entries": []])
        case .start(let name, .countdown(let length), let message):
            command = .start(name: name, schedule: .countdown(length), message: message)
        case .start(let name, .deadline(let at), let message):
            command = .start(name: name, schedule: .deadline(at), message: message)
        case .pause(let name): command = .pause(name: name)
        case .resume(let name): command = .resume(name: name)
        case .reset(let name): command = .reset(name: name)
        case .cancel(let name): command = .cancel(name: name)
        case .extend(let name, let by): command = .extend(name: name, by: by)
        }
        do {
            let outcome = try table.apply(command, at: now)
            perform(outcome.effects, at: now)
            return .success(["timer": outcome.timer.json])
        } catch {
            return .failure(Self.rpcError(error))
        }
    }

    private func perform(_ effects: [Effect], at now: Moment) {
        for effect in effects {
            switch effect {
            case .event(let event, let info):
                guard !subscribers.isEmpty else { continue }
                let line = RPC.line(RPC.event(event, info))
                for sink in subscribers.values { sink.deliver(line) }
            case .notify(let firings):
                notifier.show(.fired(firings, calendar: calendar))
            }
        }
    }

    /// Re-arms the alarm only when the next due instants changed: most requests do not
    /// change them, and a syscall per request would be waste.
    private func rearm(force: Bool = false) {
        let next = table.nextWake()
        guard force || !everArmed || next.boot != armed.boot || next.wall != armed.wall else { return }
        everArmed = true
        armed = next
        alarm.arm(boot: next.boot, wall: next.wall)
    }

    static func rpcError(_ error: TableError) -> RPCError {
        switch error {
        case .notFound(let name):
            RPCError(code: RPCError.notFoundCode, message: error.message, data: ["name": .string(name)])
        case .alreadyExists(let name, _):
            RPCError(code: RPCError.alreadyExistsCode, message: error.message, data: ["name": .string(name)])
        case .wrongState(let name, _):
            RPCError(code: RPCError.wrongStateCode, message: error.message, data: ["name": .string(name)])
        case .invalid:
            RPCError(code: RPCError.invalidParamsCode, message: error.message)
        case .limitReached:
            RPCError(code: RPCError.limitReachedCode, message: error.message)
        }
    }
}
