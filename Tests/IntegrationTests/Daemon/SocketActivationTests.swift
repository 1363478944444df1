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

    /// A fresh directory whose socket `systemd-socket-activate` listens on, with its log.
    private struct Activation {
        let directory: String, socket: String, log: String
        let activator: Child

        /// `timerctl ARGUMENTS` on the activated socket, never spawning a daemon.
        func ctl(_ arguments: String...) throws -> ProcessResult {
            try run(Programs.timerctl, arguments + ["--socket", socket, "--no-spawn"], environment: testEnvironment(in: directory))
        }

        /// Stops the activator (and with it the daemon it started) and removes the directory.
        func stop() {
            activator.signal(SIGTERM)
            activator.wait()
            removeDirectory(directory)
        }
    }

    /// An activator listening, once its socket is there; `stop()` it when done.
    private func activation() throws -> Activation {
        let dir = makeTemporaryDirectory()
        let socket = dir + "/timerd.sock", log = dir + "/log"
        let activator: Child
        do { activator = try activate(dir, socket: socket, log: log) } catch {
            removeDirectory(dir)
            throw error
        }
        #expect(eventually { FileManager.default.fileExists(atPath: socket) })
        return Activation(directory: dir, socket: socket, log: log, activator: activator)
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
        let activated = try activation()
        defer { activated.stop() }
        #expect(try daemons(in: activated.directory).isEmpty, "no daemon runs before a client comes")

        let started = try activated.ctl("start", "pasta", "0.5")
        #expect(started.status == 0, "\(started)\n\((try? String(contentsOfFile: activated.log, encoding: .utf8)) ?? "")")
        let waited = try activated.ctl("wait", "pasta")
        #expect(waited.status == 0, "\(waited)")
        let ping = try activated.ctl("ping")
        #expect(ping.stdout.contains("started by systemd"), "\(ping)")
        let daemonLog = (try? String(contentsOfFile: activated.log, encoding: .utf8)) ?? ""
        #expect(daemonLog.contains("started by systemd"), "\(daemonLog)")
    }

    @Test("Socket activation and an autostarted daemon at once: one daemon, and it works")
    func bothMechanismsAtOnce() async throws {
        let activated = try activation()
        defer { activated.stop() }
        let env = testEnvironment(in: activated.directory)
        // The desktop's autostart runs timerd while a client's first request activates the socket.
        async let autostarted = run(Programs.timerd, ["--started-by", "autostart", "--socket", activated.socket], environment: env)
        async let client = activated.ctl("start", "tea", "0.3")
        let (other, started) = try await (autostarted, client)
        #expect(other.status == 1, "the autostarted one sees the socket served and leaves: \(other)")
        #expect(started.status == 0, "\(started)")
        #expect(try activated.ctl("wait", "tea").status == 0)
        #expect(try daemons(in: activated.directory).count == 1, "exactly one daemon")
    }
}
