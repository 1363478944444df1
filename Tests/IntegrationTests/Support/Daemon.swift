import Foundation
import Protocol
import Testing

/// A real `timerd` process on a socket in a temporary directory, stopped by `stop()`.
final class Daemon: @unchecked Sendable {
    let directory: String
    let socket: String
    let process = Process()
    let logPath: String
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
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
        process.executableURL = URL(fileURLWithPath: Programs.timerd)
        process.arguments = ["--socket", socket] + extraArguments
        process.environment = environment
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let logHandle = FileHandle(forWritingAtPath: logPath)!
        process.standardError = logHandle
        process.standardOutput = logHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let up = eventually { RPCClient.canConnect(socket) || !process.isRunning }
        try #require(up && process.isRunning, "timerd did not start: \(log())")
    }

    var pid: Int32 { process.processIdentifier }

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
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        removeDirectory(directory)
    }
}
