import Foundation
import Protocol
import Testing

/// `timerctl` as a user runs it, against a real daemon: what it prints and how it exits.
@Suite("timerctl end to end")
struct TimerctlTests {
    static let noBus = "unix:path=/nonexistent/bus"

    private func timers(_ daemon: Daemon) throws -> [String: JSONValue] {
        let list = try daemon.ctl("ls", "--json")
        #expect(list.status == 0, "\(list)")
        var byName: [String: JSONValue] = [:]
        for timer in try JSONParser.parse(list.stdout).arrayValue ?? [] {
            byName[timer["name"]?.stringValue ?? ""] = timer
        }
        return byName
    }

    @Test("start, pause, resume, extend, reset and cancel do what they say")
    func lifecycleOfATimer() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let start = try daemon.ctl("start", "pasta", "8m", "-m", "salt the water")
        #expect(start.status == 0)
        #expect(start.stdout.hasPrefix("pasta: 8m, done at "), "\(start)")
        #expect(try timers(daemon)["pasta"]?["message"] == "salt the water")

        let pause = try daemon.ctl("pause", "pasta")
        #expect(pause.stdout.hasPrefix("pasta paused with 7:5") || pause.stdout.hasPrefix("pasta paused with 8:00"), "\(pause)")
        let paused = try #require(try timers(daemon)["pasta"])
        #expect(paused["state"] == "paused")
        #expect(paused["endsAt"] == .null)
        let remaining = try #require(paused["remaining"]?.doubleValue)
        #expect(remaining > 479 && remaining <= 480)

        #expect(try daemon.ctl("resume", "pasta").status == 0)
        #expect(try timers(daemon)["pasta"]?["state"] == "running")

        let extend = try daemon.ctl("extend", "pasta", "+2m")
        #expect(extend.status == 0, "\(extend)")
        let extended = try #require(try timers(daemon)["pasta"]?["remaining"]?.doubleValue)
        #expect(extended > 599 && extended <= 600)
        #expect(try timers(daemon)["pasta"]?["duration"] == 600)

        #expect(try daemon.ctl("extend", "pasta", "-5m").status == 0, "a negative amount takes time off")
        #expect(try timers(daemon)["pasta"]?["duration"] == 300)

        #expect(try daemon.ctl("reset", "pasta").status == 0)
        #expect(try timers(daemon)["pasta"]?["duration"] == 480, "reset goes back to the length asked for")
        #expect(try daemon.ctl("restart", "pasta").status == 0, "restart is reset")

