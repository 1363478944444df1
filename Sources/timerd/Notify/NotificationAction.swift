import Protocol

/// A button on a notification. Its effect goes through the same path as the matching
/// method: snooze is `snooze`, restart is `reset`, dismiss is `dismiss` (the alarm stops and
/// the notification closes; the user closing the notification is the same).
enum NotificationAction: Equatable, Hashable, Sendable {
    case snooze(Duration)
    case restart
    case dismiss

    /// The action key sent to the notification server and back in `ActionInvoked`.
    var key: String {
        switch self {
        case .snooze(let delay): "snooze-\(delay.nanoseconds / 1_000_000_000)"
        case .restart: "restart"
        case .dismiss: "dismiss"
        }
    }

    var label: String {
        switch self {
        case .snooze(let delay): "Snooze \(TimeFormat.words(delay, short: true))"
        case .restart: "Restart"
        case .dismiss: "Dismiss"
        }
    }

    /// What pressing it does for one of the notification's timers: the request `snooze`,
    /// `reset` or `dismiss`, carried out as a client's would be.
    func request(for timer: String) -> Request {
        switch self {
        case .snooze(let delay): .snooze(name: timer, by: delay)
        case .restart: .reset(name: timer)
        case .dismiss: .dismiss(name: timer)
        }
    }

    /// The action an `ActionInvoked` key stands for; the default action (a click on the
    /// notification itself, key "default") dismisses.
    init?(key: String) {
        switch key {
        case "restart": self = .restart
        case "dismiss", "default": self = .dismiss
        case _ where key.hasPrefix("snooze-"):
            guard let seconds = Int64(key.dropFirst("snooze-".count)), seconds > 0 else { return nil }
            self = .snooze(.seconds(seconds))
        default: return nil
        }
    }

    /// For timers that finished: the default snooze buttons (1 and 5 minutes), restart (only
    /// when every one is a countdown: a deadline has no length to run again), dismiss.
    static func forFinished(_ timers: [TimerInfo]) -> [NotificationAction] {
        var actions = NotificationSettings.defaults.snooze.map(NotificationAction.snooze)
        if timers.allSatisfy({ $0.kind == .countdown }) { actions.append(.restart) }
        actions.append(.dismiss)
        return actions
    }
}
