import Protocol

/// `--remind`, `--no-remind`, `--sound` and `--silent` (and `-m`): the options `start` and
/// `until` share, their help lines and how they are read.
enum NotifyOptionWords {
    /// The options of `start` and `until`.
    static let options: Set<String> = ["--message", "--remind", "--no-remind", "--sound", "--silent"]

    /// What the options of `start` and `until` do.
    static let helpLines = """
          -m, --message TEXT   shown in the notification
          --remind DURATION    also notify DURATION (10m, 1h30m…) before the end; repeat
                               it for more, at most \(NotifyOptions.maxReminders) (default: timerd's reminders)
          --no-remind          no reminders, not even timerd's defaults
          --sound FILE         play this sound file instead of the usual sound
          --silent             no sound
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
        return notify
    }
}
