import Foundation
import Protocol
import Testing

/// Starting, stopping, one daemon per socket, the per-user directory, and `timerctl`
/// starting the daemon when none runs.
@Suite("Daemon lifecycle")
struct LifecycleTests {
    static let noBus = "unix:path=/nonexistent/bus"

    @Test("SIGTERM and SIGINT shut down cleanly and remove the socket", arguments: [SIGTERM, SIGINT])
    func cleanShutdown(signal: Int32) throws {
        let daemon = try Daemon(bus: Self.noBus)
        #expect(FileManager.default.fileExists(atPath: daemon.socket))
        #expect(daemon.stop(signal: signal) == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socket))
    }

    @Test("A second daemon on the same socket says who is running and exits non-zero")
    func secondDaemonRefused() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let second = try run(Programs.timerd, ["--socket", daemon.socket], environment: daemon.environment)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already running (pid \(daemon.pid))"), "\(second)")
        #expect(try daemon.ctl("ping").status == 0, "the first one is untouched")
    }

    @Test("A stale socket left by a crash is replaced")
    func staleSocketReplaced() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let socket = daemon.socket
        #expect(daemon.stop(signal: SIGKILL) != 0)
        #expect(FileManager.default.fileExists(atPath: socket), "kill -9 leaves the socket behind")
        let again = try Child(Programs.timerd, ["--socket", socket], environment: daemon.environment)
        defer {
            again.signal(SIGTERM)
            again.wait()
        }
        #expect(eventually { RPCClient.canConnect(socket) })
    }

    @Test("A file that is not a socket is never replaced")
    func notASocket() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let path = dir + "/timerd.sock"
        _ = FileManager.default.createFile(atPath: path, contents: Data("precious".utf8))
        let result = try run(Programs.timerd, ["--socket", path], environment: testEnvironment(in: dir))
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a socket"), "\(result)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }

    @Test("The per-user directory is created 0700 and the socket is 0600")
    func defaultLocationPermissions() throws {
        let runtime = makeTemporaryDirectory()
        defer { removeDirectory(runtime) }
        let env = testEnvironment(in: runtime, runtime: runtime)
        let started = try run(Programs.timerctl, ["ping"], environment: env)
        #expect(started.status == 0, "\(started)")
        let dir = runtime + "/timerd"
        let socket = dir + "/timerd.sock"
        #expect(mode(dir) == 0o700)
        #expect(mode(socket) == 0o600)
        stopDaemon(lockFile: socket + ".lock")
    }

    @Test("A runtime directory others can enter is refused with the fix")
    func openDirectoryRefused() throws {
        let runtime = makeTemporaryDirectory()
        defer { removeDirectory(runtime) }
        mkdir(runtime + "/timerd", 0o755)
        chmod(runtime + "/timerd", 0o755)
        let env = testEnvironment(in: runtime, runtime: runtime)
        let daemon = try run(Programs.timerd, [], environment: env)
        #expect(daemon.status == 1)
        #expect(daemon.stderr.contains("chmod 700 \(runtime)/timerd"), "\(daemon)")
        let client = try run(Programs.timerctl, ["ls"], environment: env)
        #expect(client.status == 3)
        #expect(client.stderr.contains("chmod 700"), "\(client)")
    }

    @Test("A symlink planted as the runtime directory is refused, not followed")
    func symlinkRefused() throws {
        let runtime = makeTemporaryDirectory()
        let elsewhere = makeTemporaryDirectory()
        defer {
            removeDirectory(runtime)
            removeDirectory(elsewhere)
        }
        symlink(elsewhere, runtime + "/timerd")
        let env = testEnvironment(in: runtime, runtime: runtime)
        let daemon = try run(Programs.timerd, [], environment: env)
        #expect(daemon.status == 1)
        #expect(daemon.stderr.contains("not a directory"), "\(daemon)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test("timerctl starts the daemon when none runs; it outlives the client and its terminal session")
    func spawnsDaemon() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock"
        let env = testEnvironment(in: dir)
        // Started from a shell holding an extra descriptor, as `$(timerctl …)` holds a pipe.
        let marker = dir + "/held-by-the-client"
        let started = try run(
            "/bin/sh", ["-c", "exec 7>\(marker); exec \(Programs.timerctl) start pasta 8m --socket \(socket)"],
            environment: env)
        #expect(started.status == 0, "\(started)")
        let pid = try #require(lockHolder(socket + ".lock"))
        defer { stopDaemon(lockFile: socket + ".lock") }
        let held = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
        }
        #expect(!held.contains(marker), "the daemon keeps none of the client's descriptors: \(held)")
        #expect(getsid(pid) == pid, "the daemon leads its own session, so closing the terminal does not stop it")
        #expect(getsid(pid) != getsid(0))
        let list = try run(Programs.timerctl, ["ls", "--json", "--socket", socket, "--no-spawn"], environment: env)
        #expect(try JSONParser.parse(list.stdout).arrayValue?.first?["name"] == "pasta")
    }

    @Test("Ten clients racing with no daemon start exactly one")
    func spawnRace() async throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock"
        let env = testEnvironment(in: dir)
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for i in 0..<10 {
                group.addTask { try run(Programs.timerctl, ["start", "t\(i)", "1h", "--socket", socket], environment: env).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        defer { stopDaemon(lockFile: socket + ".lock") }
        #expect(statuses == Array(repeating: 0, count: 10))
        let daemons = try run("/usr/bin/pgrep", ["-f", "timerd .*--socket \(socket)"])
        #expect(daemons.stdout.split(separator: "\n").count == 1, "\(daemons)")
        let list = try run(Programs.timerctl, ["ls", "--json", "--socket", socket, "--no-spawn"], environment: env)
        #expect(try JSONParser.parse(list.stdout).arrayValue?.count == 10)
    }

    @Test("--no-spawn with no daemon exits 3 and says how to start one")
    func noSpawn() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let result = try run(
            Programs.timerctl, ["ls", "--socket", dir + "/timerd.sock", "--no-spawn"], environment: testEnvironment(in: dir))
        #expect(result.status == 3)
        #expect(result.stderr.contains("timerd is not running"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/timerd.sock"))
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o777
    }

    private func lockHolder(_ path: String) -> pid_t? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Stops a daemon that timerctl started (it is not our child, so no Process to wait on).
    private func stopDaemon(lockFile: String) {
        guard let pid = lockHolder(lockFile) else { return }
        kill(pid, SIGTERM)
        _ = eventually { kill(pid, 0) != 0 }
    }
}
