import Protocol

/// A desktop notification, independent of how it is shown.
///
/// The notifications about timers are made here with the default settings, and resolved
/// under the settings in force before they are shown (`NotificationSettings.resolve`).
struct NotificationContent: Equatable, Sendable {
    enum Urgency: Int, Sendable { case low = 0, normal = 1, critical = 2 }

    /// Plain text (the notification spec does not interpret markup in the summary). Goes out
    /// as `shownSummary`: one line, cleaned and shortened (`NotificationText`).
    var summary: String
    /// Plain text; goes out as `shownBody`, which the notifier escapes for servers that
    /// interpret markup in the body.
    var body: String
    var urgency = NotificationSettings.defaults.urgency
    var icon = "appointment-soon"
    var category = "x-timerd.timer"
    /// What the server is asked to play (`Sound.silent`: nothing, as when timerd plays it).
    var sound = NotificationSettings.defaults.serverSound(for: .standard)
    /// The timers it is about: a new notification for any of them replaces this one, and it
    /// closes when they are restarted, snoozed or cancelled. Empty for notices of timerd's own.
    var timers: [String] = []
    /// Buttons, offered when the server supports actions; they apply to every timer above.
    var actions: [NotificationAction] = []

    /// Names listed in a summary before "and N more".
    static let namesInSummary = 5
    /// Lines in a body before "… and N more".
    static let linesInBody = 20

    /// The notification for timers that fired together: "pasta" / "8m timer done (started
    /// 18:34)", or "3 timers done: pasta, eggs, rice" with a line for each.
    static func fired(_ firings: [Firing], calendar: LocalCalendar) -> NotificationContent {
        let names = firings.map(\.info.name)
        if firings.count == 1, let only = firings.first {
            return NotificationContent(
                summary: only.info.name, body: body(for: only, calendar: calendar), timers: names,
                actions: NotificationAction.forFinished(firings.map(\.info)))
        }
        let lines = firings.map { "\($0.info.name): \(body(for: $0, calendar: calendar))" }
        return NotificationContent(
            summary: "\(names.count) timers done: \(list(names))", body: limited(lines), timers: names,
            actions: NotificationAction.forFinished(firings.map(\.info)))
    }

    /// Timers folded away by the flood guard, told in one notification a second later:
    /// "25 more timers done: a, b, c, d, e and 20 more". Each timer is named once, with how
    /// often it was held back when that was more than once (a repeating timer's every step):
    /// "pomo done 196 more times", "3 more timers done: pomo (196 times), tea, eggs".
    static func folded(_ names: [String]) -> NotificationContent {
        var counts: [String: Int] = [:]
        let timers = names.filter { name in
            counts[name, default: 0] += 1
            return counts[name] == 1
        }
        let items = timers.map { name in counts[name]! == 1 ? name : "\(name) (\(counts[name]!) times)" }
        let summary =
            if timers.count == 1 && names.count > 1 {
                "\(timers[0]) done \(names.count) more times"
            } else {
                "\(timers.count) more timer\(timers.count == 1 ? "" : "s") done: \(list(items))"
            }
        return NotificationContent(
            summary: summary, body: limited(items), timers: timers,
            actions: NotificationSettings.defaults.snooze.map(NotificationAction.snooze) + [.dismiss])
    }

    /// A reminder before the end: "report: 10 minutes left" / "Deadline Fri 17:00".
    static func reminder(_ reminding: Reminding, now: Timestamp, calendar: LocalCalendar) -> NotificationContent {
        let info = reminding.info
        let ends = info.endsAt ?? now
        let weekday = calendar.local(ends).date.weekday.abbreviation
        let when = "\(weekday) \(TimeFormat.clock(ends, now: ends, calendar: calendar))"
        var body = info.kind == .deadline ? "Deadline \(when)" : "Ends \(when)"
        if let open = openTasks(info) { body += "\n\(open)" }
        return NotificationContent(
            // The time really left, to the nearest second: after a suspend it may be less than
            // the reminder was set for.
            summary: "\(info.name): \(TimeFormat.words(info.remaining + .milliseconds(500))) left",
            body: withMessage(info, body),
            urgency: NotificationSettings.defaults.urgency(for: .reminder),
            timers: [info.name], actions: [.dismiss])
    }

