import Testing
@testable import timerctl

@Suite struct HelpTests {
    @Test func overview() {
        #expect(Help.overview == """
            timerctl: timers and deadlines that end in a desktop notification.

            Usage: timerctl [COMMAND [ARGUMENTS]] [--socket PATH] [--no-spawn]

            With no command, timerctl lists the timers, as `timerctl ls` does.

            Commands:
              start       Start a countdown; a notification appears when it is done.
              until       Count down to a time of day or a date (a deadline).
              alarm       Set an alarm at a time of day, every day or on chosen days.
              stopwatch   Start a stopwatch: it counts up from 0:00. Also: sw.
              ls          List every timer with its time left, progress and end. Also: list.
              show        Show one timer in detail.
              history     List the timers that fired, newest first; missed ones are marked.
              pause       Pause countdowns, stopwatches and recurring deadlines.
              resume      Resume countdowns, stopwatches and recurring deadlines.
              reset       Run countdowns again from their full duration. Also: restart.
              cancel      Remove timers (running, paused or done). Also: rm.
              extend      Add time to a countdown or move a deadline.
              snooze      Run a finished timer again for a while (default 5 minutes).
              dismiss     Stop a ringing alarm and close its notification. Also: ok.
              toggle      Pause if running, resume if paused, stop the alarm if ringing.
              skip        Skip the next time of a recurring deadline or alarm.
              lap         Record a lap of a running stopwatch: its time and the split.
              watch       Live full-screen view: big digits for one timer, a table for more.
              bar         The next timer and its time left, for a status bar or a prompt.
              todo        A timer's checklist: add tasks, tick them off, see what is left.
              wait        Wait until a timer is done (exit 0) or cancelled (exit 1).
              preset      Save timers by name, for `timerctl start NAME`. Also: presets.
              ping        Check that the daemon answers; print its version.
              completion  Print a shell script that completes commands, options and names.
              autostart   Start timerd when you log in (or stop); say how it was started.
              help        Show help for timerctl or one command.

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
            """)
    }

    @Test func start() {
        #expect(Help.text(for: "start") == """
            Usage: timerctl start NAME [DURATION] [OPTIONS]

            Start a countdown; a notification appears when it is done.

            DURATION: 90s, 8m, 1h30m, 1h 30m, 2d, 1:30 (m:ss), 01:02:03 (h:mm:ss);
            a bare number is seconds. At most 365 days.
            NAME is 1-64 characters of any script; quote names with spaces.
            Without DURATION, NAME is a preset: its length, message and options (see
            `timerctl help preset`); with DURATION, a preset's message and options
            stay. Options typed win over the preset's.
              -m, --message TEXT   shown in the notification
              --remind DURATION    also notify DURATION (10m, 1h30m…) before the end; repeat
                                   it for more, at most 10 (default: timerd's reminders)
              --no-remind          no reminders, not even timerd's defaults
              --sound FILE         ring with this sound file instead of the usual alarm
              --silent             no sound
              --volume PERCENT     the alarm's volume, 0–100% as on a volume control
                                   (default: timerd's volume, 100% unless set)
              --exec COMMAND       run COMMAND (with /bin/sh) when it fires; it finds the
                                   timer's name in $TIMERD_NAME (see timerd.conf(5), HOOKS)
              --repeat N           run it N times in a row (at most 100)
              --then NAME DURATION a second step after each run (a break)
              --cycles N           rounds of the timer and its --then step

            Examples:
              timerctl start pasta 8m
              timerctl start 'tea break' 3m30s -m 'green tea, not too long'
              timerctl start bread 45m --remind 10m --silent
              timerctl start tea 4m --sound ~/sounds/bell.oga --volume 50%
              timerctl start focus 25m --then break 5m --cycles 4
              timerctl start tea 4m --exec 'playerctl pause'
              timerctl start egg
              timerctl start egg -m 'soft, for Sam'

            """)
    }

    @Test func preset() {
        #expect(Help.text(for: "preset") == """
            Usage: timerctl preset set NAME DURATION [OPTIONS] | ls [--json] | rm NAME...

            Save timers by name, for `timerctl start NAME`.

              set NAME DURATION    save a preset, or replace the one of that name;
                                   DURATION as for start
                -m, --message TEXT shown in its notification
                OPTIONS            any of start's: --remind, --no-remind, --sound,
                                   --silent, --volume, --exec, --repeat, --then,
                                   --cycles; `start NAME` starts it with them
              ls                   list the presets (`timerctl preset` alone does too)
                --json             print them as JSON, for scripts
              rm NAME...           forget presets
            Presets live in timerd.conf (~/.config/timerd/, $XDG_CONFIG_HOME/timerd/ or
            the file TIMERD_CONFIG names): lengths under [presets] as egg=6m30s, messages
            under [preset-messages], options as typed under [preset-options]. Comments
            and other settings there are kept. `start NAME DURATION` with a preset's name
            keeps its message and options, with DURATION instead of its length.

            Also: timerctl presets

            Examples:
              timerctl preset set tea 3m -m 'take the bag out'
              timerctl preset set focus 25m --then break 5m --cycles 4
              timerctl preset ls
              timerctl preset ls --json | jq -r '.[].name'
              timerctl preset rm egg
              timerctl preset rm egg tea

            """)
    }

    /// Each preset subcommand has two examples.
    @Test func everyPresetSubcommandHasTwoExamples() throws {
        var counts: [String: Int] = [:]
        for example in PresetCommand.topic.examples {
            guard let command = try Arguments.parse(Array(Self.shellWords(example).dropFirst())).command as? PresetCommand else {
                Issue.record("\(example) is not a preset command")
                continue
            }
            let subcommand = switch command.action {
            case .set: "set"
            case .list: "ls"
            case .remove: "rm"
            }
            counts[subcommand, default: 0] += 1
        }
        #expect(counts == ["set": 2, "ls": 2, "rm": 2])
    }

    @Test func until() {
        #expect(Help.text(for: "until") == """
            Usage: timerctl until NAME WHEN [OPTIONS]

            Count down to a time of day or a date (a deadline).

            WHEN, in local time: 17:00, 5pm, tomorrow 9:00, tonight 21:00, fri 17:00,
            2026-12-24 18:00, dec 24 18:00, midnight (or eod, the end of today), +45m,
            or an RFC 3339 instant.
            A time without a day means its next occurrence.
              -m, --message TEXT   shown in the notification
              --remind DURATION    also notify DURATION (10m, 1h30m…) before the end; repeat
                                   it for more, at most 10 (default: timerd's reminders)
              --no-remind          no reminders, not even timerd's defaults
              --sound FILE         ring with this sound file instead of the usual alarm
              --silent             no sound
              --volume PERCENT     the alarm's volume, 0–100% as on a volume control
                                   (default: timerd's volume, 100% unless set)
              --exec COMMAND       run COMMAND (with /bin/sh) when it fires; it finds the
                                   timer's name in $TIMERD_NAME (see timerd.conf(5), HOOKS)
              --every SPEC         come again after it fires: day, weekday (mon-fri),
                                   weekend, days such as mon,wed,fri or mon-fri at the same
                                   time, or an interval such as 2h or 3d
              --fresh-todo         untick its checklist at each occurrence (default: keep)

            Examples:
              timerctl until report "fri 17:00"
              timerctl until sale midnight
              timerctl until report "fri 17:00" --remind 1h --remind 10m
              timerctl until train 17:42 --sound ~/sounds/whistle.oga
              timerctl until meeting 9:55 --exec 'curl -d "$TIMERD_NAME" ntfy.sh/my-topic'
              timerctl until standup 9:55 --every weekday
              timerctl until sale midnight --every day

            """)
    }

    @Test func history() {
        #expect(Help.text(for: "history") == """
            Usage: timerctl history [-n N] [--json]

            List the timers that fired, newest first; missed ones are marked.

            A timer is missed when it fired more than 2 s after it was due, because timerd
            was not running or the computer was asleep. timerd keeps the last 1000.
              -n, --limit N   only the N most recent (1-1000)
              --json          print the protocol's history entries, for scripts

            Examples:
              timerctl history
              timerctl history -n 5
              timerctl history --json | jq -r '.[] | select(.missed) | .name'

            """)
    }

    @Test func snooze() {
        #expect(Help.text(for: "snooze") == """
            Usage: timerctl snooze NAME [DURATION]

            Run a finished timer again for a while (default 5 minutes).

            DURATION: as for start (90s, 8m, 1h30m…); without it, the first of the
            snooze lengths set in timerd.conf (its notification's first Snooze button),
            else 5 minutes. Only a timer that is done can be snoozed (or a recurring
            deadline); to add time to one that is still running, use extend.

            Examples:
              timerctl snooze pasta
              timerctl snooze tea 10m

            """)
    }

    @Test func aliasesAreListedOnTheirCommandsPage() {
        #expect(Help.text(for: "cancel").contains("\nAlso: timerctl rm\n"))
        #expect(Help.text(for: "ls").contains("\nAlso: timerctl list\n"))
    }

    @Test func unknownTopicGivesTheOverview() {
        #expect(Help.text(for: "frobnicate") == Help.overview)
    }

    @Test(arguments: Help.topics.map(\.name))
    func everyTopicHasUsageSummaryAndTwoExamples(name: String) throws {
        let topic = try #require(Help.topic(name))
        let words = [topic.name] + topic.aliases
        #expect(topic.usage.hasPrefix("timerctl \(name)"))
        #expect(topic.summary.first?.isUppercase == true)
        #expect(topic.summary.hasSuffix("."))
        #expect(!topic.summary.contains("\n"), "the summary is one line")
        #expect(topic.examples.count >= 2, "at least two examples")
        for example in topic.examples {
            let typed = Self.shellWords(example)
            #expect(typed.first == "timerctl", "\(example)")
            #expect(words.contains(typed.dropFirst().first ?? ""), "\(example)")
        }
        let text = Help.text(for: name)
        #expect(text.hasPrefix("Usage: \(topic.usage)\n\n\(topic.summary)\n"))
        #expect(text.contains("\nExamples:\n"))
    }

    @Test(arguments: Help.topics.map(\.name))
    func everyOptionACommandTakesIsDocumentedOnItsPage(name: String) throws {
        let topic = try #require(Help.topic(name))
        for option in topic.options {
            #expect(Help.text(for: name).contains(option), "\(name) takes \(option)")
        }
    }

    @Test func everyTopicIsInTheOverviewOnce() {
        let commandLines = Help.overview.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        for topic in Help.topics {
            #expect(commandLines.filter { $0.hasPrefix("  \(topic.name) ") }.count == 1, "\(topic.name)")
        }
    }

    @Test func helpFitsAnEightyColumnTerminal() {
        for text in [Help.overview] + Help.topics.map({ Help.text(for: $0.name) }) {
            for line in text.split(separator: "\n") {
                #expect(TextWidth.of(String(line)) <= 80, "\(line)")
            }
        }
    }

    // MARK: Topics and the parser agree

    /// The help topic that documents a parsed command; nil for `--version`, which is an option,
    /// and the hidden commands.
    static func topic(of command: any Command) -> String? {
        let name = type(of: command).topic.name
        return Help.topic(name) == nil ? nil : name
    }

    @Test func everyExampleParsesToItsOwnCommandAndEveryCommandHasOne() throws {
        var reached: Set<String> = []
        for topic in Help.topics {
            for example in topic.examples {
                let command = try Arguments.parse(Array(Self.shellWords(example).dropFirst())).command
                let documentedBy = Self.topic(of: command)
                #expect(documentedBy == topic.name, "\(example)")
                if let documentedBy { reached.insert(documentedBy) }
            }
        }
        #expect(reached == Set(Help.topics.map(\.name)))
    }

    @Test func everyNameAndAliasTheParserKnowsHasItsOwnPage() throws {
        for topic in Help.topics {
            for word in [topic.name] + topic.aliases {
                #expect(try Arguments.parse([word, "--help"]).command == HelpCommand(topic: topic.name))
                #expect(Help.canonicalName(word) == topic.name)
            }
        }
    }

    @Test func namesAndAliasesAreUnique() {
        let words = Help.topics.flatMap { [$0.name] + $0.aliases }
        #expect(Set(words).count == words.count)
    }

    /// Splits an example command line as a shell would, up to a pipe, `&&` or `>`: enough
    /// for the quoting the examples use.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        for c in line {
            if let q = quote {
                if c == q { quote = nil } else { word!.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c
                word = word ?? ""
            } else if c == " " {
                if let w = word { words.append(w) }
                word = nil
            } else {
                word = (word ?? "") + String(c)
            }
        }
        if let word { words.append(word) }
        return Array(words.prefix { $0 != "|" && $0 != "&&" && $0 != ">" })
    }
}
