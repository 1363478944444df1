import Glibc

/// Records what a real sound server plays, with `parec`, and measures the recording with
/// `sox … stat`. Shared by the test targets that ring.
///
/// `scripts/with-desktop` starts PulseAudio for the tests and says so in TIMERD_TEST_SOUND.
/// Tests run side by side and every daemon of the integration tests rings, so a test that
/// listens plays into a sink of its own (`Sink`: a null sink made for it, to which a daemon
/// is sent with `PULSE_SINK`) and records that sink's monitor. A test that stops the sound
/// server starts one of its own (`SoundServer.start()`).
public final class SoundRecorder {
    /// Whether a sound server runs for the tests.
    public static var available: Bool { getenv("TIMERD_TEST_SOUND") != nil }

    public let path: String
    private let pid: pid_t
    private let started: timespec

    /// Starts recording `sink` (the first few tens of milliseconds may be missed while parec
    /// connects).
    public init(_ sink: Sink) throws(SoundRecorderError) {
        var template = Array("/tmp/timerd-recording.XXXXXX".utf8CString)
        guard let dir = mkdtemp(&template) else { throw SoundRecorderError("mkdtemp failed") }
        path = String(cString: dir) + "/recording.wav"
        pid = try Self.spawn(
            "parec", ["--latency-msec=20", "-d", sink.monitor, "--file-format=wav", path], output: "/dev/null",
            environment: sink.server.environment)
        // parec takes a while to connect (up to a second on a busy machine): the recording's
        // time 0 is when its first samples reach the file, so that `elapsed` matches offsets in it.
        let deadline = Self.now().tv_sec + 10
        var info = stat()
        while stat(path, &info) != 0 || info.st_size <= 44 {
            guard Self.now().tv_sec < deadline else {
                kill(pid, SIGKILL)
                throw SoundRecorderError("parec recorded nothing from \(sink.monitor) in 10 s")
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
        started = Self.now()
    }

    /// Seconds since recording started.
    public var elapsed: Double {
        let t = Self.now()
        return Double(t.tv_sec - started.tv_sec) + Double(t.tv_nsec - started.tv_nsec) / 1e9
    }

    /// Stops recording. SIGINT, not SIGTERM: on SIGTERM parec loses what it still buffers.
    public func stop() {
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The RMS amplitude (0…1) of the recording from `start` seconds to `end` (nil: its end).
    public func rms(from start: Double = 0, to end: Double? = nil) throws(SoundRecorderError) -> Double {
        var arguments = [path, "-n", "trim", String(max(0, start))]
        if let end { arguments.append("=\(end)") }
        arguments.append("stat")
        let report = try Self.output(of: "sox", arguments)
        guard let line = report.split(separator: "\n").first(where: { $0.hasPrefix("RMS     amplitude:") }),
            let value = Double(line.split(separator: " ").last ?? "")
        else { throw SoundRecorderError("sox gave no RMS amplitude for \(path) from \(start) s: \(report)") }
        return value.isNaN ? 0 : value
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        let dir = String(path.dropLast("/recording.wav".count))
        unlink(path)
        rmdir(dir)
    }

    static func now() -> timespec {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t
    }

    /// What `program` printed; throws if it failed.
    static func output(of program: String, _ arguments: [String], environment: [String: String] = [:])
        throws(SoundRecorderError) -> String
    {
        var template = Array("/tmp/timerd-sox.XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw SoundRecorderError("mkstemp failed") }
        close(fd)
        let file = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(file) }
        let pid = try spawn(program, arguments, output: file, environment: environment)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard let handle = fopen(file, "r") else { throw SoundRecorderError("cannot read \(program)'s output") }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, handle), count > 0 { bytes += buffer[..<count] }
        let text = String(decoding: bytes, as: UTF8.self)
        guard status == 0 else { throw SoundRecorderError("\(program) \(arguments) failed (status \(status)): \(text)") }
        return text
    }

    /// Starts `program` (found on PATH), its stdout and stderr into `output`, with the
    /// environment and `environment` over it.
    static func spawn(_ program: String, _ arguments: [String], output: String, environment: [String: String] = [:])
        throws(SoundRecorderError) -> pid_t
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The test runner may block signals, and a child inherits the mask: parec must see SIGINT.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var inherited: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !environment.keys.contains(where: { text.hasPrefix($0 + "=") }) { inherited.append(text) }
            entry += 1
        }
        var envp = (inherited + environment.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp)
        guard result == 0 else { throw SoundRecorderError("cannot start \(program): \(String(cString: strerror(result)))") }
        return pid
    }
}

/// A null sink of a test's own on a sound server, removed when it is released.
public final class Sink {
    public let name: String
    public let server: SoundServer
    private let module: String

