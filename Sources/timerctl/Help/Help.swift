import Protocol

/// The help texts: one topic per command, with a summary, usage and examples.
enum Help {
    struct Topic {
        var name: String
        var aliases: [String] = []
        var usage: String
        var summary: String
        var details: String = ""
        var examples: [String] = []
        /// Options the command accepts (besides the global ones).
        var options: Set<String> = []
    }

    static let topics: [Topic] = [
        Topic(
            name: "start", usage: "timerctl start NAME [DURATION] [OPTIONS]",
            summary: "Start a countdown; a notification appears when it is done.",
            details: """
                DURATION: 90s, 8m, 1h30m, 1h 30m, 2d, 1:30 (m:ss), 01:02:03 (h:mm:ss);
                a bare number is seconds. At most 365 days.
                NAME is 1-64 characters of any script; quote names with spaces.
                Without DURATION, NAME is a preset: its length and message (see
                `timerctl help preset`).
                \(startOptionLines)
                  --repeat N           run it N times in a row (at most \(Repeats.maxRounds))
                  --then NAME DURATION a second step after each run (a break)
                  --cycles N           rounds of the timer and its --then step
                """,
            examples: [
                "timerctl start pasta 8m", "timerctl start 'tea break' 3m30s -m 'green tea, not too long'",
                "timerctl start bread 45m --remind 10m --silent",
                "timerctl start focus 25m --then break 5m --cycles 4",
                "timerctl start egg", "timerctl start egg -m 'soft, for Sam'",
            ],
            options: startOptions.union(["--repeat", "--then", "--cycles"])),
        Topic(
            name: "until", usage: "timerctl until NAME WHEN [OPTIONS]",
            summary: "Count down to a time of day or a date (a deadline).",
            details: """
                WHEN, in local time: 17:00, 5pm, tomorrow 9:00, fri 17:00, 2026-12-24 18:00,
                midnight (or eod, the end of today), +45m, or an RFC 3339 instant.
                A time without a day means its next occurrence.
                \(startOptionLines)
                """,
            examples: [
                "timerctl until report \"fri 17:00\"", "timerctl until sale midnight",
                "timerctl until report \"fri 17:00\" --remind 1h --remind 10m",
                "timerctl until train 17:42 --sound ~/sounds/whistle.oga",
            ],
            options: startOptions),
        Topic(
            name: "ls", aliases: ["list"], usage: "timerctl ls [--json]",
            summary: "List every timer with its time left, progress and end.",
            details: "  --json   print the protocol's timer objects, for scripts",
            examples: ["timerctl ls", "timerctl ls --json | jq '.[].name'"], options: ["--json"]),
        Topic(
            name: "show", usage: "timerctl show NAME [--json]", summary: "Show one timer in detail.",
            details: "  --json   print the protocol's timer object, for scripts",
            examples: ["timerctl show pasta", "timerctl show 'tea break' --json | jq .remaining"], options: ["--json"]),
        Topic(
            name: "history", usage: "timerctl history [-n N] [--json]",
            summary: "List the timers that fired, newest first; missed ones are marked.",
            details: """
                A timer is missed when it fired more than 2 s after it was due, because timerd
                was not running or the computer was asleep. timerd keeps the last \(Limits.historyLength).
                  -n, --limit N   only the N most recent (1-\(Limits.historyLength))
                  --json          print the protocol's history entries, for scripts
                """,
            examples: ["timerctl history", "timerctl history -n 5", "timerctl history --json | jq -r '.[] | select(.missed) | .name'"],
            options: ["--limit", "--json"]),
        Topic(
            name: "pause", usage: "timerctl pause NAME...", summary: "Pause countdowns (deadlines do not pause).",
            examples: ["timerctl pause pasta", "timerctl pause pasta 'tea break'"]),
        Topic(
            name: "resume", usage: "timerctl resume NAME...", summary: "Resume paused countdowns.",
            examples: ["timerctl resume pasta", "timerctl resume pasta 'tea break'"]),
        Topic(
            name: "reset", aliases: ["restart"], usage: "timerctl reset NAME...",
            summary: "Run countdowns again from their full duration.",
            details: "Countdowns that are done run again too.",
            examples: ["timerctl reset pasta", "timerctl restart pasta 'tea break'"]),
        Topic(
            name: "cancel", aliases: ["rm"], usage: "timerctl cancel NAME... | --all",
            summary: "Remove timers (running, paused or done).",
            details: "  -a, --all   remove every timer",
            examples: ["timerctl cancel pasta", "timerctl rm --all"], options: ["--all"]),
        Topic(
            name: "extend", usage: "timerctl extend NAME AMOUNT",
            summary: "Add time to a countdown or move a deadline.",
            details: """
                AMOUNT: +2m, 30s, -1m, +1h30m; a negative amount takes time off.
                Extending a finished countdown runs it again for that long.
                """,
            examples: ["timerctl extend pasta +2m", "timerctl extend report +1h"]),
        Topic(
            name: "snooze", usage: "timerctl snooze NAME [DURATION]",
            summary: "Run a finished timer again for a while (default 5 minutes).",
            details: """
                DURATION: as for start (90s, 8m, 1h30m…); without it, timerd's default,
                5 minutes. Only a timer that is done can be snoozed; to add time to one that
                is still running, use extend.
                """,
            examples: ["timerctl snooze pasta", "timerctl snooze tea 10m"]),
        Topic(
            name: "watch", usage: "timerctl watch [NAME...]",
            summary: "Live full-screen view: big digits for one timer, a table for more.",
            details: """
                Redrawn every second; says "Time's up!" when a timer fires.
                Keys: space pauses or resumes the selected timer, r resets it, + adds a minute,
                up/down (or j/k) select, q (or Ctrl-C) quits.
                """,
            examples: ["timerctl watch pasta", "timerctl watch"]),
        Topic(
            name: "todo", usage: "timerctl todo NAME [SUBCOMMAND] [--json]",
            summary: "A timer's checklist: add tasks, tick them off, see what is left.",
            details: """
                  (nothing)       list the tasks, numbered, [x] for those done
                  add TEXT...     add tasks at the end (quote each one)
                  done N...       tick tasks off; undo N... unticks them
                  rm N...         remove tasks (the others are numbered again)
                  edit N TEXT     reword a task
                  clear-done      remove every task that is done
                  --json          print the checklist as the protocol's items, for scripts
                Numbers stay the same between listings until a task is removed.
                `timerctl ls` shows [done/all] beside the name; the notification at the
                end (and each reminder) names the tasks not done yet.
                """,
            examples: [
                "timerctl todo report add 'write intro' proofread 'send it'", "timerctl todo report done 1 2",
                "timerctl todo report",
            ],
            options: ["--json"]),
        Topic(
            name: "wait", usage: "timerctl wait NAME",
            summary: "Wait until a timer is done (exit 0) or cancelled (exit 1).",
            examples: ["timerctl wait pasta && echo 'drain it'", "timerctl wait 'tea break' && mpv ~/sounds/gong.oga"]),
        presetTopic,
        Topic(
            name: "ping", usage: "timerctl ping", summary: "Check that the daemon answers; print its version.",
            examples: ["timerctl ping", "timerctl ping --no-spawn"]),
        Topic(
            name: "completion", usage: "timerctl completion bash|zsh|fish",
            summary: "Print a shell script that completes commands, options and names.",
            details: """
                The script completes commands, their options, the names of timers (asking
                timerd if it is running; it is never started for this) and of presets.
                `make install` installs it for all three shells. To load one yourself:
                  bash   source <(timerctl completion bash) in ~/.bashrc
                  zsh    save it as _timerctl in a directory on $fpath, before compinit
                  fish   save it as ~/.config/fish/completions/timerctl.fish
                """,
            examples: [
                "timerctl completion bash > ~/.local/share/bash-completion/completions/timerctl",
                "timerctl completion fish | source",
            ]),
        Topic(
            name: "autostart", usage: "timerctl autostart enable|disable|status",
            summary: "Start timerd when you log in (or stop); say how it was started.",
            details: """
                  enable    start timerd at login from now on: with systemd user units
                            where a systemd user session runs (the first timerctl starts
                            it), else with an XDG autostart entry in ~/.config/autostart
                  disable   undo enable: stop and remove what it set up, never files it
                            did not write
                  status    what is set up, and how the running timerd was started
                            (`timerctl autostart` alone does this too)
                Without autostart, timerctl starts timerd when it is needed.
                """,
            examples: ["timerctl autostart enable", "timerctl autostart status"]),
        Topic(
            name: "help", usage: "timerctl help [COMMAND]", summary: "Show help for timerctl or one command.",
            examples: ["timerctl help", "timerctl help until"]),
    ]

