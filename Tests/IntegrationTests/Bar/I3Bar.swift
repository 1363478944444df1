import Foundation
import Glibc
import Protocol
import Testing

/// A real i3 status bar on an X server of its own: Xvfb, i3 with one bar (i3bar) whose
/// status command is i3blocks running one block, `command`. What i3blocks sends i3bar (the
/// i3bar protocol, one status line a line) is recorded on the way, and the bar can be
/// photographed. Everything it started is stopped when it goes, whatever happened.
///
/// The X server is never the shared one (`DISPLAY`) that other tests use: Xvfb picks a free
/// display itself (`-displayfd`), so tests running at once cannot take the same one.
final class I3Bar: PhotographedBar {
    /// Xvfb, i3, i3bar, i3blocks, ImageMagick and xdotool, where `scripts/deps test` installs them.
    static let programs = [
        "/usr/bin/Xvfb", "/usr/bin/i3", "/usr/bin/i3bar", "/usr/bin/i3blocks", "/usr/bin/import", "/usr/bin/convert",
        "/usr/bin/identify", "/usr/bin/xdotool",
    ]
    static var available: Bool { programs.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) } }

    /// Whether i3blocks hands a persistent block the clicks on it: from 1.5 on, on a stdin of
    /// the block's own. 1.4 (Debian 12's) gives it none: the block inherits i3blocks' stdin,
    /// i3bar's raw click stream (`[`, then `{…}`, then `,{…}` for every later click), which
    /// i3blocks reads too, so that each click goes to whichever reads first.
    static let passesClicks: Bool = {
        guard available, let version = try? run("/usr/bin/i3blocks", ["-V"]) else { return false }
        let words = (version.stdout + version.stderr).split(whereSeparator: \.isWhitespace)
        guard let number = words.dropFirst().first, words.first == "i3blocks" else { return false }
        let parts = number.split(separator: ".").compactMap { Int($0) }
        return parts.count >= 2 && (parts[0], parts[1]) >= (1, 5)
    }()

    /// The screen: wide enough for a status line, no taller than needed.
    static let width = 1024, height = 200
    /// The rows photographed: the bar (about 24 pixels with its 13 pt font) and a little more.
    static let barRows = 32
    /// The bar's colours: a dark background, and for an urgent block (a ringing timer) the
    /// ringing colour itself, so that the screen shows red whichever way the block says so.
    static let background = "#1D2021", text = "#EBDBB2", urgent = "#FB4934"

    let directory: String
    let display: String
    private let xvfb: Child
    private let i3: Child
    /// In the environment of everything started here, for `stop()` to sweep up.
    private let marker: ProcessMarker

    /// Starts the X server and i3, whose bar runs `command` (a shell command line) as
    /// i3blocks' one block, `interval=persist`, `format=json`.
    init(command: String, environment: [String: String]) throws {
        directory = makeTemporaryDirectory()
        marker = ProcessMarker(directory)
        let xvfb: Child
        do {
            xvfb = try Child(
                "/usr/bin/Xvfb",
                ["-displayfd", "1", "-screen", "0", "\(Self.width)x\(Self.height)x24", "-nolisten", "tcp"],
                stdout: directory + "/display", stderr: directory + "/xvfb.log")
        } catch {
            removeDirectory(directory)
            throw error
        }
        self.xvfb = xvfb
        var number: String?
        let displayFile = directory + "/display"
        let up = eventually(timeout: .seconds(10)) {
            let written = (try? String(contentsOfFile: displayFile, encoding: .utf8)) ?? ""
            if written.hasSuffix("\n") { number = written.trimmingCharacters(in: .whitespacesAndNewlines) }
            return number != nil || !xvfb.isRunning
        }
        guard up, let number, xvfb.isRunning else {
            xvfb.signal(SIGKILL)
            let log = (try? String(contentsOfFile: directory + "/xvfb.log", encoding: .utf8)) ?? ""
            removeDirectory(directory)
            throw BarError("Xvfb did not start: \(log)")
        }
        display = ":" + number

        try Self.write(
            """
            [timer]
            command=\(command)
            interval=persist
            format=json

            """, to: directory + "/i3blocks.conf")
        try Self.write(
            """
            #!/bin/sh
            # What i3blocks sends i3bar, recorded on the way.
            /usr/bin/i3blocks -c \(directory)/i3blocks.conf | tee \(directory)/stream

            """, to: directory + "/status", mode: 0o755)
        // No windows, so no wizard or nagbar to answer: one bar, at the top, without
        // workspace buttons, in a font that is there (fontconfig finds the bell in Noto
        // Color Emoji).
        try Self.write(
            """
            # i3 config file (v4)
            font pango:DejaVu Sans 13
            bar {
                position top
                workspace_buttons no
                tray_output none
                status_command \(directory)/status
                colors {
                    background \(Self.background)
                    statusline \(Self.text)
                    urgent_workspace \(Self.urgent) \(Self.urgent) \(Self.background)
                }
            }

            """, to: directory + "/i3.conf")

        var env = environment
        env["DISPLAY"] = display
        // i3 puts its IPC socket and logs under XDG_RUNTIME_DIR: here, not the desktop's.
        env["XDG_RUNTIME_DIR"] = directory
        env[marker.entry.key] = marker.entry.value
        do {
            i3 = try Child("/usr/bin/i3", ["-c", directory + "/i3.conf"], environment: env, stdout: directory + "/i3.log", stderr: directory + "/i3.log")
        } catch {
            xvfb.signal(SIGKILL)
            xvfb.wait()
            removeDirectory(directory)
            throw error
        }
    }

    private static func write(_ text: String, to path: String, mode: Int = 0o644) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    /// i3's own output, and Xvfb's, for a failure's message.
    func logs() -> String {
        ["i3.log", "xvfb.log"].map { name in
            "\(name): " + ((try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "")
        }.joined(separator: "\n")
    }

    // MARK: What i3blocks sent i3bar

    /// Everything recorded so far.
    func stream() -> String {
        (try? String(contentsOfFile: directory + "/stream", encoding: .utf8)) ?? ""
    }

    /// The block of each status line i3blocks sent so far, in order: the object named
    /// `timer`, or nil for a line without it (i3blocks leaves out a block whose `full_text`
    /// is empty). Lines cut short (still being written) are left out.
    func blocks() -> [JSONObject?] {
        stream().split(separator: "\n").compactMap { raw -> JSONObject?? in
            var line = Substring(raw)
            if line.hasPrefix(",") { line = line.dropFirst() }
            guard line.hasPrefix("["), line.hasSuffix("]"),
                let blocks = (try? JSONParser.parse(String(line)))?.arrayValue
            else { return nil }
            return .some(blocks.compactMap(\.objectValue).first { $0["name"] == "timer" })
        }
    }

    /// The last status line's block, if one was sent.
    var latest: JSONObject? { blocks().last ?? nil }

    /// Waits until the last status line's block satisfies `condition`.
    func waitForBlock(timeout: Duration = .seconds(20), _ condition: (JSONObject) -> Bool) -> Bool {
        eventually(timeout: timeout) { latest.map(condition) ?? false }
    }

    // MARK: What the screen shows

    /// The top of the screen, where the bar is, as i3bar drew it (ImageMagick's `import`),
    /// saved in the private directory.
    func photograph() throws -> Screenshot {
        let png = directory + "/bar.png"
        let shot = try run(
            "/usr/bin/import",
            ["-display", display, "-window", "root", "-crop", "\(Self.width)x\(Self.barRows)+0+0", "+repage", png])
        guard shot.status == 0 else { throw BarError("import failed: \(shot)") }
        return try Screenshot(png: png)
    }

    /// Clicks `button` (1 left, 3 right, 4 and 5 the wheel) at column `x` of the bar, as a
    /// person would (xdotool, through the X server's XTEST).
    func click(_ button: Int, x: Int) throws {
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        let result = try run("/usr/bin/xdotool", ["mousemove", "\(x)", "10", "click", "\(button)"], environment: env)
        guard result.status == 0 else { throw BarError("xdotool failed: \(result)") }
    }

    // MARK: The end

    /// Stops i3 (its bar, i3blocks and the block go with it), then anything of ours that is
    /// left, then the X server.
    func stop() {
        i3.signal(SIGTERM)
        if !eventually(timeout: .seconds(3), { !i3.isRunning }) { i3.signal(SIGKILL) }
        i3.wait()
        marker.killAll()
        xvfb.signal(SIGTERM)
        if !eventually(timeout: .seconds(3), { !xvfb.isRunning }) { xvfb.signal(SIGKILL) }
        xvfb.wait()
    }

    deinit {
        stop()
        removeDirectory(directory)
    }
}
