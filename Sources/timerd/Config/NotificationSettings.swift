import Protocol

/// How notifications behave unless a timer says otherwise: the `[notifications]` group of
/// timerd.conf.
///
/// ```
/// [notifications]
/// remind = 1h;10m             # for deadlines that set no reminders; default none
/// urgency = critical          # when a timer is done: critical (stays until dismissed), normal, low
/// reminder-urgency = normal   # the same for reminders
/// sound = alarm-clock-elapsed # a theme sound name, an absolute path to a sound file, or none
/// snooze = 1m;5m              # the snooze buttons (at most 3), or none
/// sound-player = timerd       # who plays the sound: timerd itself, or the notification server
/// ring = 1m                   # how long an unanswered alarm rings: a duration, once, until-dismissed
/// ring-missed = once          # the same for timers that fired while timerd or the computer was off
/// volume = 100%               # the alarm's volume, as on a volume control
/// reminder-sound = message-new-instant # played once for a reminder: a theme sound, a file, or none
/// ```
///
/// The values below are the one set of defaults: a notification is made with them
/// (`NotificationContent`) and then resolved under the settings in force
/// (`NotificationSettings.resolve`).
struct NotificationSettings: Equatable, Sendable {
    /// How long before a deadline its reminders come, for deadlines that set none of
    /// their own (`remind`).
    var reminders: [Duration] = []
    /// The urgency of the notification when a timer is done (`urgency`).
    var urgency: NotificationContent.Urgency = .critical
    /// The urgency of a reminder (`reminder-urgency`).
    var reminderUrgency: NotificationContent.Urgency = .normal
    /// The sound of a timer that sets none of its own (`sound`).
    var sound: Sound = .theme("alarm-clock-elapsed")
    /// The snooze buttons on a finished timer's notification (`snooze`).
    var snooze: [Duration] = [.seconds(60), .seconds(300)]
    /// How long `snooze` without an amount waits: the first button's length once `snooze` is
    /// set in timerd.conf (what a click gives), else 5 minutes.
    var snoozeDefault: Duration = .seconds(300)
    /// Who plays the sounds (`sound-player`).
    var soundPlayer: SoundPlayerChoice = .timerd
    /// How long an unanswered alarm rings (`ring`).
    var ring: RingLimit = .lasting(.seconds(60))
    /// How timers that fired late ring (`ring-missed`): the user may not be there, so once.
    var ringMissed: RingLimit = .once
    /// The volume of what timerd plays, in percent, for timers that set none (`volume`).
    var volume = 100
    /// What a reminder plays, once (`reminder-sound`): short, not the alarm.
    var reminderSound: Sound = .theme("message-new-instant")

    /// Every setting at its default.
    static let defaults = NotificationSettings()

    static let group = "notifications"
    static let knownKeys = [
        "remind", "urgency", "reminder-urgency", "sound", "snooze", "sound-player", "ring", "ring-missed", "volume",
        "reminder-sound",
    ]
    static let maxSnoozeButtons = 3

    /// The settings in `keyFile`'s `[notifications]` group. A key whose value cannot be used
    /// keeps its default and is a problem at its line naming the value, the accepted ones and
    /// the default; so is an unknown key. Other groups are not looked at.
    static func load(from keyFile: KeyFile) -> (NotificationSettings, [KeyFile.Problem]) {
        var settings = NotificationSettings()
        var problems: [KeyFile.Problem] = []
        for key in keyFile.keys(in: group) {
            guard let (value, line) = keyFile.value(key, in: group) else { continue }
            let problem: String?
            switch key {
            case "remind": problem = read(key, value, into: &settings.reminders, parse: reminders)
            case "urgency": problem = read(key, value, into: &settings.urgency, parse: urgency)
            case "reminder-urgency": problem = read(key, value, into: &settings.reminderUrgency, parse: urgency)
            case "sound": problem = read(key, value, into: &settings.sound, parse: sound)
            case "snooze":
                problem = read(key, value, into: &settings.snooze, parse: snoozes)
                if problem == nil { settings.snoozeDefault = settings.snooze.first ?? settings.snoozeDefault }
            case "sound-player": problem = read(key, value, into: &settings.soundPlayer, parse: soundPlayer)
            case "ring": problem = read(key, value, into: &settings.ring, parse: ringLimit)
            case "ring-missed": problem = read(key, value, into: &settings.ringMissed, parse: ringLimit)
            case "volume": problem = read(key, value, into: &settings.volume, parse: volume)
            case "reminder-sound": problem = read(key, value, into: &settings.reminderSound, parse: sound)
            default:
                problem = "unknown key \"\(key)\" in [\(group)] (known: \(knownKeys.joined(separator: ", ")))"
            }
            if let problem { problems.append(KeyFile.Problem(line: line, message: problem)) }
        }
        return (settings, problems)
    }

