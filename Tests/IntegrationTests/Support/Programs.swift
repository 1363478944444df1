import Foundation
import Testing

/// Where the built `timerd` and `timerctl` are: next to this test binary, in the same build
/// directory (`.build/debug`), because the test target depends on both.
enum Programs {
    static let directory: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().path
    }()

    static var timerd: String { directory + "/timerd" }
    static var timerctl: String { directory + "/timerctl" }
}

/// The private desktop `make test` provides: a session bus with dunst on it.
enum Desktop {
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment["TIMERD_TEST_DESKTOP"] == "1"
            && ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil
    }

    /// Fails the test with the way to get a desktop when there is none.
    static func require() throws {
        try #require(
            isAvailable,
            "These tests need a session bus with a notification server; run them with `make test` (it starts Xvfb, D-Bus and dunst).")
    }
}

/// The environment for a daemon or client under test: the test runner's, with the socket and
/// the state moved into `directory` (never the user's), and a session bus of choice.
func testEnvironment(in directory: String, runtime: String? = nil, bus: String? = "unix:path=/nonexistent/bus")
    -> [String: String]
{
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "TIMERD_SOCKET")
    environment["TIMERD_STATE_DIR"] = directory + "/state"
    // Never the user's settings or presets.
    environment["TIMERD_CONFIG"] = directory + "/timerd.conf"
    if let runtime { environment["XDG_RUNTIME_DIR"] = runtime }
    if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus }
    return environment
}

/// A finished process.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs a program to completion and returns its status and output.
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: String? = nil)
    throws -> ProcessResult
{
    let dir = makeTemporaryDirectory()
    defer { removeDirectory(dir) }
    let outPath = dir + "/out", errPath = dir + "/err", inPath = dir + "/in"
    if let stdin { _ = FileManager.default.createFile(atPath: inPath, contents: Data(stdin.utf8)) }
    let child = try Child(
        executable, arguments, environment: environment, stdin: stdin == nil ? nil : inPath, stdout: outPath,
        stderr: errPath)
    let status = child.wait()
    return ProcessResult(
        status: status,
        stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// A fresh private directory under /tmp (short, so socket paths fit in `sun_path`).
func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/timerd-test.XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    return path
}

func removeDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// A unique timer name, so tests sharing one notification server tell their notifications apart.
func uniqueName(_ base: String) -> String {
    "\(base)-\(UInt32.random(in: 0...UInt32.max))"
}

/// Polls `condition` every few milliseconds until it holds or `timeout` passes. For waiting
/// on another process (a socket appearing, a process exiting), where no clock can be injected.
func eventually(timeout: Duration = .seconds(5), _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        usleep(5_000)
    }
    return try condition()
}

/// The wall clock now, in seconds since the epoch.
func wallSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
