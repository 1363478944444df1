import Foundation
import Glibc
import Protocol
import Testing

/// waybar on sway, with no screen: wlroots' headless backend and its software renderer. Sway
/// refuses to run as root, so everything here runs as user `nobody` (`setpriv`), timerd and
/// timerctl too (timerd answers only its own user). waybar's custom module runs `command`
/// with what it prints recorded on the way, and grim photographs the bar. Everything it
/// started is stopped when it goes, whatever happened.
final class Waybar: PhotographedBar {
    static let programs = ["/usr/bin/sway", "/usr/bin/waybar", "/usr/bin/grim", "/usr/bin/setpriv", "/usr/bin/convert", "/usr/bin/identify"]
    /// Root (to become nobody), the programs, and a build that nobody can run.
    static var available: Bool {
        OtherUser.available && programs.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let width = 800, height = 200, barHeight = 28
    /// The module's look for each `class` (waybar styles a custom module by the class it is
    /// given): the ringing red as a background, the paused grey as the text's colour.
    static let background = "#1D2021", text = "#EBDBB2", ringing = "#FB4934", paused = "#928374"

    /// Owned by nobody, mode 0700: the daemon's socket and state, sway's runtime directory.
    let directory: String
    var socket: String { directory + "/timerd.sock" }
    private let marker: ProcessMarker
    private var children: [Child] = []
    private let environment: [String: String]
    private(set) var wayland = ""

    /// Starts timerd, sway and waybar as nobody; waybar's one module runs `command(socket)`
    /// (a shell command line), `"return-type": "json"`.
    init(command: (String) -> String) throws {
        directory = OtherUser.makeDirectory()
        chmod(directory, 0o700)
        marker = ProcessMarker(directory)
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_RUNTIME_DIR": directory,
            "TIMERD_STATE_DIR": directory + "/state", "TIMERD_CONFIG": directory + "/timerd.conf",
            // No notifications and no sound: only the bar.
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "PULSE_SERVER": "unix:/nonexistent/pulse",
            marker.entry.key: marker.entry.value,
        ]
        do {
            try start()
            try startBar(command(socket))
        } catch {
            stop()
            removeDirectory(directory)
            throw error
        }
    }

    private func start() throws {
        children.append(try spawn(Programs.timerd, ["--socket", socket], log: "timerd.log"))
        try #require(eventually { (try? ctl("ping").status) == 0 }, "timerd did not start as nobody: \(logs())")

        try write("output HEADLESS-1 resolution \(Self.width)x\(Self.height)\n", to: "sway.conf")
        let sway = try spawn(
            "/usr/bin/sway", ["-c", directory + "/sway.conf"], log: "sway.log",
            extra: ["WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"])
        children.append(sway)
        let directory = self.directory
        var found: String?
        try #require(
            eventually(timeout: .seconds(20)) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                found = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
                return found != nil || !sway.isRunning
            } && found != nil, "sway did not start: \(logs())")
        wayland = found!
    }

    private func startBar(_ command: String) throws {
        let module: JSONValue = [
            "exec": .string("\(command) | tee '\(directory)/stream'"), "return-type": "json", "escape": false,
        ]
        let config: JSONValue = [
            "layer": "top", "position": "top", "height": .integer(Int64(Self.barHeight)),
            "modules-right": ["custom/timer"], "custom/timer": module,
        ]
        try write(JSONWriter.string(config), to: "waybar.json")
        try write(
            """
            * { font-family: "DejaVu Sans"; font-size: 15px; }
            window#waybar { background: \(Self.background); color: \(Self.text); }
            #custom-timer { padding: 0 8px; }
            #custom-timer.ringing { background: \(Self.ringing); color: \(Self.background); }
            #custom-timer.paused { color: \(Self.paused); }

            """, to: "waybar.css")
        children.append(
            try spawn(
                "/usr/bin/waybar", ["-c", directory + "/waybar.json", "-s", directory + "/waybar.css"], log: "waybar.log",
                extra: ["WAYLAND_DISPLAY": wayland]))
    }

    /// Starts `program` as nobody, with the environment above and `extra`.
    private func spawn(_ program: String, _ arguments: [String], log: String, extra: [String: String] = [:]) throws -> Child {
        try Child(
            "/usr/bin/setpriv",
            ["--reuid=\(OtherUser.uid)", "--regid=\(OtherUser.uid)", "--clear-groups", "--", program] + arguments,
            environment: environment.merging(extra) { $1 }, stdout: directory + "/" + log, stderr: directory + "/" + log)
    }

    private func write(_ text: String, to name: String) throws {
        try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        chown(directory + "/" + name, OtherUser.uid, OtherUser.uid)
    }

    /// Runs `timerctl` as nobody against this daemon.
    @discardableResult
    func ctl(_ arguments: String...) throws -> ProcessResult {
        let child = try spawn(Programs.timerctl, arguments + ["--socket", socket, "--no-spawn"], log: "ctl.out")
        let status = child.wait()
        let path = directory + "/ctl.out"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return ProcessResult(status: status, stdout: output, stderr: "")
    }

    func logs() -> String {
        ["timerd.log", "sway.log", "waybar.log"].map { name in
            "\(name): " + String(((try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "").suffix(1500))
        }.joined(separator: "\n")
    }

    /// What the module was given so far: one JSON object a line.
    func stream() -> String {
        (try? String(contentsOfFile: directory + "/stream", encoding: .utf8)) ?? ""
    }

    /// The last whole line, parsed.
    var latest: JSONValue? {
        let lines = stream().split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2 else { return nil }
        return try? JSONParser.parse(String(lines[lines.count - 2]))
    }

    func waitForLine(timeout: Duration = .seconds(20), _ condition: (JSONValue) -> Bool) -> Bool {
        eventually(timeout: timeout) { latest.map(condition) ?? false }
    }

    /// The bar as waybar drew it (grim, as nobody, on sway's screen).
    func photograph() throws -> Screenshot {
        let png = directory + "/bar.png"
        let grim = try spawn(
            "/usr/bin/grim", ["-g", "0,0 \(Self.width)x\(Self.barHeight)", png], log: "grim.log",
            extra: ["WAYLAND_DISPLAY": wayland])
        guard grim.wait() == 0 else { throw BarError("grim failed: \(logs())") }
        return try Screenshot(png: png)
    }

    /// Stops waybar (and its module), sway and timerd, then anything of ours left.
    func stop() {
        for child in children.reversed() {
            child.signal(SIGTERM)
            if !eventually(timeout: .seconds(3), { !child.isRunning }) { child.signal(SIGKILL) }
            child.wait()
        }
        children = []
        marker.killAll()
    }

    deinit {
        stop()
        removeDirectory(directory)
    }
}
