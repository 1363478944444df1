import Glibc
import Protocol

/// Carries out one command: turns the user's words into requests, talks to the daemon and
/// prints the outcome. Returns the exit status.
struct Runner {
    var invocation: Invocation
    var calendar = LocalCalendar(zone: SystemTimeZone())
    var output: (String) -> Void = { print($0, terminator: "") }
    var terminal = Terminal.detect(environment: Environment.current())

    private var render: Render { Render(now: Self.wallNow(), calendar: calendar, terminal: terminal) }
    private var builder: RequestBuilder {
        RequestBuilder(now: Self.wallNow(), calendar: calendar, files: .live(currentDirectory: Self.currentDirectory()))
    }

    func run() throws(CtlFailure) {
        switch invocation.command {
        case .help(let topic):
            output((topic.map(Help.text(for:)) ?? Help.overview) + "\n")
        case .version:
            output("timerctl \(timerdVersion)\n")
        case .start(let name, let text, let message, let notify, let repeats):
            let reply = try request(
                try builder.countdown(name: name, duration: text, message: message, notify: notify, repeats: repeats))
            output(render.started(try timer(reply)) + "\n")
        case .startPreset(let name, let message, let notify):
            let preset = try PresetFile.current(output: output).preset(forStarting: name)
            var runner = self
            runner.invocation.command = .start(
                name: preset.name, duration: preset.length, message: message ?? preset.message, notify: notify)
            try runner.run()
        case .until(let name, let text, let message, let notify):
            let reply = try request(try builder.deadline(name: name, when: text, message: message, notify: notify))
            output(render.started(try timer(reply)) + "\n")
        case .list(let json):
            var connection = try connect()
            let (objects, timers) = try list(&connection)
            // As the daemon sent them: fields this version does not know are kept for scripts.
            output(json ? JSONWriter.string(.array(objects)) + "\n" : render.table(timers))
        case .show(let name, let json):
            let reply = try request(.get(name: name))
            let info = try timer(reply)
            output(json ? JSONWriter.string(reply["timer"] ?? info.json) + "\n" : render.detail(info))
        case .history(let limit, let json):
            let (objects, entries) = try history(limit: limit)
            output(json ? JSONWriter.string(.array(objects)) + "\n" : render.history(entries))
        case .pause(let names): try each(names, Request.pause, verb: "paused")
        case .resume(let names): try each(names, Request.resume, verb: "resumed")
        case .reset(let names): try each(names, Request.reset, verb: "restarted")
        case .cancel(let names): try each(names, Request.cancel, verb: "cancelled", finished: true)
        case .cancelAll:
            let count = try cancelAll()
            guard count > 0 else { return output("No timers to cancel.\n") }
            output("Cancelled \(count) timer\(count == 1 ? "" : "s").\n")
        case .extend(let name, let text):
            let amount: Duration
            do { amount = try DurationParser.parseSigned(text) } catch { throw .usage(error.message) }
            let reply = try request(.extend(name: name, by: amount))
            output(render.changed(try timer(reply), "extended") + "\n")
        case .snooze(let name, let text):
            let reply = try request(try builder.snooze(name: name, duration: text))
            output(render.changed(try timer(reply), "snoozed") + "\n")
        case .watch(let names):
            var watch = Watch(
                names: names, connection: try connect(), calendar: calendar,
                terminal: Terminal.detect(environment: Environment.current()))
            try watch.run()
        case .wait(let name):
            try wait(for: name)
        case .ping:
            let reply = try request(.ping)
            let version = reply["version"]?.stringValue ?? "?"
            let proto = reply["protocol"]?.int64Value ?? 0
            let startedBy = reply["startedBy"]?.stringValue.map { ", started by \($0)" } ?? ""
            output("timerd \(version) is running (protocol \(proto)\(startedBy)).\n")
        case .todo(let name, let command, let json):
            var connection = try connect()
            let current = try timer(try connection.call(.get(name: name)))
            let requests = try command.requests(for: current)
            var latest = current
            for result in try connection.call(requests) {
                latest = try timer(try result.get())
            }
            if json { return output(JSONWriter.string(.array(latest.todos.map(\.json))) + "\n") }
            if command.renumbers { output("Removed; the numbers are now:\n") }
            output(render.checklist(latest))
        case .preset(let command):
            try PresetFile.current(output: output).run(command)
        case .completion(let shell):
            output(Completion.script(shell))
        case .complete(let source):
            output(Completion.candidates(source, socket: invocation.socket))
        case .manPage:
            output(ManPage.commands())
        case .autostart(let command):
            try Autostart(environment: Environment.current(), socket: invocation.socket, output: output).run(command)
        case .unitFile(let kind, let timerd):
            output(AutostartFiles.text(kind, timerd: timerd, header: AutostartFiles.installMarker))
        }
    }

