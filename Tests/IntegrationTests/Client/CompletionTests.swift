import Foundation
import Protocol
import Testing

/// `timerctl completion bash|zsh|fish` in the real shells, against a real daemon: the names of
/// its timers complete, quoted as each shell needs them.
@Suite("shell completion with a real daemon")
struct ShellCompletionTests {
    /// A daemon with timers whose names need quoting: a space, a quote and a colon (a word
    /// break for bash), and another script.
    static func daemonWithTimers() throws -> Daemon {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        for name in ["pasta", "tea break", "it's 10:00", "パスタ"] {
            let started = try daemon.ctl("start", name, "30m")
            try #require(started.status == 0, "\(started)")
        }
        return daemon
    }

    /// The environment of a shell that completes: the built timerctl first on PATH, the
    /// daemon's socket in TIMERD_SOCKET, a UTF-8 locale, and a config file beside the socket
    /// (none, unless a test writes one): never the user's.
    static func environment(socket: String, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Programs.directory + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TIMERD_SOCKET"] = socket
        environment["TIMERD_CONFIG"] = socket + ".conf"
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "LC_ALL")
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// A shell's path, or a failure saying how to get it.
    static func shell(_ name: String) throws -> String {
        let found = ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "\(name) is not installed; `scripts/deps test` installs it")
    }

    /// Runs bash with the completion loaded and calls it as bash would for each command line
    /// (the words, the cursor at the end), printing the replies of each after a `--- LINE`.
    static func bashCompletions(_ lines: [[String]], socket: String, extra: [String: String] = [:]) throws -> [String: [String]] {
        let calls = lines.map { words in
            let quoted = words.map { $0.singleQuotedForShell }.joined(separator: " ")
            return "complete_words \(quoted)"
        }
        let script = """
            source <(timerctl completion bash) || exit 1
            complete_words() {
                COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()
                _timerctl
                printf -- '--- %s\\n' "$*"
                printf '%s\\n' "${COMPREPLY[@]}"
            }
            \(calls.joined(separator: "\n"))
            """
        let result = try run(try shell("bash"), ["--norc", "--noprofile", "-c", script], environment: environment(socket: socket, extra: extra))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        var replies: [String: [String]] = [:]
        var current: String?
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("--- ") {
                current = String(line.dropFirst(4))
                replies[current!] = []
            } else if let current, !line.isEmpty {
                replies[current]!.append(String(line))
            }
        }
        return replies
    }

    @Test("bash: the script loads, and names of live timers complete, escaped for the shell")
    func bashCompletesLiveNames() throws {
        let daemon = try Self.daemonWithTimers()
        let loaded = try run(
            try Self.shell("bash"), ["--norc", "--noprofile", "-c", "source <(timerctl completion bash) && complete -p timerctl"],
            environment: Self.environment(socket: daemon.socket))
        #expect(loaded.stdout == "complete -F _timerctl timerctl\n", "\(loaded)")

        #expect(try daemon.ctl("todo", "tea break", "add", "boil water", "steep").status == 0)
        let replies = try Self.bashCompletions(
            [
                ["timerctl", "todo", "'tea break'", "done", ""], ["timerctl", "todo", #"it\'s\ 10:00"#, ""],
                ["timerctl", "pause", "pa"], ["timerctl", "pause", "te"], ["timerctl", "cancel", "pasta", ""],
                ["timerctl", "extend", "pasta", ""], ["timerctl", "show", "'te"], ["timerctl", "show", "\"it"],
                ["timerctl", "wait", "it"], ["timerctl", "show", "パ"], ["timerctl", "--socket", daemon.socket, "reset", "p"],
                ["timerctl", "re"], ["timerctl", "cancel", "--"], ["timerctl", "completion", ""], ["timerctl", "help", "wa"],
                ["timerctl", "start", "x", "1m", "--then", ""], ["timerctl", "toggle", "@"],
            ],
            socket: daemon.socket)
        // A quoted name is the timer's for its checklist too.
        #expect(replies["timerctl todo 'tea break' done "] == ["1", "2"])
        #expect(replies[#"timerctl todo it\'s\ 10:00 "#] == ["add", "done", "undo", "rm", "edit", "clear-done"])
        #expect(replies["timerctl pause pa"] == ["pasta"])
        #expect(replies["timerctl pause te"] == [#"tea\ break"#])
        #expect(Set(replies["timerctl cancel pasta "] ?? []) == ["pasta", #"tea\ break"#, #"it\'s\ 10:00"#, "パスタ", "@next"])
        #expect(replies["timerctl toggle @"] == ["@next"], "the selectors that stand for a timer: nothing rings")
        #expect(replies["timerctl extend pasta "] == [], "the amount is not a name")
        // After an opening quote readline closes it: the reply is the rest, quoted for inside.
        #expect(replies["timerctl show 'te"] == ["tea break"])
        #expect(replies["timerctl show \"it"] == ["it's 10:00"])
        #expect(replies["timerctl wait it"] == [#"it\'s\ 10:00"#])
        #expect(replies["timerctl show パ"] == ["パスタ"])
        #expect(replies["timerctl --socket \(daemon.socket) reset p"] == ["pasta"])
        #expect(replies["timerctl re"] == ["resume", "reset", "restart"])
        #expect(replies["timerctl cancel --"] == ["--all", "--help", "--no-spawn", "--socket"])
        #expect(replies["timerctl completion "] == ["bash", "zsh", "fish"])
        #expect(replies["timerctl help wa"] == ["watch", "wait"])
        #expect(replies["timerctl start x 1m --then "] == [], "--then's name is a new one")
    }

    @Test("bash: a word break (:) inside a name, as readline passes it")
    func bashColonInAName() throws {
        let daemon = try Self.daemonWithTimers()
        // Readline replaces only the text after the last ":" and passes it as $2.
        let script = #"""
            source <(timerctl completion bash)
            COMP_LINE='timerctl pause it\'"'"'s\ 10:0'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(timerctl pause "it\\'s\\ 10" : 0); COMP_CWORD=4
            _timerctl timerctl 0 :
            printf '%s\n' "${COMPREPLY[@]}"
            """#
        let result = try run(try Self.shell("bash"), ["--norc", "--noprofile", "-c", script], environment: Self.environment(socket: daemon.socket))
        #expect(result.stdout == "00\n", "\(result)")
    }

    @Test("bash and zsh at a real prompt: Tab completes a name with a space")
    func interactiveShells() throws {
        let daemon = try Self.daemonWithTimers()
        let tmux = WatchTests.Tmux(socket: daemon.directory + "/tmux")
        let home = daemon.directory + "/home"
        try FileManager.default.createDirectory(atPath: home + "/site-functions", withIntermediateDirectories: true)
        let setup = "export LANG=C.UTF-8 PATH=\(Programs.directory):$PATH TIMERD_SOCKET=\(daemon.socket) TIMERD_CONFIG=\(home)/timerd.conf\n"
        try (setup + "PS1='bash$ '\nsource <(timerctl completion bash)\n").write(toFile: home + "/bashrc", atomically: true, encoding: .utf8)
        let zsh = try run(Programs.timerctl, ["completion", "zsh"])
        try zsh.stdout.write(toFile: home + "/site-functions/_timerctl", atomically: true, encoding: .utf8)
        try (setup + "PS1='zsh%% '\nfpath=(\(home)/site-functions $fpath)\nautoload -U compinit && compinit -u -D\n")
            .write(toFile: home + "/.zshrc", atomically: true, encoding: .utf8)

        try tmux.command(["new-session", "-d", "-s", "b", "-x", "120", "-y", "10", "\(try Self.shell("bash")) --rcfile \(home)/bashrc -i"])
        try tmux.command(["new-session", "-d", "-s", "z", "-x", "120", "-y", "10", "env ZDOTDIR=\(home) \(try Self.shell("zsh")) -i"])
        // -N keeps the space a completion puts after a whole word.
        func screen(_ session: String) -> String {
            (try? tmux.command(["capture-pane", "-p", "-N", "-t", session]).stdout) ?? ""
        }
        for (session, prompt) in [("b", "bash$ "), ("z", "zsh% ")] {
            #expect(eventually { screen(session).contains(prompt) }, "\(screen(session))")
            for (typed, completed) in [
                ("timerctl pause te", #"timerctl pause tea\ break "#), ("timerctl show 'te", "timerctl show 'tea break' "),
                ("timerctl wait it", #"timerctl wait it\'s\ 10:00 "#),
            ] {
                try tmux.command(["send-keys", "-t", session, "-l", typed])
                try tmux.keys(session, "Tab")
                let line = prompt + completed
                // Generous: each Tab runs timerctl, which asks the daemon (slow under a sanitizer).
                #expect(
                    eventually(timeout: .seconds(20)) { screen(session).split(separator: "\n").contains { $0.hasPrefix(line) } },
                    "\(session): \(typed) ⇥ \(screen(session))")
                // A fresh prompt before the next line: keys typed while the shell still handles
                // the interrupt would land on the old line.
                let fresh = {
                    screen(session).split(separator: "\n").last?.trimmingCharacters(in: .whitespaces) == prompt.trimmingCharacters(in: .whitespaces)
                }
                try tmux.keys(session, "C-c")
                if !eventually(timeout: .seconds(5), fresh) { try tmux.keys(session, "C-c") }
                #expect(eventually(timeout: .seconds(20), fresh), "\(session): no prompt after ^C: \(screen(session))")
            }
        }
    }

    @Test("fish: the script parses, and names complete")
    func fishCompletes() throws {
        let daemon = try Self.daemonWithTimers()
        let script = """
            timerctl completion fish | source
            for line in 'timerctl pause te' 'timerctl cancel pasta ' 'timerctl re' 'timerctl start x 1m --sound /nonexistent/'
                echo "--- $line"
                complete -C"$line"
            end
            """
        let result = try run(try Self.shell("fish"), ["--no-config", "-c", script], environment: Self.environment(socket: daemon.socket))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.contains("--- timerctl pause te\ntea break\n--- "), "\(result)")
        #expect(result.stdout.contains("--- timerctl cancel pasta \n@next\nit's 10:00\npasta\ntea break\nパスタ\n--- "), "\(result)")
        #expect(result.stdout.contains("reset\tRun countdowns again"), "\(result)")

        let parsed = try run(try Self.shell("fish"), ["--no-config", "-n", "-c", try run(Programs.timerctl, ["completion", "fish"]).stdout])
        #expect(parsed.status == 0 && parsed.stderr.isEmpty, "\(parsed)")
    }

    @Test("zsh: the script parses and, loaded after compinit, completes timerctl")
    func zshLoads() throws {
        let script = try run(Programs.timerctl, ["completion", "zsh"]).stdout
        let parsed = try run(try Self.shell("zsh"), ["-n", "-c", script])
        #expect(parsed.status == 0 && parsed.stderr.isEmpty, "\(parsed)")
        let loaded = try run(
            try Self.shell("zsh"), ["-f", "-c", "autoload -U compinit && compinit -u -D && source <(timerctl completion zsh) && print -r -- $_comps[timerctl]"],
            environment: Self.environment(socket: "/nonexistent/timerd.sock"))
        #expect(loaded.stdout == "_timerctl\n", "\(loaded)")
    }

    @Test("No daemon: nothing to offer, exit 0, and none is started")
    func noDaemon() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        let socket = directory + "/timerd.sock"
        let listed = try run(Programs.timerctl, ["__complete", "timers"], environment: Self.environment(socket: socket))
        #expect(listed.status == 0 && listed.stdout.isEmpty && listed.stderr.isEmpty, "\(listed)")
        let replies = try Self.bashCompletions([["timerctl", "pause", ""]], socket: socket)
        #expect(replies["timerctl pause "] == [])
        usleep(200_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "no socket, lock or log: no daemon")
    }

    @Test("Preset names come from [presets] in the config file, for start and preset set|rm")
    func presets() throws {
        let directory = makeTemporaryDirectory()
        defer { removeDirectory(directory) }
        try "[notifications]\nremind = 10m\n\n[presets]\negg = 6m30s\nsoft egg = 5m\ntea = 3m\n"
            .write(toFile: directory + "/timerd.conf", atomically: true, encoding: .utf8)
        let config = ["TIMERD_CONFIG": directory + "/timerd.conf"]
        let listed = try run(Programs.timerctl, ["__complete", "presets"], environment: Self.environment(socket: directory + "/s", extra: config))
        #expect(listed.stdout == "egg\nsoft egg\ntea\n", "\(listed)")
        let replies = try Self.bashCompletions(
            [
                ["timerctl", "start", ""], ["timerctl", "start", "so"], ["timerctl", "preset", ""], ["timerctl", "presets", "r"],
                ["timerctl", "preset", "rm", "egg", ""], ["timerctl", "preset", "set", "t"], ["timerctl", "preset", "set", "tea", ""],
            ],
            socket: directory + "/s", extra: config)
        #expect(replies["timerctl start "] == ["egg", #"soft\ egg"#, "tea"])
        #expect(replies["timerctl start so"] == [#"soft\ egg"#])
        #expect(replies["timerctl preset "] == ["set", "ls", "rm"])
        #expect(replies["timerctl presets r"] == ["rm"])
        #expect(replies["timerctl preset rm egg "] == ["egg", #"soft\ egg"#, "tea"])
        #expect(replies["timerctl preset set t"] == ["tea"], "to replace one")
        #expect(replies["timerctl preset set tea "] == [], "a duration")
    }
}

/// What a command's names complete to follows the timers' kinds and states, as the daemon's
/// rules have it, and `todo NAME` completes its verbs and the numbers of the items each takes.
@Suite("shell completion follows the timers' state")
struct StateCompletionTests {
    /// A daemon with a timer of each kind in each state that matters, and a checklist:
    /// pasta runs, tea is paused, eggs rings (the last to fire: @next and @ringing stand for
    /// it), toast is done and answered, taxes (a deadline) rings, run and bread are
    /// stopwatches (bread paused), report a deadline with tasks 2 and 3 of 5 done, standup a
    /// recurring deadline and gym one whose rule is paused. Its settings (alarms ring until
    /// answered) are in `settings`, for the test to remove.
    static func daemonWithEveryKind() throws -> (daemon: Daemon, settings: String) {
        let settings = makeTemporaryDirectory()
        try "[notifications]\nring = until-dismissed\n".write(toFile: settings + "/timerd.conf", atomically: true, encoding: .utf8)
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus", environment: ["TIMERD_CONFIG": settings + "/timerd.conf"])
        let setup: [[String]] = [
            ["until", "taxes", "+1s"], ["start", "toast", "1"], ["start", "eggs", "2"], ["start", "pasta", "30m"],
            ["start", "tea", "10m"], ["pause", "tea"], ["stopwatch", "run"], ["stopwatch", "bread"], ["pause", "bread"],
            ["until", "report", "+3h"], ["until", "standup", "9:55", "--every", "day"], ["until", "gym", "18:00", "--every", "day"],
            ["pause", "gym"], ["todo", "report", "add", "write intro", "gather figures", "charts", "proofread", "send it"],
            ["todo", "report", "done", "2", "3"],
        ]
        for words in setup {
            let done = try daemon.ctl(words)
            try #require(done.status == 0, "\(words): \(done)")
        }
        try #require(eventually(timeout: .seconds(10)) {
            let list = (try? daemon.ctl("ls", "--json").stdout).flatMap { try? JSONParser.parse($0) }
            guard case .array(let timers)? = list else { return false }
            return timers.filter { $0["ringing"] == .bool(true) }.count == 3
        }, "eggs, toast and taxes did not ring")
        let dismissed = try daemon.ctl("dismiss", "toast")
        try #require(dismissed.status == 0, "\(dismissed)")
        return (daemon, settings)
    }

    @Test("bash: each command offers the timers it acts on; todo its verbs and item numbers")
    func bash() throws {
        let (daemon, settings) = try Self.daemonWithEveryKind()
        defer { removeDirectory(settings) }
        let lines: [(words: [String], offered: Set<String>)] = [
            (["pause", ""], ["pasta", "run", "standup"]),
            (["resume", ""], ["tea", "bread", "gym"]),
            (["dismiss", ""], ["eggs", "taxes", "@next", "@ringing"]),
            (["snooze", ""], ["eggs", "toast", "taxes", "@next", "@ringing"]),
            (["skip", ""], ["standup"]),
            (["lap", ""], ["run"]),
            (["extend", ""], ["pasta", "tea", "eggs", "toast", "taxes", "report", "standup", "@next", "@ringing"]),
            (["reset", ""], ["pasta", "tea", "eggs", "toast", "run", "bread", "@next", "@ringing"]),
            (["restart", "t"], ["tea", "toast"]),
            (["toggle", ""], ["pasta", "tea", "eggs", "taxes", "run", "bread", "standup", "gym", "@next", "@ringing"]),
            (["wait", ""], ["pasta", "tea", "report", "standup", "gym"]),
            (["pause", "pasta", ""], ["pasta", "run", "standup"]),
            (["todo", "report", ""], ["add", "done", "undo", "rm", "edit", "clear-done"]),
            (["todo", "report", "d"], ["done"]),
            (["todo", "report", "done", ""], ["1", "4", "5"]),
            (["todo", "report", "check", "1", ""], ["4", "5"]),
            (["todo", "report", "undo", ""], ["2", "3"]),
            (["todo", "report", "rm", ""], ["1", "2", "3", "4", "5"]),
            (["todo", "report", "edit", ""], ["1", "2", "3", "4", "5"]),
            (["todo", "report", "edit", "2", ""], []),
            (["todo", "report", "add", ""], []),
            (["todo", "report", "--json", "undo", ""], ["2", "3"]),
            (["todo", "pasta", "done", ""], []),
            (["todo", "nothing-by-that-name", ""], []),
        ]
        let replies = try ShellCompletionTests.bashCompletions(lines.map { ["timerctl"] + $0.words }, socket: daemon.socket)
        for (words, offered) in lines {
            let line = (["timerctl"] + words).joined(separator: " ")
            #expect(Set(replies[line] ?? ["(no reply)"]) == offered, "\(line)")
        }
        let all = Set(replies["timerctl pause "] ?? []).union(replies["timerctl resume "] ?? [])
        #expect(!all.contains("report") && !all.contains("toast"), "a one-off deadline and a done timer neither pause nor resume")
    }

    @Test("fish: the same, with each verb's and each item's description")
    func fish() throws {
        let (daemon, settings) = try Self.daemonWithEveryKind()
        defer { removeDirectory(settings) }
        let script = """
            timerctl completion fish | source
            for line in 'timerctl resume ' 'timerctl lap ' 'timerctl todo report ' 'timerctl todo report done ' 'timerctl todo report undo 2 '
                echo "--- $line"
                complete -C"$line"
            end
            """
        let result = try run(
            try ShellCompletionTests.shell("fish"), ["--no-config", "-c", script],
            environment: ShellCompletionTests.environment(socket: daemon.socket))
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let replies = Self.sections(result.stdout)
        #expect(Set(replies["timerctl resume "] ?? []) == ["tea", "bread", "gym"], "\(result)")
        #expect(replies["timerctl lap "] == ["run"], "\(result)")
        #expect(Set(replies["timerctl todo report "] ?? []) == [
            "add\tadd tasks at the end", "done\ttick tasks off", "undo\tuntick tasks", "rm\tremove tasks",
            "edit\treword a task", "clear-done\tremove every task that is done",
        ], "\(result)")
        #expect(replies["timerctl todo report done "] == ["1\twrite intro", "4\tproofread", "5\tsend it"], "\(result)")
        #expect(replies["timerctl todo report undo 2 "] == ["3\tcharts"], "\(result)")
    }

    @Test("zsh at a real prompt: Tab completes a paused timer's name, a verb and an item's number")
    func zsh() throws {
        let (daemon, settings) = try Self.daemonWithEveryKind()
        defer { removeDirectory(settings) }
        let tmux = WatchTests.Tmux(socket: daemon.directory + "/tmux")
        let home = daemon.directory + "/home"
        try FileManager.default.createDirectory(atPath: home + "/site-functions", withIntermediateDirectories: true)
        let zsh = try run(Programs.timerctl, ["completion", "zsh"])
        try zsh.stdout.write(toFile: home + "/site-functions/_timerctl", atomically: true, encoding: .utf8)
        try """
            export LANG=C.UTF-8 PATH=\(Programs.directory):$PATH TIMERD_SOCKET=\(daemon.socket) TIMERD_CONFIG=\(home)/timerd.conf
            PS1='zsh%% '
            fpath=(\(home)/site-functions $fpath)
            autoload -U compinit && compinit -u -D

            """.write(toFile: home + "/.zshrc", atomically: true, encoding: .utf8)
        try tmux.command(["new-session", "-d", "-s", "z", "-x", "120", "-y", "10", "env ZDOTDIR=\(home) \(try ShellCompletionTests.shell("zsh")) -i"])
        func screen() -> String { (try? tmux.command(["capture-pane", "-p", "-N", "-t", "z"]).stdout) ?? "" }
        #expect(eventually { screen().contains("zsh% ") }, "\(screen())")
        // Each is the only candidate now, and was not before: t was tea and toast, d done and
        // the verbs' aliases aside, undo's numbers all five.
        for (typed, completed) in [
            ("timerctl resume t", "timerctl resume tea "), ("timerctl todo report d", "timerctl todo report done "),
            ("timerctl todo report done 1 4 ", "timerctl todo report done 1 4 5 "),
        ] {
            try tmux.command(["send-keys", "-t", "z", "-l", typed])
            try tmux.keys("z", "Tab")
            let line = "zsh% " + completed
            #expect(
                eventually(timeout: .seconds(20)) { screen().split(separator: "\n").contains { $0.hasPrefix(line) } },
                "\(typed) ⇥ \(screen())")
            let fresh = { screen().split(separator: "\n").last?.trimmingCharacters(in: .whitespaces) == "zsh%" }
            try tmux.keys("z", "C-c")
            if !eventually(timeout: .seconds(5), fresh) { try tmux.keys("z", "C-c") }
            #expect(eventually(timeout: .seconds(20), fresh), "no prompt after ^C: \(screen())")
        }
    }

    /// The commands whose filter leaves out just what the daemon refuses: each timer is tried
    /// for real, on a daemon of its own, and what completion offered is what it accepted.
    @Test("Completion offers what the daemon accepts", arguments: [
        ("pausable", ["pause"]), ("paused", ["resume"]), ("toggleable", ["toggle"]), ("snoozable", ["snooze"]),
        ("recurring", ["skip"]), ("lappable", ["lap"]), ("extendable", ["extend", "+1m"]), ("resettable", ["reset"]),
    ])
    func offeredIsAccepted(filter: String, command: [String]) throws {
        let (daemon, settings) = try Self.daemonWithEveryKind()
        defer { removeDirectory(settings) }
        let listed = try daemon.ctl("__complete", "timers", filter)
        let offered = Set(listed.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("@") })
        var accepted: Set<String> = []
        for name in ["pasta", "tea", "eggs", "toast", "taxes", "run", "bread", "report", "standup", "gym"] {
            let tried = try daemon.ctl([command[0], name] + command.dropFirst())
            #expect(tried.status == 0 || tried.status == 1, "\(command) \(name): \(tried)")
            if tried.status == 0 { accepted.insert(name) }
        }
        // The daemon snoozes a recurring deadline before it comes (holding that time back);
        // completion offers snooze after it rang, which is what snooze is for.
        let notOffered: Set<String> = filter == "snoozable" ? ["standup"] : []
        #expect(offered == accepted.subtracting(notOffered), "\(command[0]): offered \(offered.sorted()), accepted \(accepted.sorted())")
    }

    /// `--- LINE` headers and the lines under each.
    static func sections(_ text: String) -> [String: [String]] {
        var sections: [String: [String]] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("--- ") {
                current = String(line.dropFirst(4))
                sections[current!] = []
            } else if let current, !line.isEmpty {
                sections[current]!.append(String(line))
            }
        }
        return sections
    }
}

extension String {
    /// The text in single quotes, for a shell command line the test writes.
    fileprivate var singleQuotedForShell: String {
        "'" + replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
