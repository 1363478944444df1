import Protocol

/// Placeholder until the config file lands: the defaults.
struct NotificationSettings: Equatable, Sendable {
    enum SoundSetting: Equatable, Sendable {
        case name(String)
        case file(String)
        case none
    }

    var remind: [Duration] = []
    var urgency: NotificationContent.Urgency = .critical
    var reminderUrgency: NotificationContent.Urgency = .normal
    var sound: SoundSetting = .name("alarm-clock-elapsed")
    /// The snooze buttons on a finished timer's notification.
    var snooze: [Duration] = [.seconds(60), .seconds(300)]
}
