import Glibc
import Protocol

/// Turns the words of a command into the request to send, refusing as usage errors what
/// makes no sense before the daemon is asked. Pure: the moment, the calendar and the file
/// system are given, so tests choose them.
struct RequestBuilder {
    var now: Timestamp
    var calendar: LocalCalendar
    var files: SoundFiles

    /// `start NAME DURATION`: a countdown.
    func countdown(
        name: String, duration text: String, message: String?, notify: NotifyOptions, repeats words: RepeatWords? = nil,
        exec: String? = nil
    ) throws(CtlFailure) -> Request {
        let parsed = Result { () throws(TimeParseError) in try DurationParser.parse(text) }
        // `start 8m pasta`: the two the other way round.
        if case .failure = parsed, (try? DurationParser.parse(name)) != nil, !text.contains(" ") {
            throw .usage(
                "\(TimerText.quoted(text)) is not a duration, but \(TimerText.quoted(name)) is: the name comes first, "
                    + "as in `timerctl start \(TimerText.shellWord(text)) \(TimerText.shellWord(name))`.")
        }
        let name = try checked(name)
        let length: Duration
        switch parsed {
        case .success(let value): length = value
        case .failure(let error): throw .usage(error.message)
        }
        var repeats: Repeats?
        if let words {
            var then: Repeats.Step?
            if let typed = words.thenName, let thenText = words.thenDuration {
                let thenName = try checked(typed)
                do {
                    then = Repeats.Step(name: thenName, length: try DurationParser.parse(thenText))
                } catch {
                    throw .usage("--then \(TimerText.shellWord(thenName)): \(error.message)")
                }
            }
            repeats = Repeats(rounds: words.rounds, then: then)
        }
        var start = try start(name: name, spec: .countdown(length), endsIn: length, message: message, notify: notify)
        start.repeats = repeats
        start.exec = exec
        return Request(start)
    }

    /// `until NAME WHEN`: a deadline, read on the calendar's wall clock from `now`.
    func deadline(
        name: String, when text: String, message: String?, notify: NotifyOptions, exec: String? = nil,
        every words: RecurrenceWords? = nil
    ) throws(CtlFailure) -> Request {
        try deadlineNoting(name: name, when: text, message: message, notify: notify, exec: exec, every: words).request
    }

    /// `deadline`, with what to tell the user when the time asked for is one the clocks skip
    /// or show twice that day (`Render.clockChange`).
    func deadlineNoting(
        name: String, when text: String, message: String?, notify: NotifyOptions, exec: String? = nil,
        every words: RecurrenceWords? = nil
    ) throws(CtlFailure) -> (request: Request, note: String?) {
        let parsed = Result { () throws(TimeParseError) in try DeadlineParser.resolve(text, now: now, calendar: calendar) }
        // `until 17:00 report`: the two the other way round.
        if case .failure = parsed, (try? DeadlineParser.parse(name, now: now, calendar: calendar)) != nil, !text.contains(" ") {
            throw .usage(
                "\(TimerText.quoted(text)) is not a time, but \(TimerText.quoted(name)) is: the name comes first, "
                    + "as in `timerctl until \(TimerText.shellWord(text)) \(TimerText.shellWord(name))`.")
        }
        let name = try checked(name)
        let resolution: DeadlineParser.Resolution
        switch parsed {
        case .success(let value): resolution = value
        case .failure(let error): throw .usage(error.message)
        }
        let at = resolution.instant
        var start = try start(name: name, spec: .deadline(at), endsIn: at - now, message: message, notify: notify)
        start.exec = exec
        if let words {
            // The rule's time of day is the one the deadline was set for, on this clock.
            let time = calendar.local(at).timeOfDay
            do {
                var every = try Recurrence.parse(words.spec, at: time)
                every.freshChecklist = words.freshChecklist
                start.every = every
            } catch {
                throw .usage("\(words.flag): \(error.message)")
            }
        }
        return (Request(start), resolution.clockChange.map(Render.clockChange))
    }

    /// `snooze NAME [DURATION]`: without a duration, the daemon's default.
    func snooze(name: String, duration text: String?) throws(CtlFailure) -> Request {
        guard let text else { return .snooze(name: name, by: nil) }
        do {
            return .snooze(name: name, by: try DurationParser.parse(text))
        } catch {
            // `snooze pasta tea`: a second name where the duration goes.
            guard text.first?.isLetter == true else { throw .usage(error.message) }
            throw .usage(
                "\(TimerText.quoted(text)) is not a duration: snooze takes one name, then optionally how long, "
                    + "e.g. `timerctl snooze \(TimerText.shellWord(name)) 10m`.")
        }
    }

    /// A new timer's name as the daemon keeps it (NFC), once it follows the rules for names.
    private func checked(_ name: String) throws(CtlFailure) -> String {
        let name = TimerText.normalized(name)
        if let problem = TimerText.problem(withName: name) { throw .usage(problem) }
        return name
    }