    /// A value parsed, or why not: the accepted values and, when it helps, the detail.
    struct Refusal: Error {
        var accepted: String
        var detail: String? = nil
    }

    /// Stores the value `parse` makes of `text` in `setting`, or leaves the default there
    /// and returns the problem.
    private static func read<Value: WrittenSetting>(
        _ key: String, _ text: String, into setting: inout Value,
        parse: (String) -> Result<Value, Refusal>
    ) -> String? {
        switch parse(text) {
        case .success(let value):
            setting = value
            return nil
        case .failure(let refusal):
            let using = "; using \(setting.written)"
            guard !text.isEmpty else {
                return "\"\(key)\" needs a value after \"=\" (\(refusal.accepted))" + using
            }
            let detail = refusal.detail.map { ": " + $0 } ?? ""
            return "\(key) \"\(KeyFile.escape(text))\" is not \(refusal.accepted)\(detail)" + using
        }
    }

    private static func snoozes(_ text: String) -> Result<[Duration], Refusal> {
        durations(
            text, accepted: "a list of at most \(maxSnoozeButtons) durations such as 1m;5m, or none", limit: maxSnoozeButtons,
            tooMany: "snooze buttons, more than the \(maxSnoozeButtons) a notification shows")
    }

    private static func reminders(_ text: String) -> Result<[Duration], Refusal> {
        durations(
            text, accepted: "a list of durations such as 1h;10m, or none", limit: NotifyOptions.maxReminders,
            tooMany: "reminders, more than the \(NotifyOptions.maxReminders) a timer can have")
    }

    private static func durations(_ text: String, accepted: String, limit: Int, tooMany: String)
        -> Result<[Duration], Refusal>
    {
        if text.lowercased() == "none" { return .success([]) }
        // The same items as `KeyFile.list`; the parser trims each.
        let items = text.split(whereSeparator: { $0 == ";" || $0 == "," })
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .map(String.init)
        guard !items.isEmpty else { return .failure(Refusal(accepted: accepted)) }
        guard items.count <= limit else {
            return .failure(Refusal(accepted: accepted, detail: "it has \(items.count) \(tooMany)"))
        }
        var durations: [Duration] = []
        for item in items {
            do {
                durations.append(try DurationParser.parse(item))
            } catch {
                var message = error.message
                if message.hasSuffix(".") { message.removeLast() }
                return .failure(Refusal(accepted: accepted, detail: message))
            }
        }
        return .success(durations)
    }

    private static func urgency(_ text: String) -> Result<NotificationContent.Urgency, Refusal> {
        switch text.lowercased() {
        case "critical": .success(.critical)
        case "normal": .success(.normal)
        case "low": .success(.low)
        default: .failure(Refusal(accepted: "one of critical, normal, low"))
        }
    }

    static func sound(_ text: String) -> Result<Sound, Refusal> {
        if text.lowercased() == "none" { return .success(.silent) }
        // No control characters: a NUL byte in the file would cut the C string hint short,
        // and `\n` or `\t` in a path is a slip far more often than a real file name.
        if text.hasPrefix("/"), !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .success(.file(text))
        }
        let isName = !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                true
            default: false
            }
        }
        guard isName else {
            return .failure(Refusal(
                accepted: "a theme sound name (letters, digits, \"-\" and \".\"), an absolute path to a sound file, or none"))
        }
        return .success(.theme(text))
    }
}

/// A setting's value as it is written in the file, to say which default is used instead.
protocol WrittenSetting { var written: String { get } }

extension [Duration]: WrittenSetting {
    var written: String { isEmpty ? "none" : map { TimeFormat.compact($0) }.joined(separator: ";") }
}

extension NotificationContent.Urgency: WrittenSetting {
    var written: String {
        switch self {
        case .critical: "critical"
        case .normal: "normal"
        case .low: "low"
        }
    }
}

extension Sound: WrittenSetting {
    var written: String {
        switch self {
        case .theme(let name): name
        case .file(let path): path
        case .silent: "none"
        }
    }
}