    public init(on server: SoundServer = .shared) throws(SoundRecorderError) {
        self.server = server
        name = "timerd_test_" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        module = try server.pactl(["load-module", "module-null-sink", "sink_name=\(name)"])
            .split(separator: "\n").first.map(String.init) ?? ""
    }

    /// A sink the server already has (one of its own server's, which goes with the server).
    public init(existing name: String, on server: SoundServer) {
        self.server = server
        self.name = name
        module = ""
    }

    /// What records it.
    public var monitor: String { name + ".monitor" }

    /// The environment that sends a program's sound here.
    public var environment: [String: String] { server.environment.merging(["PULSE_SINK": name]) { $1 } }

    /// The streams playing into it now.
    public func streams() throws(SoundRecorderError) -> Int {
        func fields(_ line: Substring) -> [String] { line.split(separator: "\t").map(String.init) }
        let sinks = try server.pactl(["list", "short", "sinks"]).split(separator: "\n").map(fields)
        guard let index = sinks.first(where: { $0.count > 1 && $0[1] == name })?.first else { return 0 }
        return try server.pactl(["list", "short", "sink-inputs"]).split(separator: "\n").map(fields)
            .filter { $0.count > 1 && $0[1] == index }.count
    }

    deinit {
        if !module.isEmpty { _ = try? server.pactl(["unload-module", module]) }
    }
}

/// A PulseAudio server: the tests' shared one, or one a test starts, stops and starts again
/// (with one sink, `SoundServer.output`).
public final class SoundServer: @unchecked Sendable {  // its pid changes only in the test that owns it
    /// The server `scripts/with-desktop` started.
    public static let shared = SoundServer(environment: [:], directory: nil)
    /// The sink of a server a test starts.
    public static let output = "default_out"

    /// What a client needs to reach it (nothing for the shared one: the desktop's default).
    public let environment: [String: String]
    private let directory: String?
    private var pid: pid_t = 0

    private init(environment: [String: String], directory: String?) {
        self.environment = environment
        self.directory = directory
    }

    /// Starts a server of the test's own, in a directory of its own.
    public static func start() throws(SoundRecorderError) -> SoundServer {
        var template = Array("/tmp/timerd-pulse.XXXXXX".utf8CString)
        guard let dir = mkdtemp(&template) else { throw SoundRecorderError("mkdtemp failed") }
        let directory = String(cString: dir)
        let server = SoundServer(environment: ["PULSE_SERVER": "unix:\(directory)/native"], directory: directory)
        try server.run()
        return server
    }

    /// Kills the server (SIGKILL: a crash, not a goodbye) and waits for it to go.
    public func kill() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGKILL)
        Glibc.kill(pid, SIGCONT)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        if let directory { unlink(directory + "/native") }
    }

    /// Stops the server without killing it (SIGSTOP), as a server that hangs; `resume` lets it go on.
    public func hang() { if pid > 0 { Glibc.kill(pid, SIGSTOP) } }

    public func resume() { if pid > 0 { Glibc.kill(pid, SIGCONT) } }

    /// Starts it again, at the same address.
    public func restart() throws(SoundRecorderError) {
        kill()
        try run()
    }

    private func run() throws(SoundRecorderError) {
        guard let directory else { return }
        pid = try SoundRecorder.spawn(
            "pulseaudio",
            [
                "--daemonize=no", "--exit-idle-time=-1", "-n", "--use-pid-file=no", "--disable-shm=yes",
                "-L", "module-null-sink sink_name=\(Self.output)",
                "-L", "module-native-protocol-unix socket=\(directory)/native auth-anonymous=1",
            ],
            output: directory + "/pulseaudio.log",
            // Off the session bus, where the shared server holds the name org.PulseAudio1.
            environment: [
                "HOME": directory, "XDG_RUNTIME_DIR": directory, "PULSE_RUNTIME_PATH": directory + "/runtime",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory)/no-bus",
            ])
        let deadline = SoundRecorder.now().tv_sec + 10
        while (try? pactl(["info"])) == nil {
            guard SoundRecorder.now().tv_sec < deadline else {
                throw SoundRecorderError("pulseaudio did not start in \(directory)")
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// Puts a sound in the server's sample cache under `name`, as a desktop's sound theme
    /// players do.
    public func cache(_ file: String, as name: String) throws(SoundRecorderError) {
        _ = try pactl(["upload-sample", file, name])
    }

    func pactl(_ arguments: [String]) throws(SoundRecorderError) -> String {
        try SoundRecorder.output(of: "pactl", arguments, environment: environment)
    }

    deinit {
        kill()
    }
}

public struct SoundRecorderError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
