import Protocol

/// A button on a notification. Its effect goes through the same path as the matching
/// `timerctl` command: snooze is `snooze`, restart is `reset`, dismiss closes it.
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

    /// For timers that finished: snooze 1 and 5 minutes, restart (only when every one is a
    /// countdown: a deadline has no length to run again), dismiss.
    static func forFinished(_ timers: [TimerInfo]) -> [NotificationAction] {
        var actions: [NotificationAction] = [.snooze(.seconds(60)), .snooze(.seconds(300))]
        if timers.allSatisfy({ $0.kind == .countdown }) { actions.append(.restart) }
        actions.append(.dismiss)
        return actions
    }
}