    private func start(name: String, spec: StartSpec, endsIn: Duration, message: String?, notify: NotifyOptions)
        throws(CtlFailure) -> Methods.Start
    {
        var notify = notify
        try Self.checkReminders(notify.reminders ?? [], name: name, endsIn: endsIn)
        if case .file(let typed) = notify.sound { notify.sound = .file(try files.playable(typed)) }
        return Methods.Start(name: name, spec: spec, message: message, notify: notify)
    }

    /// A reminder must come after now: shorter than the time to the end.
    static func checkReminders(_ reminders: [Duration], name: String, endsIn: Duration) throws(CtlFailure) {
        let early = reminders.filter { $0 >= endsIn }.sorted(by: >)
        guard !early.isEmpty else { return }
        let one = early.count == 1
        throw .usage(
            "\(one ? "A reminder" : "Reminders") \(Render.list(early.map(TimeFormat.compact))) before the end "
                + "would come before now: \(name) ends in \(TimeFormat.remaining(endsIn)). "
                + "Use \(one ? "a shorter reminder" : "shorter reminders").")
    }
}

/// Where a relative sound file is, and whether a file can be played. The daemon runs in "/",
/// and the sound is wanted only when the timer ends, far from this terminal: the client makes
/// the path absolute and checks the file now, while the user is there to fix it.
struct SoundFiles {
    /// Why a sound file cannot be played.
    enum Problem: Equatable {
        case missing
        case unreadable(Errno)
        case directory
        /// Readable, but not in a format the player opens (`/etc/passwd`).
        case notSound
    }

    /// The directory relative paths are read from; nil when it cannot be known.
    var currentDirectory: String?
    /// Why the file at an absolute path cannot be played, or nil when it can be read.
    var problem: (String) -> Problem?

    /// The absolute path of `typed`, refused as a usage error when nothing can be played from it.
    func playable(_ typed: String) throws(CtlFailure) -> String {
        let path: String
        if typed.hasPrefix("/") {
            path = typed
        } else if let directory = currentDirectory, directory.hasPrefix("/") {
            var relative = Substring(typed)
            while relative.hasPrefix("./") { relative = relative.dropFirst(2).drop { $0 == "/" } }
            path = (directory.hasSuffix("/") ? directory : directory + "/") + relative
        } else {
            throw .usage("The current directory cannot be read, so --sound \(TimerText.shellWord(typed)) cannot be found; give its full path.")
        }
        let shown = TimerText.shellWord(path)
        switch problem(path) {
        case nil:
            return path
        case .missing? where typed.hasPrefix("~"):
            // `--sound=~/bell.oga`: the shell expands ~ only at the start of a word (and unquoted).
            let home = typed.hasPrefix("~/") ? "~/" + TimerText.shellWord(String(typed.dropFirst(2))) : typed
            throw .usage(
                "There is no sound file \(shown): the shell leaves ~ alone after =. "
                    + "Write --sound \(home) (with a space) or the full path.")
        case .missing?:
            throw .usage("There is no sound file \(shown). Check the path, or leave out --sound for the usual sound.")
        case .unreadable(let error)?:
            throw .usage("The sound file \(shown) cannot be read (\(error)). Make it readable, or choose another file.")
        case .directory?:
            throw .usage("\(shown) is a directory; --sound needs a sound file, such as \(NotifyOptionWords.exampleSound).")
        case .notSound?:
            throw .usage(
                "\(shown) is not a sound file timerd can play (Ogg, WAV, FLAC or MP3); give one such as "
                    + "\(NotifyOptionWords.exampleSound), or leave out --sound for the usual sound.")
        }
    }

    /// The real file system, read from `currentDirectory`.
    static func live(currentDirectory: String?) -> SoundFiles {
        SoundFiles(currentDirectory: currentDirectory) { path in
            guard access(path, R_OK) == 0 else {
                let code = errno
                return code == ENOENT || code == ENOTDIR ? .missing : .unreadable(Errno(code))
            }
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return .directory }
            return isSound(path) ? nil : .notSound
        }
    }

    /// Whether the file begins as the formats the player opens do (libcanberra through
    /// GStreamer or libvorbisfile): Ogg, RIFF WAVE, FLAC, MP3 (an ID3 tag or a frame's sync).
    /// A file that cannot be read here is left for the daemon to say.
    static func isSound(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 12)
        let n = read(fd, &head, head.count)
        guard n >= 4 else { return false }
        return isSound(head: Array(head[..<n]))
    }

    static func isSound(head: [UInt8]) -> Bool {
        func starts(_ text: String) -> Bool { head.starts(with: Array(text.utf8)) }
        if starts("OggS") || starts("fLaC") || starts("ID3") { return true }
        if starts("RIFF"), head.count >= 12, Array(head[8..<12]) == Array("WAVE".utf8) { return true }
        // An MPEG audio frame: eleven set bits.
        return head.count >= 2 && head[0] == 0xFF && head[1] & 0xE0 == 0xE0
    }
}
