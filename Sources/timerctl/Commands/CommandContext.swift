import Glibc
import Protocol

/// What every command runs with: where the daemon is, the clock and calendar, the terminal
/// and where output goes, and the ways of asking the daemon that several commands share.
struct CommandContext {
    var socket: String?
    var noSpawn = false
    var calendar = LocalCalendar(zone: SystemTimeZone())
    var output: (String) -> Void = { print($0, terminator: "") }
    /// A line for standard error, as `timerctl: …`, for what goes on despite it.
    var warn: (String) -> Void = { line in
        var bytes = Array("timerctl: \(line)\n".utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
    }
    var terminal = Terminal.detect(environment: Environment.current())

    var render: Render { Render(now: Self.wallNow(), calendar: calendar, terminal: terminal) }
    var builder: RequestBuilder {
        RequestBuilder(now: Self.wallNow(), calendar: calendar, files: .live(currentDirectory: Self.currentDirectory()))
    }

    /// Applies a per-timer command to every name (in one round trip), reporting each;
    /// fails at the end if any was refused, after the others were applied.
    func each(_ names: [String], _ make: (String) -> Request, verb: String, finished: Bool = false)
        throws(CtlFailure)
    {
        let render = render
        try each(names, make) { timer in finished ? "\(timer.name) \(verb)." : render.changed(timer, verb) }
    }

    /// `each`, saying of each timer changed what `line` makes of it.
    func each(_ names: [String], _ make: (String) -> Request, saying line: (TimerInfo) -> String) throws(CtlFailure) {
        var connection = try connect()
        var refusals: [String] = []
        for (_, result) in zip(names, try connection.call(names.map(make))) {
            switch result {
            case .success(let reply):
                output(line(try timer(reply)) + "\n")
            case .failure(let failure): refusals.append(failure.message)
            }
        }
        if !refusals.isEmpty { throw .refused(refusals.joined(separator: "\ntimerctl: ")) }
    }

    /// The timers as the daemon sent them, and read.
    func list(_ connection: inout DaemonConnection) throws(CtlFailure) -> (objects: [JSONValue], timers: [TimerInfo]) {
        let reply = try connection.call(.list)
        guard case .array(let items)? = reply["timers"] else { throw .unreachable("The daemon's reply has no timers in it.") }
        // A timer this version cannot read (a kind a later timerd has) is left out, and said.
        let timers = items.compactMap { try? TimerInfo(json: $0) }
        if timers.count < items.count {
            let n = items.count - timers.count
            warn("\(n) timer\(n == 1 ? "" : "s") of a kind this timerctl does not know (from a newer timerd) "
                + "\(n == 1 ? "is" : "are") not shown; `timerctl ls --json` shows every timer.")
        }
        return (items, timers)
    }

    /// One request on a connection of its own.
    func request(_ request: Request) throws(CtlFailure) -> JSONValue {
        var connection = try connect()
        return try connection.call(request)
    }

    /// Sends a request that starts a timer, and prints the line that says it started.
    /// Starts a timer and confirms it; `note`, a second line (a bare number's unit).
    func start(_ request: Request, note: String? = nil) throws(CtlFailure) {
        let reply = try self.request(request)
        output(render.started(try timer(reply)) + "\n" + (note.map { $0 + "\n" } ?? ""))
    }

    func connect() throws(CtlFailure) -> DaemonConnection { try connect(spawn: !noSpawn) }

    /// A connection to the daemon, started first if none answers and `spawn`.
    func connect(spawn: Bool) throws(CtlFailure) -> DaemonConnection {
        try Connect.daemon(location, spawn: spawn)
    }

    /// Where the daemon's socket is.
    var socketPath: String { location.path }

    private var location: SocketLocation {
        var location = SocketLocation.current(explicit: socket)
        // The daemon runs in "/": give it an absolute path.
        if !location.path.hasPrefix("/") { location.path = Self.currentDirectory() + "/" + location.path }
        return location
    }

    /// The timer in a reply.
    func timer(_ reply: JSONValue) throws(CtlFailure) -> TimerInfo {
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
