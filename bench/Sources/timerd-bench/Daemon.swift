import Glibc

/// A timerd of the harness's own: its socket, state and config in a private directory, on the
/// session bus the harness runs on.
final class Daemon {
    let program: String
    let directory: String
    var socket: String { directory + "/timerd.sock" }
    var log: String { directory + "/timerd.log" }
    private(set) var pid: pid_t = 0
    /// Spawn to the first answered `ping`, of the last start, in ms.
    private(set) var startupMilliseconds = 0.0

    /// The environment for the daemon and for timerctl talking to it.
    var environment: [String] {
        Spawn.environment([
            "TIMERD_SOCKET": socket, "TIMERD_STATE_DIR": directory + "/state",
            "TIMERD_CONFIG": directory + "/timerd.conf",
        ])
    }

    init(program: String, directory: String) throws {
        self.program = program
        self.directory = directory
        try start()
    }

    deinit { stop() }

    func start() throws {
        // BENCH_TIMERD_CONF: settings for the daemon's [notifications], for an A/B run (say,
        // "sound-player = server" against the default ring); none by default.
        if let settings = getenv("BENCH_TIMERD_CONF").map({ String(cString: $0) }), let file = fopen(directory + "/timerd.conf", "w") {
            fputs("[notifications]\n\(settings)\n", file)
            fclose(file)
        }
        let begin = Clock.monotonic()
        pid = try Spawn.start([program], environment: environment, stdout: log, stderr: log)
        while true {
            if let client = try? Client(socket: socket), (try? client.call(Requests.line("ping"))) != nil { break }
            guard kill(pid, 0) == 0 else { throw Spawn.Failure(description: "timerd exited at start-up; see \(log)") }
            guard Clock.monotonic() - begin < 30_000_000_000 else {
                throw Spawn.Failure(description: "timerd did not answer within 30 s; see \(log)")
            }
            Clock.sleep(milliseconds: 1)
        }
        startupMilliseconds = Double(Clock.monotonic() - begin) / 1e6
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        Spawn.wait(pid)
        pid = 0
    }

    func connect() throws -> Client { try Client(socket: socket) }

    var residentMiB: Double { Proc.residentMiB(pid) }
}

/// A fresh private directory under the report's scratch space.
func makeDirectory(_ name: String) -> String {
    var template = Array("/tmp/timerd-bench-\(name).XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a directory in /tmp") }
    return String(cString: made)
}

func removeDirectory(_ path: String) {
    _ = try? Spawn.run(["rm", "-rf", path])
}
