import Protocol

/// `--remind`, `--no-remind`, `--sound`, `--silent`, `--volume` and `--exec` (and `-m`): the
/// options `start` and `until` share, their help lines and how they are read.
enum NotifyOptionWords {
    /// The options of `start` and `until`.
    static let options: Set<String> = ["--message", "--remind", "--no-remind", "--sound", "--silent", "--volume", "--exec"]

    /// What the options of `start` and `until` do.
    static let helpLines = """
          -m, --message TEXT   shown in the notification
          --remind DURATION    also notify DURATION (10m, 1h30m…) before the end; repeat
                               it for more, at most \(NotifyOptions.maxReminders) (default: timerd's reminders)
          --no-remind          no reminders, not even timerd's defaults
          --sound FILE         ring with this sound file instead of the usual alarm
          --silent             no sound
          --volume PERCENT     the alarm's volume, 0–100% as on a volume control
                               (default: timerd's volume, 100% unless set)
          --exec COMMAND       run COMMAND (with /bin/sh) when it fires; it finds the
                               timer's name in $TIMERD_NAME (see timerd.conf(5), HOOKS)
        """

    /// A sound file most desktops have, for examples.
    static let exampleSound = "/usr/share/sounds/freedesktop/stereo/complete.oga"
}

extension CommandInput {
    /// `--remind` (any number), `--no-remind`, `--sound FILE` and `--silent`, checked against each
    /// other. Reminders are merged when equal and sorted longest first; the sound file is kept as
    /// typed, for `RequestBuilder` to make absolute and check.
    func notifyOptions() throws(UsageError) -> NotifyOptions {
        var notify = NotifyOptions()
        if options.switches.contains("--no-remind") {
            guard options.reminders.isEmpty else {
                throw refusal(
                    "--remind and --no-remind contradict each other: choose reminders with --remind, "
                        + "or none at all (not even timerd's defaults) with --no-remind.")
            }
            notify.reminders = []
        } else if !options.reminders.isEmpty {
            var reminders: Set<Duration> = []
            for text in options.reminders {
                do { reminders.insert(try DurationParser.parse(text)) } catch {
                    throw refusal("--remind: \(error.message)")
                }
            }
            guard reminders.count <= NotifyOptions.maxReminders else {
                throw refusal(
                    "A timer has at most \(NotifyOptions.maxReminders) reminders, and \(reminders.count) were given. "
                        + "Keep the ones that matter most.")
            }
            notify.reminders = reminders.sorted(by: >)
        }
        switch (options.values["sound"], options.switches.contains("--silent")) {
        case (.some, true):
            throw refusal("--sound and --silent contradict each other: give a sound file to play, or --silent for none.")
        case (let file?, false):
            guard !file.isEmpty else {
                throw refusal("--sound needs the path of a sound file, e.g. --sound \(NotifyOptionWords.exampleSound).")
            }
            notify.sound = .file(file)
        case (nil, true): notify.sound = .silent
        case (nil, false): break
        }
        if let text = options.values["volume"] {
            guard let percent = NotifyOptions.volume(percent: text) else {
                throw refusal("--volume takes a percentage from 0 to 100, such as --volume 40% (as on a volume control); \(TimerText.shellWord(text)) is not one.")
            }
            guard !options.switches.contains("--silent") else {
                throw refusal("--volume and --silent contradict each other: give a volume, or --silent for no sound.")
            }
            notify.volume = percent
        }
        return notify
    }

    /// `--exec COMMAND`: shell text timerd runs when the timer fires, kept with the timer.
    func exec() throws(UsageError) -> String? {
        guard let command = options.values["exec"] else { return nil }
        guard !command.allSatisfy(\.isWhitespace) else {
            throw refusal("--exec needs a command, e.g. --exec 'playerctl pause'.")
        }
        if let problem = TimerText.problem(withCommand: command) { throw refusal("--exec: \(problem)") }
        return command
    }
}