        let cancel = try daemon.ctl("cancel", "pasta")
        #expect(cancel.stdout == "pasta cancelled.\n", "\(cancel)")
        #expect(try timers(daemon).isEmpty)
    }

    @Test("until sets a deadline; show and ls present it")
    func deadline() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let until = try daemon.ctl("until", "report", "tomorrow 17:00")
        #expect(until.status == 0, "\(until)")
        #expect(until.stdout.contains("report: deadline "), "\(until)")
        let report = try #require(try timers(daemon)["report"])
        #expect(report["kind"] == "deadline")
        let show = try daemon.ctl("show", "report")
        #expect(show.stdout.hasPrefix("report: deadline, running\n"), "\(show)")
        let table = try daemon.ctl("ls")
        #expect(table.stdout.hasPrefix("  NAME"), "\(table)")
        #expect(table.stdout.contains("report"))
        #expect(try daemon.ctl("pause", "report").status == 1, "deadlines do not pause")
    }

    @Test("wait returns when the timer fires, and exits 1 when it is cancelled")
    func wait() throws {
        let daemon = try Daemon(bus: Self.noBus, extraArguments: ["--verbose"])
        #expect(try daemon.ctl("start", "egg", "0.5").status == 0)
        let waited = try daemon.ctl("wait", "egg")
        #expect(waited.status == 0)
        #expect(waited.stdout == "egg is done.\n")
        #expect(try timers(daemon)["egg"]?["state"] == "done")
        #expect(try daemon.ctl("wait", "egg").status == 0, "waiting on a done timer returns at once")

        #expect(try daemon.ctl("start", "tea", "1h").status == 0)
        let errors = daemon.directory + "/wait.err"
        let subscriptionsBefore = daemon.log().components(separatedBy: "subscribed").count
        let waiter = try Child(
            Programs.timerctl, ["wait", "tea", "--socket", daemon.socket, "--no-spawn"], stderr: errors)
        #expect(eventually { daemon.log().components(separatedBy: "subscribed").count > subscriptionsBefore })
        #expect(try daemon.ctl("cancel", "tea").status == 0)
        #expect(waiter.wait() == 1)
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "timerctl: tea was cancelled before it was done.\n")
    }

    @Test("Exit status: 1 when the daemon refuses, 2 for usage errors, with messages that help")
    func exitStatuses() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let missing = try daemon.ctl("pause", "nothing")
        #expect(missing.status == 1)
        #expect(missing.stderr == "timerctl: There is no timer named \"nothing\"; `timerctl ls` lists the timers.\n")

        let badDuration = try daemon.ctl("start", "pasta", "8x")
        #expect(badDuration.status == 2)
        #expect(badDuration.stderr.contains("1h30m"), "shows the accepted forms: \(badDuration)")

        let zero = try daemon.ctl("start", "pasta", "0")
        #expect(zero.status == 2)

        let past = try daemon.ctl("until", "report", "2001-01-01 10:00")
        #expect(past.status == 2)
        #expect(past.stderr.contains("in the past"), "\(past)")

        let usage = try daemon.ctl("start", "pasta")
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("Usage: timerctl start"), "\(usage)")

        // Found only when it runs, and still with the usage and an example.
        let deadline = try daemon.ctl("until", "report", "someday")
        #expect(deadline.status == 2)
        #expect(deadline.stderr.hasSuffix("""
            Usage: timerctl until NAME WHEN [OPTIONS]
            Example: timerctl until report "fri 17:00"

            """), "\(deadline)")

        let unknown = try daemon.ctl("strat", "pasta", "8m")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Did you mean `timerctl start pasta 8m`?"), "\(unknown)")

        #expect(try daemon.ctl("start", "pasta", "8m").status == 0)
        let twice = try daemon.ctl("start", "pasta", "8m")
        #expect(twice.status == 1)
        #expect(twice.stderr.contains("cancel it first"), "\(twice)")
        #expect(try timers(daemon).count == 1, "nothing lost or doubled")
    }

    @Test("Names in any script, and cancel --all")
    func namesAndCancelAll() throws {
        let daemon = try Daemon(bus: Self.noBus)
        for name in ["パスタ", "煮海鲜", "라면", "tea break"] {
            #expect(try daemon.ctl("start", name, "5m").status == 0, "\(name)")
        }
        #expect(Set(try timers(daemon).keys) == ["パスタ", "煮海鲜", "라면", "tea break"])
        let table = try daemon.ctl("ls").stdout.split(separator: "\n")
        // Wide characters count as two columns: the LEFT column lines up on every row.
        let columns = table.dropFirst().map { line in TextColumns.width(of: String(line.prefix { $0 != ":" })) }
        #expect(Set(columns).count == 1, "\(table)")
        let all = try daemon.ctl("cancel", "--all")
        #expect(all.stdout == "Cancelled 4 timers.\n")
        #expect(try timers(daemon).isEmpty)
    }

    @Test("history lists what fired, newest first, and survives the timers")
    func history() throws {
        let daemon = try Daemon(bus: Self.noBus)
        #expect(try daemon.ctl("history").stdout == "Nothing has fired yet.\n")
        #expect(try daemon.ctl("start", "first", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "first").status == 0)
        // At once, while the firing's save is still to come.
        #expect(try daemon.ctl("history").stdout.contains("first"), "a timer just waited for is in the history")
        #expect(try daemon.ctl("start", "second", "0.2", "-m", "done twice").status == 0)
        #expect(try daemon.ctl("wait", "second").status == 0)
        #expect(try daemon.ctl("cancel", "--all").status == 0)
        let table = try daemon.ctl("history")
        let rows = table.stdout.split(separator: "\n")
        #expect(rows.count == 3, "\(table)")
        #expect(rows[1].hasPrefix("second") && rows[1].contains("on time") && rows[1].contains("done twice"), "\(table)")
        #expect(rows[2].hasPrefix("first"))
        let json = try JSONParser.parse(try daemon.ctl("history", "-n", "1", "--json").stdout)
        #expect(json.arrayValue?.map { $0["name"] } == ["second"])
        #expect(json.arrayValue?.first?["missed"] == false)
    }

    @Test("snooze runs a finished timer again; --remind and --silent reach the daemon")
    func snoozeAndOptions() throws {
        let daemon = try Daemon(bus: Self.noBus)
        #expect(try daemon.ctl("start", "tea", "0.2").status == 0)
        #expect(try daemon.ctl("wait", "tea").status == 0)
        let snoozed = try daemon.ctl("snooze", "tea", "1m")
        #expect(snoozed.status == 0, "\(snoozed)")
        #expect(snoozed.stdout.hasPrefix("tea snoozed: 1:00 left"), "\(snoozed)")
        let refused = try daemon.ctl("snooze", "tea")
        #expect(refused.status == 1 && refused.stderr.contains("has not finished"), "\(refused)")

        #expect(try daemon.ctl("until", "report", "+1h", "--remind", "10m", "--remind", "30m", "--silent").status == 0)
        let report = try JSONParser.parse(try daemon.ctl("show", "report", "--json").stdout)
        #expect(report["remind"] == [1800, 600])
        #expect(report["silent"] == true)
        #expect(try daemon.ctl("show", "report").stdout.contains("remind    30m and 10m before"))
    }

    @Test("A pomodoro: focus, then break, for two rounds; wait returns when the last step is done")
    func pomodoro() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let watcher = try daemon.connect()
        _ = try watcher.call("subscribe")
        let started = try daemon.ctl("start", "focus", "0.3", "--then", "break", "0.2", "--cycles", "2")
        #expect(started.status == 0, "\(started)")
        #expect(started.stdout.contains(", 2 rounds, first done at"), "\(started)")
        let table = try daemon.ctl("ls").stdout
        #expect(table.contains("focus 1/2"), "\(table)")
        #expect(try daemon.ctl("wait", "focus").status == 0)
        var events: [String] = []
        while events.last != "fired", let event = try watcher.readJSON() {
            if let name = event["params"]?["event"]?.stringValue { events.append(name) }
        }
        #expect(events == ["started", "advanced", "advanced", "advanced", "fired"])
        let done = try JSONParser.parse(try daemon.ctl("show", "focus", "--json").stdout)
        #expect(done["cycle"] == ["round": 2, "rounds": 2, "step": "break"])
        #expect(done["state"] == "done")
    }

    @Test("A deadline at a time the clocks skip or show twice says what it was set for")
    func clockChanges() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let berlin = ["TZ": "Europe/Berlin"]
        let skipped = try daemon.ctl(["until", "spring", "2027-03-28 02:30"], environment: berlin)
        #expect(skipped.status == 0, "\(skipped)")
        #expect(skipped.stdout.hasPrefix("spring: deadline Mar 28 03:30, "), "\(skipped)")
        #expect(skipped.stdout.hasSuffix("\n02:30 does not exist on Sun 28 Mar (clocks go forward): set for 03:30.\n"), "\(skipped)")
        let repeated = try daemon.ctl(["until", "autumn", "2027-10-31 02:30"], environment: berlin)
        #expect(repeated.stdout.hasSuffix("\n02:30 comes twice on Sun 31 Oct (clocks go back): set for the first.\n"), "\(repeated)")
        let plain = try daemon.ctl(["until", "summer", "2027-07-01 02:30"], environment: berlin)
        #expect(plain.stdout.split(separator: "\n").count == 1, "no word on other days: \(plain)")
    }

    @Test("timerctl alone lists the timers, and says where help is when there are none")
    func aloneIsLs() throws {
        let daemon = try Daemon(bus: Self.noBus)
        let empty = try daemon.ctl([])
        #expect(empty.status == 0)
        #expect(empty.stdout == "No timers. Start one with `timerctl start pasta 8m`; `timerctl help` lists every command.\n")
        #expect(try daemon.ctl("start", "pasta", "8m").status == 0)
        let one = try daemon.ctl([])
        #expect(one.status == 0)
        #expect(one.stdout == (try daemon.ctl("ls")).stdout)
        #expect(one.stdout.contains("pasta"), "\(one)")
    }

    @Test("help and --version work without a daemon")
    func helpWithoutDaemon() throws {
        let help = try run(Programs.timerctl, ["help", "start"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Usage: timerctl start NAME [DURATION]"))
        let version = try run(Programs.timerctl, ["--version"])
        let daemonVersion = try run(Programs.timerd, ["--version"])
        #expect(version.stdout == "timerctl \(timerdVersion)\n")
        #expect(daemonVersion.stdout == "timerd \(timerdVersion)\n")
    }

    /// The daemon refuses in the protocol's terms, with a reason and facts; timerctl says it
    /// with its own command lines (Hints), names quoted for the shell.
    @Test("The daemon's refusals in timerctl's words")
    func refusalsInTimerctlsWords() throws {
        let daemon = try Daemon(bus: Self.noBus)
        #expect(try daemon.ctl("start", "tea break", "10m").status == 0)
        #expect(try daemon.ctl("pause", "tea break").status == 0)
        #expect(try daemon.ctl("until", "report", "+2h").status == 0)
        let refusals: [([String], String)] = [
            (["pause", "tea break"], "\"tea break\" is already paused; `timerctl resume 'tea break'` continues it."),
            (["snooze", "tea break"],
             "\"tea break\" has not finished, so there is nothing to snooze; `timerctl extend 'tea break' +5m` adds time."),
            (["reset", "report"],
             "\"report\" is a deadline and has no length to start over; set a new one with `timerctl until report WHEN` "
                + "or move it with `timerctl extend report +1h`."),
            (["start", "tea break", "5m"],
             "There is already a timer named \"tea break\" (10:00 left); cancel it first (`timerctl cancel 'tea break'`) "
                + "or choose another name."),
        ]
        for (arguments, text) in refusals {
            let result = try daemon.ctl(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "timerctl: \(text)\n")
        }
        let raw = try daemon.connect().call("pause", ["name": "tea break"])
        #expect(raw["error"]?["message"] == "\"tea break\" is already paused; method `resume` continues it.")
        #expect(raw["error"]?["data"] == ["reason": "paused", "name": "tea break", "state": "paused"])
    }
}

/// Display width for the alignment check (East Asian wide characters take two columns).
enum TextColumns {
    static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let v = scalar.value
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v)
            return total + (wide ? 2 : 1)
        }
    }
}
