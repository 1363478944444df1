import Foundation
import Glibc

/// A finished process, or one that was killed for taking too long.
struct BoundedResult: CustomStringConvertible {
    var result: ProcessResult
    /// It was still running at the deadline and was killed (`result.status` is then 137).
    var timedOut: Bool
    /// From start to exit (or to the kill).
    var elapsed: Duration

    var description: String {
        (timedOut ? "killed after \(elapsed), still running at its deadline\n" : "finished in \(elapsed)\n") + "\(result)"
    }
}

/// Runs a program for at most `limit`, then kills it: for a test whose failure would
/// otherwise be a process that never ends (and a test that waits for it for ever).
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, within limit: Duration)
    throws -> BoundedResult
{
    let dir = makeTemporaryDirectory()
    defer { removeDirectory(dir) }
    let outPath = dir + "/out", errPath = dir + "/err"
    let started = ContinuousClock.now
    let child = try Child(executable, arguments, environment: environment, stdout: outPath, stderr: errPath)
    let done = eventually(timeout: limit) { !child.isRunning }
    if !done { child.signal(SIGKILL) }
    let status = child.wait()
    return BoundedResult(
        result: ProcessResult(
            status: status,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""),
        timedOut: !done, elapsed: ContinuousClock.now - started)
}

extension Daemon {
    /// Runs `timerctl` against this daemon for at most `limit`.
    func ctl(_ arguments: [String], within limit: Duration) throws -> BoundedResult {
        try run(Programs.timerctl, arguments + ["--socket", socket, "--no-spawn"], environment: environment, within: limit)
    }
}