    /// A stopwatch passed a mark: "bread: 50m elapsed" / "Stopwatch, 2 laps".
    static func mark(_ marking: Marking) -> NotificationContent {
        let info = marking.info
        let laps = info.laps.count
        return NotificationContent(
            summary: "\(info.name): \(TimeFormat.compact(marking.elapsed)) elapsed",
            body: laps == 0 ? "Stopwatch" : "Stopwatch, \(laps) lap\(laps == 1 ? "" : "s")",
            urgency: NotificationSettings.defaults.urgency(for: .reminder), timers: [info.name], actions: [.dismiss])
    }

    /// A repeating timer went on to its next step: "focus done" / "Write the intro" (its
    /// message, if any) / "Now break for 5m, until 18:47 (round 2 of 4)." It replaces the
    /// timer's previous notification.
    static func advanced(_ advancing: Advancing, now: Timestamp, calendar: LocalCalendar) -> NotificationContent {
        let info = advancing.info
        let next = info.cycle?.step ?? info.name
        let until = info.endsAt.map { " until \(TimeFormat.clock($0, now: now, calendar: calendar))" } ?? ""
        // One round (`--then` without `--cycles`) has no round to count.
        let round = info.cycle.flatMap { $0.rounds > 1 ? " (round \($0.round) of \($0.rounds))" : nil } ?? ""
        return NotificationContent(
            summary: "\(advancing.finished.name) done",
            body: withMessage(info, "Now \(next) for \(TimeFormat.compact(info.duration)),\(until)\(round)."),
            timers: [info.name], actions: [.dismiss])
    }

    /// Every item of a running timer's checklist is done: "report: all 5 tasks done" /
    /// "2 days 03:04:05 before the deadline (Fri 17:00)."
    static func checklistDone(_ info: TimerInfo, now: Timestamp, calendar: LocalCalendar) -> NotificationContent {
        let count = info.todos.count
        let what = info.kind == .deadline ? "the deadline" : "the end"
        let when = info.endsAt.map { " (\(TimeFormat.clock($0, now: now, calendar: calendar)))" } ?? ""
        return NotificationContent(
            summary: count == 1 ? "\(info.name): its one task is done" : "\(info.name): all \(count) tasks done",
            body: info.kind == .stopwatch
                ? "\(TimeFormat.elapsed(info.elapsed)) on the stopwatch. Well done."
                : "\(TimeFormat.remaining(info.remaining)) before \(what)\(when). Well done.",
            urgency: NotificationSettings.defaults.urgency(for: .checklistDone),
            timers: [info.name], actions: [.dismiss])
    }

    /// "2 of 5 tasks not done: write intro, proofread" for a checklist with open items.
    static func openTasks(_ info: TimerInfo) -> String? {
        let open = info.openTodos
        guard !open.isEmpty else { return nil }
        let names = open.prefix(namesInSummary).map { NotificationText.item($0.text) }.joined(separator: ", ")
        let more = open.count > namesInSummary ? " and \(open.count - namesInSummary) more" : ""
        return "\(open.count) of \(info.todos.count) task\(info.todos.count == 1 ? "" : "s") not done: \(names)\(more)"
    }

    /// "a, b, c, d, e and 20 more".
    static func list(_ names: [String]) -> String {
        guard names.count > namesInSummary else { return names.joined(separator: ", ") }
        return names.prefix(namesInSummary).joined(separator: ", ") + " and \(names.count - namesInSummary) more"
    }

    /// At most `linesInBody` of `lines`, then "… and N more" for the rest. With
    /// `maxCharacters`, fewer lines where needed so that the whole, "… and N more" included,
    /// fits: the body's cut (`NotificationText.body`) would take the count away with the end.
    private static func limited(_ lines: [String], maxCharacters: Int = .max) -> String {
        var kept = 0, length = 0
        for line in lines.prefix(linesInBody) {
            let added = length + (kept == 0 ? 0 : 1) + line.count
            let rest = lines.count - kept - 1
            let tail = rest > 0 ? "\n… and \(rest) more".count : 0
            // The first line is kept whatever its length: the body's cut shortens it.
            guard kept == 0 || added + tail <= maxCharacters else { break }
            kept += 1
            length = added
        }
        let rest = lines.count - kept
        return (lines.prefix(kept) + (rest > 0 ? ["… and \(rest) more"] : [])).joined(separator: "\n")
    }

