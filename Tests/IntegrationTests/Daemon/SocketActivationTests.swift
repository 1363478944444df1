import Foundation
import Protocol
import Testing

/// systemd socket activation, end to end, with `systemd-socket-activate` (from Debian's
/// systemd package) standing in for the user manager: it listens on the socket and starts
/// timerd with it at the first connection, as `timerd.socket` does.
@Suite("Socket activation")
struct SocketActivationTests {
    static let activator = "/usr/bin/systemd-socket-activate"

    /// `systemd-socket-activate -l SOCKET timerd …`, with the test's state and no session bus.
    private func activate(_ directory: String, socket: String, log: String) throws -> Child {
        let env = testEnvironment(in: directory)
        var arguments = ["-l", socket]
        for key in ["TIMERD_STATE_DIR", "TIMERD_CONFIG", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "HOME"] {
            if let value = env[key] { arguments += ["-E", "\(key)=\(value)"] }
        }
        return try Child(Self.activator, arguments + [Programs.timerd, "--verbose"], environment: env, stderr: log)
    }

    /// The timerd processes whose environment names `directory` (this test's state).
    private func daemons(in directory: String) throws -> [String] {
        let pids = try run("/usr/bin/pgrep", ["-x", "timerd"]).stdout.split(separator: "\n").map(String.init)
        return pids.filter { pid in
            ((try? String(contentsOfFile: "/proc/\(pid)/environ", encoding: .isoLatin1)) ?? "").contains(directory)
        }
    }

    @Test("The first timerctl starts the daemon through the passed socket, and the timer fires")
    func firstClientStartsTheDaemon() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock", log = dir + "/log"
        let activator = try activate(dir, socket: socket, log: log)
        defer {
            activator.signal(SIGTERM)
            activator.wait()
        }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        #expect(try daemons(in: dir).isEmpty, "no daemon runs before a client comes")

        let env = testEnvironment(in: dir)
        let started = try run(Programs.timerctl, ["start", "pasta", "0.5", "--socket", socket, "--no-spawn"], environment: env)
        #expect(started.status == 0, "\(started)\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let waited = try run(Programs.timerctl, ["wait", "pasta", "--socket", socket, "--no-spawn"], environment: env)
        #expect(waited.status == 0, "\(waited)")
        let ping = try run(Programs.timerctl, ["ping", "--socket", socket, "--no-spawn"], environment: env)
        #expect(ping.stdout.contains("started by systemd"), "\(ping)")
        let daemonLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(daemonLog.contains("started by systemd"), "\(daemonLog)")
    }

    @Test("Socket activation and an autostarted daemon at once: one daemon, and it works")
    func bothMechanismsAtOnce() async throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock", log = dir + "/log"
        let activator = try activate(dir, socket: socket, log: log)
        defer {
            activator.signal(SIGTERM)
            activator.wait()
        }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        let env = testEnvironment(in: dir)
        // The desktop's autostart runs timerd while a client's first request activates the socket.
        async let autostarted = run(Programs.timerd, ["--started-by", "autostart", "--socket", socket], environment: env)
        async let client = run(Programs.timerctl, ["start", "tea", "0.3", "--socket", socket, "--no-spawn"], environment: env)
        let (other, started) = try await (autostarted, client)
        #expect(other.status == 1, "the autostarted one sees the socket served and leaves: \(other)")
        #expect(started.status == 0, "\(started)")
        #expect(try run(Programs.timerctl, ["wait", "tea", "--socket", socket, "--no-spawn"], environment: env).status == 0)
        #expect(try daemons(in: dir).count == 1, "exactly one daemon")
    }
}
