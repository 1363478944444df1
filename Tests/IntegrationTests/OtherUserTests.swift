import Foundation
import Protocol
import Testing

/// Another local user: the user `nobody`, reached with `runuser` and `setpriv`, which only root
/// can do. What each test proves is in docs/security.md ("Other users").
enum OtherUser {
    static let uid: uid_t = 65_534
    static let name = "nobody"

    /// Root, with runuser and setpriv, and the built programs reachable by nobody (a build
    /// under a private home directory is not).
    static let available: Bool = {
        guard getuid() == 0, access("/usr/sbin/runuser", X_OK) == 0, access("/usr/bin/setpriv", X_OK) == 0 else { return false }
        return (try? IntegrationTests.run("/usr/sbin/runuser", ["-u", name, "--", Programs.timerctl, "--version"]).status) == 0
    }()

    /// Runs `program` as nobody, with exactly the environment given.
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil)
        throws -> ProcessResult
    {
        let env = ["PATH=/usr/bin:/bin", "HOME=/nonexistent"] + environment.map { "\($0.key)=\($0.value)" }.sorted()
        return try IntegrationTests.run(
            "/usr/sbin/runuser", ["-u", name, "--", "/usr/bin/env", "-i"] + env + [program] + arguments, stdin: stdin)
    }

    /// A directory that nobody owns, mode 0700.
    static func makeDirectory() -> String {
        let dir = makeTemporaryDirectory()
        chown(dir, uid, uid)
        return dir
    }
}

@Suite(
    "Other users are refused",
    .enabled(if: OtherUser.available, "needs root (to act as user nobody with runuser and setpriv) and a build nobody can run"))
struct OtherUserTests {
    static let noBus = "unix:path=/nonexistent/bus"

    /// The daemon's timers, to compare before and after.
    static func timers(_ daemon: Daemon) throws -> TimerSnapshot {
        TimerSnapshot(try #require(try daemon.connect().call("list")["result"]?["timers"]?.arrayValue))
    }

    @Test("timerctl run by another user cannot pass the private directory and says whose it is")
    func privateDirectoryKeepsOthersOut() throws {
        let daemon = try Daemon(bus: Self.noBus)
        #expect(try daemon.ctl("start", "mine", "1h").status == 0)
        let result = try OtherUser.run(Programs.timerctl, ["ls", "--socket", daemon.socket, "--no-spawn"])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("Cannot reach timerd at \(daemon.socket): permission denied"), "\(result)")
        #expect(result.stderr.contains("belongs to another user, and each user runs their own timerd"), "\(result)")
        #expect(!result.stdout.contains("mine"))
        #expect(try Self.timers(daemon).timers.keys.sorted() == ["mine"])
    }

    @Test("Pointed at another user's runtime directory, timerctl refuses it by its owner")
    func anotherUsersRuntimeDirectory() throws {
        let runtime = makeTemporaryDirectory()
        defer { removeDirectory(runtime) }
        chmod(runtime, 0o755)
        let env = testEnvironment(in: runtime, runtime: runtime)
        #expect(try run(Programs.timerctl, ["start", "mine", "1h"], environment: env).status == 0)
        defer { stopDaemon(lockFile: runtime + "/timerd/timerd.sock.lock") }
        let result = try OtherUser.run(Programs.timerctl, ["ls", "--no-spawn"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr.contains("\(runtime)/timerd belongs to user 0, not to you (\(OtherUser.uid))"), "\(result)")
    }

    @Test("With the socket open to all, the daemon still refuses another user (SO_PEERCRED), and timerctl refuses it")
    func peerCredentialsRefuseOthers() throws {
        let daemon = try Daemon(bus: Self.noBus)
        #expect(try daemon.ctl("start", "mine", "1h", "-m", "private").status == 0)
        let before = try Self.timers(daemon)
        // Opened up by mistake: the directory and socket permissions no longer keep anyone out.
        chmod(daemon.directory, 0o755)
        chmod(daemon.socket, 0o666)

        // A raw client (socat) as nobody: the daemon says why it refuses and hangs up, before
        // reading anything (so only read: a write could meet the closed socket first).
        let raw = try OtherUser.run("/usr/bin/socat", ["-u", "UNIX-CONNECT:\(daemon.socket)", "-"])
        let reply = try JSONParser.parse(try #require(raw.stdout.split(separator: "\n").first.map(String.init), "\(raw)"))
        #expect(reply["id"] == .null)
        #expect(reply["error"]?["code"] == .integer(-32600))
        let message = reply["error"]?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("This timerd belongs to user 0, not to you (user \(OtherUser.uid)); each user runs their own timerd."))
        #expect(reply["error"]?["data"] == ["reason": "other-user", "uid": .integer(Int64(OtherUser.uid)), "owner": 0])
        #expect(!raw.stdout.contains("private"), "nothing of the timers leaks")
        #expect(daemon.log().contains("refused a connection from uid \(OtherUser.uid)"))

        // timerctl as nobody: it sees the daemon is not its user's and will not talk to it.
        let ctl = try OtherUser.run(Programs.timerctl, ["ls", "--socket", daemon.socket, "--no-spawn"])
        #expect(ctl.status == 3, "\(ctl)")
        #expect(ctl.stderr.contains("is run by user 0, not by you (user \(OtherUser.uid)); timerctl will not talk to it"), "\(ctl)")
        let change = before.difference(from: try Self.timers(daemon))
        #expect(change == nil, "the daemon and its timers are untouched: \(change ?? "")")
    }

    @Test("A user's daemon refuses root unless started with --allow-root", arguments: [false, true])
    func rootOnlyIfAllowed(allowRoot: Bool) throws {
        let dir = OtherUser.makeDirectory()
        defer { removeDirectory(dir) }
        let socket = dir + "/timerd.sock"
        let env = [
            "TIMERD_STATE_DIR": dir + "/state", "TIMERD_CONFIG": dir + "/timerd.conf", "HOME": "/nonexistent",
            "DBUS_SESSION_BUS_ADDRESS": Self.noBus,
        ]
        // setpriv execs timerd in place (runuser would stay as its parent): the child is timerd.
        let daemon = try Child(
            "/usr/bin/setpriv",
            ["--reuid=\(OtherUser.uid)", "--regid=\(OtherUser.uid)", "--clear-groups", "--", Programs.timerd, "--socket", socket]
                + (allowRoot ? ["--allow-root"] : []),
            environment: env, stderr: dir + "/timerd.log")
        defer {
            daemon.signal(SIGTERM)
            daemon.wait()
        }
        #expect(eventually { RPCClient.canConnect(socket) || !daemon.isRunning })
        let ctl = try run(Programs.timerctl, ["ping", "--socket", socket, "--no-spawn"], environment: testEnvironment(in: dir))
        if allowRoot {
            #expect(ctl.status == 0, "\(ctl)")
        } else {
            #expect(ctl.status == 1, "\(ctl)")
            #expect(ctl.stderr.contains("This timerd belongs to user \(OtherUser.uid) and does not serve root"), "\(ctl)")
            #expect(ctl.stderr.contains("--allow-root"), "\(ctl)")
        }
    }

    /// Stops a daemon that timerctl started (it is not our child).
    private func stopDaemon(lockFile: String) {
        guard let text = try? String(contentsOfFile: lockFile, encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return }
        kill(pid, SIGTERM)
        _ = eventually { kill(pid, 0) != 0 }
    }
}
