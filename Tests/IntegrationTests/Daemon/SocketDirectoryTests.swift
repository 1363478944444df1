import Foundation
import Protocol
import Testing

/// A socket path given in a directory that is not there: both programs say so, and how to
/// make it, instead of "Cannot open the lock file …: No such file or directory".
@Suite("A socket path in a missing directory")
struct SocketDirectoryTests {
    @Test("TIMERD_SOCKET into a missing directory: timerd and timerctl name the directory and how to make it")
    func missingDirectory() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let missing = dir + "/not/there"
        let socket = missing + "/timerd.sock"
        var env = testEnvironment(in: dir)
        env["TIMERD_SOCKET"] = socket
        let problem = "The directory for the socket, \(missing), does not exist (TIMERD_SOCKET is \(socket)). "
            + "Create it with `mkdir -m 700 -p \(missing)`, or unset TIMERD_SOCKET to use timerd's own directory."

        let daemon = try run(Programs.timerd, [], environment: env)
        #expect(daemon.status == 1, "\(daemon)")
        #expect(daemon.stderr.contains(problem), "\(daemon)")
        for arguments in [["ls"], ["ls", "--no-spawn"], ["start", "tea", "3m"]] {
            let client = try run(Programs.timerctl, arguments, environment: env)
            #expect(client.status == 3, "\(client)")
            #expect(client.stderr == "timerctl: \(problem)\n", "\(client)")
        }
        let flag = try run(Programs.timerd, ["--socket", socket], environment: testEnvironment(in: dir))
        #expect(flag.stderr.contains("(--socket is \(socket))") && flag.stderr.contains("or leave out --socket"), "\(flag)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/not"), "nothing is made")

        // Doing what it says works.
        #expect(try run("/bin/mkdir", ["-m", "700", "-p", missing]).status == 0)
        let started = try run(Programs.timerctl, ["start", "tea", "3m"], environment: env)
        #expect(started.status == 0, "\(started)")
        let lock = try String(contentsOfFile: socket + ".lock", encoding: .utf8)
        if let pid = pid_t(lock.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGTERM)
            _ = eventually { kill(pid, 0) != 0 }
        }
    }
}
