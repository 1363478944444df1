import Protocol

/// A desktop notification, independent of how it is shown.
struct NotificationContent: Equatable, Sendable {
    enum Urgency: Int, Sendable { case low = 0, normal = 1, critical = 2 }

    /// Plain text (the notification spec does not interpret markup in the summary).
    var summary: String
    /// Plain text; the notifier escapes it for servers that interpret markup in the body.
    var body: String
    var urgency: Urgency = .critical
    var icon = "appointment-soon"
    var category = "x-timerd.timer"
    /// A freedesktop sound theme name, sent as the `sound-name` hint.
    var soundName: String? = "alarm-clock-elapsed"

    /// The notification for timers that fired together.
    static func fired(_ firings: [Firing], calendar: LocalCalendar) -> NotificationContent {
        if firings.count == 1, let only = firings.first {
            return NotificationContent(summary: only.info.name, body: body(for: only, calendar: calendar))
        }
        let names = firings.map(\.info.name)
        let lines = firings.map { "\($0.info.name): \(body(for: $0, calendar: calendar))" }
        return NotificationContent(
            summary: "\(names.count) timers done: \(names.joined(separator: ", "))",
            body: lines.joined(separator: "\n"))
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

    /// One notification for timers that came due while nobody could tell: "2 timers finished
    /// while timerd was not running" / "pasta (12 min ago), eggs (3 min ago)".
    static func missed(_ firings: [Firing], _ absence: Absence, now: Timestamp, calendar: LocalCalendar)
        -> NotificationContent
    {
        func ago(_ firing: Firing) -> String { TimeFormat.ago(now - (firing.info.endsAt ?? now)) }
        if firings.count == 1, let only = firings.first {
            let due = TimeFormat.clock(only.info.endsAt ?? now, now: now, calendar: calendar)
            return NotificationContent(
                summary: "\(only.info.name) finished \(absence.phrase)",
                body: "\(body(for: only, calendar: calendar))\nIt was due at \(due), \(ago(only)).")
        }
        return NotificationContent(
            summary: "\(firings.count) timers finished \(absence.phrase)",
            body: firings.map { "\($0.info.name) (\(ago($0)))" }.joined(separator: ", "))
    }

    /// "8m timer done (started 18:34)" or "Deadline reached: Fri 17:00", after the message if any.
    static func body(for firing: Firing, calendar: LocalCalendar) -> String {
        let info = firing.info
        let ended = info.endsAt ?? firing.startedAt
        let what: String
        switch info.kind {
        case .countdown:
            let started = TimeFormat.clock(firing.startedAt, now: ended, calendar: calendar)
            what = "\(TimeFormat.compact(info.duration)) timer done (started \(started))"
        case .deadline:
            let weekday = calendar.local(ended).date.weekday.abbreviation
            what = "Deadline reached: \(weekday) \(TimeFormat.clock(ended, now: ended, calendar: calendar))"
        }
        guard let message = info.message, !message.isEmpty else { return what }
        return "\(message)\n\(what)"
    }
}