    /// Why timers fired late.
    enum Absence: Sendable {
        /// They came due before the daemon started.
        case daemonNotRunning
        /// They came due while the daemon ran but could not fire them: the machine was asleep.
        case asleep
        /// The wall clock was set forward past their instant (deadlines).
        case clockSet

        var phrase: String {
            switch self {
            case .daemonNotRunning: "while timerd was not running"
            case .asleep: "while the computer was asleep"
            case .clockSet: "when the clock was set forward"
            }
        }
    }

    /// One notification for timers that came due while nobody could tell: "pasta finished
    /// while timerd was not running" / the body of its notification on time, then "It was due
    /// at 18:42, 12 min ago."; for several, "2 timers finished while timerd was not running"
    /// with a line for each: "pasta (12 min ago): Drain it", "eggs (3 min ago)". A message
    /// there is its first line, as short as a checklist item (`NotificationText.item`): a
    /// line of a bubble is 40 to 60 characters wide, and twenty timers of wrapped lines would
    /// already overflow one. The lines stop where the body's room (`maxBodyCharacters`) would
    /// no longer hold them and "… and N more".
    static func missed(_ firings: [Firing], _ absence: Absence, now: Timestamp, calendar: LocalCalendar)
        -> NotificationContent
    {
        func ago(_ firing: Firing) -> String { TimeFormat.ago(now - (firing.info.endsAt ?? now)) }
        let names = firings.map(\.info.name)
        let actions = NotificationAction.forFinished(firings.map(\.info))
        if firings.count == 1, let only = firings.first {
            let due = TimeFormat.clock(only.info.endsAt ?? now, now: now, calendar: calendar)
            return NotificationContent(
                summary: "\(only.info.name) finished \(absence.phrase)",
                body: "\(body(for: only, calendar: calendar))\nIt was due at \(due), \(ago(only)).", timers: names,
                actions: actions)
        }
        let lines = firings.map { firing in
            let message = firing.info.message.flatMap { $0.isEmpty ? nil : ": \(NotificationText.item($0))" } ?? ""
            return "\(firing.info.name) (\(ago(firing)))\(message)"
        }
        return NotificationContent(
            summary: "\(firings.count) timers finished \(absence.phrase)",
            body: limited(lines, maxCharacters: NotificationText.maxBodyCharacters), timers: names, actions: actions)
    }

    /// "8m timer done (started 18:34)", "4 rounds of focus 25m + break 5m done (started
    /// 16:30)" for a repeating timer's end, or "Deadline reached: Fri 17:00", after the
    /// message if any.
    static func body(for firing: Firing, calendar: LocalCalendar) -> String {
        let info = firing.info
        let ended = info.endsAt ?? firing.startedAt
        let what: String
        switch info.kind {
        case .countdown:
            if let chain = firing.chain {
                let began = chain.began.map { " (started \(TimeFormat.clock($0, now: ended, calendar: calendar)))" } ?? ""
                what = "\(plan(chain)) done\(began)"
            } else {
                let started = TimeFormat.clock(firing.startedAt, now: ended, calendar: calendar)
                what = "\(TimeFormat.compact(info.duration)) timer done (started \(started))"
            }
        case .deadline:
            let weekday = calendar.local(ended).date.weekday.abbreviation
            what = "Deadline reached: \(weekday) \(TimeFormat.clock(ended, now: ended, calendar: calendar))"
        case .stopwatch:
            // A stopwatch never fires.
            what = "Stopwatch at \(TimeFormat.elapsed(info.elapsed))"
        }
        var text = what
        if let open = openTasks(info) { text += "\n\(open)" }
        return withMessage(info, text)
    }

    /// What a repeating timer runs: its steps with their lengths, and how many rounds: "4
    /// rounds of focus 25m + break 5m", "focus 25m + break 5m" (one round), "3 rounds of tea 5m"
    /// (`--repeat 3`).
    static func plan(_ chain: Chain) -> String {
        let steps = chain.steps.map { "\($0.name) \(TimeFormat.compact($0.length))" }.joined(separator: " + ")
        return chain.rounds > 1 ? "\(chain.rounds) rounds of \(steps)" : steps
    }

    /// `text` after the timer's message, if it has one: every notification about one timer
    /// (its end, a step's, a reminder) leads with what the user wrote.
    static func withMessage(_ info: TimerInfo, _ text: String) -> String {
        guard let message = info.message, !message.isEmpty else { return text }
        return "\(NotificationText.message(message))\n\(text)"
    }
}
