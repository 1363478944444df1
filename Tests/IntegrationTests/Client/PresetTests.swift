import Foundation
import Protocol
import Testing

/// Presets as a user has them: `timerctl preset …` editing a timerd.conf that also holds
/// settings, a comment and a line nobody can read, and `timerctl start NAME` running them
/// against a real daemon, across a restart.
@Suite("Presets end to end")
struct PresetTests {
    static let noBus = "unix:path=/nonexistent/bus"

    /// A hand-written file: a comment, the daemon's settings and, on line 4, a broken line.
    static let handWritten = """
        # Kept by hand. This comment stays.
        [notifications]
        sound = none
        this line is broken

        """
    static let warning = #"timerctl: timerd.conf:4: "this line is broken" is not a [group] header, a key=value line or a # comment"#

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("Presets survive a daemon restart and a config with a bad line")
    func presetsSurviveARestartAndABadLine() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/timerd.conf"
        try Self.handWritten.write(toFile: path, atomically: false, encoding: .utf8)
        let daemon = try Daemon(bus: Self.noBus, environment: ["TIMERD_CONFIG": path])
        #expect(daemon.log().contains("\(path):4: \"this line is broken\""), "the daemon reports the line too: \(daemon.log())")

        let set = try daemon.ctl("preset", "set", "egg", "0.5")
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout == "Saved preset egg: 0.5s. Start it with `timerctl start egg`.\n")
        #expect(set.stderr == Self.warning + "\n")
        #expect(try contents(path) == Self.handWritten + "\n[presets]\negg=0.5s\n")

        let list = try daemon.ctl("preset", "ls")
        #expect(list.status == 0, "\(list)")
        #expect(list.stdout == "NAME  LENGTH  MESSAGE\negg   0.5s\n")
        #expect(list.stderr == Self.warning + "\n", "warns about the bad line with its number")

        let start = try daemon.ctl("start", "egg")
        #expect(start.status == 0, "\(start)")
        #expect(start.stdout.hasPrefix("egg: 0.5s, done at "), "as set, not rounded to 1s: \(start)")
        let timer = try JSONParser.parse(try daemon.ctl("show", "egg", "--json").stdout)
        #expect(timer["duration"]?.doubleValue == 0.5, "a 0.5 s timer: \(timer)")
        let waited = try daemon.ctl("wait", "egg")
        #expect(waited.stdout == "egg is done.\n", "\(waited)")

        daemon.stop()
        try daemon.restart()

        let json = try daemon.ctl("preset", "ls", "--json")
        #expect(json.stdout == #"[{"name":"egg","seconds":0.5,"message":null,"options":null}]"# + "\n", "still there: \(json)")
        #expect(try contents(path).hasPrefix(Self.handWritten), "the comment and the bad line, byte for byte")

        let remove = try daemon.ctl("preset", "rm", "egg")
        #expect(remove.status == 0, "\(remove)")
        #expect(remove.stdout == "Removed preset egg (0.5s).\n")
        #expect(try contents(path) == Self.handWritten + "\n[presets]\n", "only the egg line went")
    }

    @Test("A relative TIMERD_CONFIG names the same file for timerd as for timerctl (not one in /)")
    func relativeConfigPath() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        try Self.handWritten.write(toFile: directory + "/timerd.conf", atomically: false, encoding: .utf8)
        var environment = testEnvironment(in: directory, bus: Self.noBus)
        environment["TIMERD_CONFIG"] = "timerd.conf"
        let socket = directory + "/timerd.sock", log = directory + "/timerd.log"
        // Both started in the directory that holds the file.
        let timerd = try Child(
            "/bin/sh", ["-c", "cd \"$0\" && exec \"$1\" --socket \"$2\"", directory, Programs.timerd, socket],
            environment: environment, stdout: log, stderr: log)
        defer {
            timerd.signal(SIGTERM)
            timerd.wait()
        }
        #expect(eventually { RPCClient.answersPing(socket) || !timerd.isRunning })
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(said.contains("\(directory)/timerd.conf:4: \"this line is broken\""), "\(said)")
        let set = try run(
            "/bin/sh", ["-c", "cd \"$0\" && exec \"$1\" preset set egg 1m", directory, Programs.timerctl], environment: environment)
        #expect(set.status == 0, "\(set)")
        #expect(try contents(directory + "/timerd.conf") == Self.handWritten + "\n[presets]\negg=1m\n")
    }

    @Test("start NAME without a duration: the preset's message unless -m; with a duration, the rest of the preset")
    func startingPresets() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let path = directory + "/config/timerd/timerd.conf"
        let daemon = try Daemon(bus: Self.noBus, environment: ["TIMERD_CONFIG": path])

        let none = try daemon.ctl("start", "tea")
        #expect(none.status == 2, "\(none)")
        #expect(none.stderr.contains("There are no presets yet."), "\(none)")

        #expect(try daemon.ctl("preset", "set", "tea", "3m", "-m", "take the bag out").status == 0)
        #expect(try daemon.ctl("preset", "set", "egg", "6m30s").status == 0)
        #expect(try contents(path) == "[presets]\ntea=3m\negg=6m30s\n\n[preset-messages]\ntea=take the bag out\n")

        #expect(try daemon.ctl("start", "tea").status == 0)
        let tea = try JSONParser.parse(try daemon.ctl("show", "tea", "--json").stdout)
        #expect(tea["duration"] == 180)
        #expect(tea["message"] == "take the bag out")

        #expect(try daemon.ctl("start", "egg", "-m", "soft").status == 0)
        #expect(try JSONParser.parse(try daemon.ctl("show", "egg", "--json").stdout)["message"] == "soft")

        #expect(try daemon.ctl("start", "tea2", "2m").status == 0)
        #expect(try daemon.ctl("cancel", "tea").status == 0)
        #expect(try daemon.ctl("start", "tea", "2m").status == 0)
        let shorter = try JSONParser.parse(try daemon.ctl("show", "tea", "--json").stdout)
        #expect(shorter["duration"] == 120, "a duration wins over the preset's length")
        #expect(shorter["message"] == "take the bag out", "and only over its length")

        // Options are kept with the preset, and come back with it.
        let saved = try daemon.ctl(
            "preset", "set", "focus", "25m", "--then", "tea break", "5m", "--cycles", "4", "--remind", "10m", "-m", "one thing")
        #expect(saved.stdout == "Saved preset focus: 25m --remind 10m --then 'tea break' 5m --cycles 4 (\"one thing\"). "
            + "Start it with `timerctl start focus`.\n", "\(saved)")
        #expect(try contents(path).contains("[preset-options]\nfocus=--remind 10m --then 'tea break' 5m --cycles 4\n"))
        #expect(try daemon.ctl("start", "focus").status == 0)
        let focus = try JSONParser.parse(try daemon.ctl("show", "focus", "--json").stdout)
        #expect(focus["cycle"]?["rounds"] == 4, "\(focus)")
        #expect(focus["remind"] == [600], "\(focus)")
        #expect(focus["message"] == "one thing")
        #expect(try daemon.ctl("cancel", "focus").status == 0)
        // A shorter length drops the reminders it leaves no room for; options typed win.
        #expect(try daemon.ctl("start", "focus", "5m", "--repeat", "2").status == 0)
        let quick = try JSONParser.parse(try daemon.ctl("show", "focus", "--json").stdout)
        #expect(quick["duration"] == 300 && quick["remind"] == [] && quick["message"] == "one thing", "\(quick)")
        #expect(quick["cycle"]?["rounds"] == 2, "\(quick)")

        let unknown = try daemon.ctl("start", "rice")
        #expect(unknown.status == 2)
        #expect(unknown.stderr == """
            timerctl: start needs a duration after the name, e.g. `timerctl start rice 8m`; or save one with \
            `timerctl preset set rice 6m30s`. Presets: tea (3m), egg (6m30s), focus (25m).
            Usage: timerctl start NAME [DURATION] [OPTIONS]

            """)

        let missing = try daemon.ctl("preset", "rm", "rice")
        #expect(missing.status == 1)
        #expect(missing.stderr == "timerctl: No preset is named \"rice\". Presets: tea (3m), egg (6m30s), focus (25m).\n")
    }
}