    /// Applies a per-timer command to every name (in one round trip), reporting each;
    /// fails at the end if any was refused, after the others were applied.
    private func each(_ names: [String], _ make: (String) -> Request, verb: String, finished: Bool = false)
        throws(CtlFailure)
    {
        var connection = try connect()
        var refusals: [String] = []
        for (_, result) in zip(names, try connection.call(names.map(make))) {
            switch result {
            case .success(let reply):
                let timer = try timer(reply)
                output((finished ? "\(timer.name) \(verb)." : render.changed(timer, verb)) + "\n")
            case .failure(let failure): refusals.append(failure.message)
            }
        }
        if !refusals.isEmpty { throw .refused(refusals.joined(separator: "\ntimerctl: ")) }
    }

    /// Cancels every timer in one request and returns how many there were. A daemon from
    /// before `cancel` took `"all"` refuses the parameter (`-32602`: a daemon that knows it
    /// never answers so); from it the timers are listed and cancelled one by one.
    private func cancelAll() throws(CtlFailure) -> Int {
        var connection = try connect()
        switch try connection.exchange(.cancelAll) {
        case .success(let reply):
            guard let count = reply["cancelled"]?.int64Value else {
                throw .unreachable("The daemon's reply does not say how many timers it cancelled.")
            }
            return Int(count)
        case .failure(let error) where error.code == RPCError.invalidParamsCode:
            break
        case .failure(let error):
            throw .refused(error.message)
        }
        let names = try list(&connection).timers.map(\.name)
        var cancelled = 0
        var refusals: [String] = []
        for result in try connection.exchange(names.map { Request.cancel(name: $0) }) {
            switch result {
            case .success: cancelled += 1
            // Cancelled meanwhile by someone else: gone all the same.
            case .failure(let error) where error.code == RPCError.notFoundCode: continue
            case .failure(let error): if !refusals.contains(error.message) { refusals.append(error.message) }
            }
        }
        if !refusals.isEmpty { throw .refused(refusals.joined(separator: "\ntimerctl: ")) }
        return cancelled
    }

    /// Blocks until `name` fires. Subscribing first and then asking for the timer closes
    /// the window in which it could fire unseen.
    private func wait(for name: String) throws(CtlFailure) {
        var connection = try connect()
        let replies = try connection.call([.subscribe, .get(name: name)])
        let current = try timer(try replies[1].get())
        if current.state == .done { return output("\(name) is done.\n") }
        while true {
            let (event, timer) = try connection.nextEvent()
            guard timer.name == name else { continue }
            switch event {
            case .fired: return output("\(name) is done.\n")
            case .cancelled: throw .refused("\(name) was cancelled before it was done.")
            default: continue
            }
        }
    }

    /// The timers as the daemon sent them, and read.
    private func list(_ connection: inout DaemonConnection) throws(CtlFailure) -> (objects: [JSONValue], timers: [TimerInfo]) {
        let reply = try connection.call(.list)
        guard case .array(let items)? = reply["timers"] else { throw .unreachable("The daemon's reply has no timers in it.") }
        var timers: [TimerInfo] = []
        for item in items {
            do { timers.append(try TimerInfo(json: item)) } catch { throw .unreachable(error.message) }
        }
        return (items, timers)
    }

    /// The entries as the daemon sent them, and read.
    private func history(limit: Int?) throws(CtlFailure) -> (objects: [JSONValue], entries: [HistoryEntry]) {
        let reply = try request(.history(limit: limit))
        guard case .array(let items)? = reply["entries"] else { throw .unreachable("The daemon's reply has no entries in it.") }
        var entries: [HistoryEntry] = []
        for item in items {
            do { entries.append(try HistoryEntry(json: item)) } catch { throw .unreachable(error.message) }
        }
        return (items, entries)
    }

    /// One request on a connection of its own.
    private func request(_ request: Request) throws(CtlFailure) -> JSONValue {
        var connection = try connect()
        return try connection.call(request)
    }

    private func connect() throws(CtlFailure) -> DaemonConnection {
        var location = SocketLocation.current(explicit: invocation.socket)
        // The daemon runs in "/": give it an absolute path.
        if !location.path.hasPrefix("/") { location.path = Self.currentDirectory() + "/" + location.path }
        return try Connect.daemon(location, spawn: !invocation.noSpawn)
    }

    private func timer(_ reply: JSONValue) throws(CtlFailure) -> TimerInfo {
        guard let value = reply["timer"] else { throw .unreachable("The daemon's reply has no timer in it.") }
        do { return try TimerInfo(json: value) } catch { throw .unreachable(error.message) }
    }

    static func wallNow() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Timestamp(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}