    /// The options of `start` and `until`.
    static let startOptions: Set<String> = ["--message", "--remind", "--no-remind", "--sound", "--silent"]

    /// What the options of `start` and `until` do.
    static let startOptionLines = """
          -m, --message TEXT   shown in the notification
          --remind DURATION    also notify DURATION (10m, 1h30m…) before the end; repeat
                               it for more, at most \(NotifyOptions.maxReminders) (default: timerd's reminders)
          --no-remind          no reminders, not even timerd's defaults
          --sound FILE         play this sound file instead of the usual sound
          --silent             no sound
        """

    static func topic(_ name: String) -> Topic? { topics.first { $0.name == name } }

    static func canonicalName(_ word: String) -> String? {
        topics.first { $0.name == word || $0.aliases.contains(word) }?.name
    }

    /// The closest command to a mistyped one, if any is close (edit distance at most 2).
    static func suggestion(for word: String) -> String? {
        let candidates = topics.flatMap { [$0.name] + $0.aliases }
        let scored = candidates.map { ($0, editDistance(word.lowercased(), $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    static var overview: String {
        let width = topics.map(\.name.count).max() ?? 0
        let lines = topics.map { topic in
            let aliases = topic.aliases.isEmpty ? "" : " Also: \(topic.aliases.joined(separator: ", "))."
            return "  " + topic.name.padding(width) + "  " + topic.summary + aliases
        }
        return """
            timerctl: timers and deadlines that end in a desktop notification.

            Usage: timerctl COMMAND [ARGUMENTS] [--socket PATH] [--no-spawn]

            Commands:
            \(lines.joined(separator: "\n"))

            Global options:
              --socket PATH   talk to the daemon at PATH (default: $TIMERD_SOCKET, else
                              the per-user socket)
              --no-spawn      do not start timerd when it is not running
              -h, --help      show this help, or a command's help after its name
              -V, --version   print the version

            Examples:
              timerctl start pasta 8m
              timerctl until report "fri 17:00"
              timerctl ls

            Exit status: 0 success, 1 the daemon refused (no such timer…), 2 usage error,
            3 no daemon.
            `timerctl help COMMAND` shows a command's details.
            """
    }

    static func text(for name: String) -> String {
        guard let topic = topic(name) else { return overview }
        var text = "Usage: \(topic.usage)\n\n\(topic.summary)\n"
        if !topic.details.isEmpty { text += "\n\(topic.details)\n" }
        if !topic.aliases.isEmpty { text += "\nAlso: \(topic.aliases.map { "timerctl \($0)" }.joined(separator: ", "))\n" }
        if !topic.examples.isEmpty {
            text += "\nExamples:\n" + topic.examples.map { "  \($0)" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// Edits (insert, delete, substitute, or swap two neighbours) that turn `a` into `b`. Swaps
    /// count once, so that the commonest typo, "wiat", is nearer "wait" than "list".
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}

extension String {
    /// Pads with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
