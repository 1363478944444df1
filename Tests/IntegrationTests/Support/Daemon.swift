import Foundation
import Protocol
import Testing

/// A real `timerd` process on a socket in a temporary directory, stopped by `stop()`.
final class Daemon {
    let directory: String
    let socket: String
    private(set) var process: Child
    let logPath: String
    let arguments: [String]
    var environment: [String: String]

    /// Starts `timerd --socket DIR/timerd.sock` and waits until it accepts connections.
    /// `bus` replaces the session bus address (e.g. a dead one, to test life without a server).
    init(bus: String? = nil, extraArguments: [String] = [], environment extra: [String: String] = [:]) throws {
        directory = makeTemporaryDirectory()
        socket = directory + "/timerd.sock"
        logPath = directory + "/timerd.log"
        var environment = ProcessInfo.processInfo.environment
        if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus }
        environment.removeValue(forKey: "TIMERD_SOCKET")
        // Each daemon keeps its timers in its own directory, never the user's.
        environment["TIMERD_STATE_DIR"] = directory + "/state"
        // Never the user's settings or presets (a test may give its own).
        environment["TIMERD_CONFIG"] = directory + "/timerd.conf"
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
        arguments = ["--socket", socket] + extraArguments
        process = try Self.launch(arguments, environment: environment, log: logPath)
    }

    private static func launch(_ arguments: [String], environment: [String: String], log: String) throws -> Child {
        let process = try Child(Programs.timerd, arguments, environment: environment, stdout: log, stderr: log)
        let socket = arguments[1]
        // Up means answering: the socket is bound early, the timers and settings load after.
        let up = eventually { RPCClient.answersPing(socket) || !process.isRunning }
        try #require(up && process.isRunning, "timerd did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        return process
    }

    /// Starts the daemon again, on the same socket and state, after `stop()` (or `kill -9`).
    func restart() throws {
        precondition(!process.isRunning, "stop the daemon before restarting it")
        process = try Self.launch(arguments, environment: environment, log: logPath)
    }

    var pid: Int32 { process.pid }

    /// Everything the daemon wrote to stderr so far.
    func log() -> String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Runs `timerctl` against this daemon (never spawning another).
    func ctl(_ arguments: String...) throws -> ProcessResult {
        try ctl(arguments)
    }

    func ctl(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
        var env = environment
        for (key, value) in extra { env[key] = value }
        return try run(Programs.timerctl, arguments + ["--socket", socket, "--no-spawn"], environment: env)
    }

    func connect() throws -> RPCClient { try RPCClient(path: socket) }

    /// Sends SIGTERM and waits for the exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        process.signal(signal)
        return process.wait()
    }

    deinit {
        process.signal(SIGKILL)
        process.wait()
        removeDirectory(directory)
    }
}
