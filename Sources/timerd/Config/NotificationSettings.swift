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
}
