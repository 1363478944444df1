import Protocol

/// Who plays the sound of a notification (`sound-player` in timerd.conf).
enum SoundPlayerChoice: String, Hashable, Sendable {
    /// timerd plays it, and loops the alarm until it is answered; the notification carries
    /// `suppress-sound`, so a server that plays sounds does not play it as well.
    case timerd
    /// The notification server, from the notification's `sound-name` or `sound-file` hint
    /// (most servers terminal users run play nothing).
    case server
}

/// How `sound-player`, `ring`, `ring-missed` and `volume` are read.
extension NotificationSettings {
    static func soundPlayer(_ text: String) -> Result<SoundPlayerChoice, Refusal> {
        SoundPlayerChoice(rawValue: text.lowercased()).map { .success($0) }
            ?? .failure(Refusal(accepted: "timerd (timerd plays the sound and rings until answered) or server (the notification server plays it)"))
    }

    static func ringLimit(_ text: String) -> Result<RingLimit, Refusal> {
        let accepted = "once, a duration such as 1m or 5m, or until-dismissed"
        switch text.lowercased() {
        case "once": return .success(.once)
        case "until-dismissed", "until-answered", "forever": return .success(.untilAnswered)
        default:
            do {
                let length = try DurationParser.parse(text)
                guard length <= RingLimit.longest else {
                    return .failure(Refusal(accepted: accepted, detail: "to ring for longer than a day, say until-dismissed"))
                }
                return .success(.lasting(length))
            } catch {
                var message = error.message
                if message.hasSuffix(".") { message.removeLast() }
                return .failure(Refusal(accepted: accepted, detail: message))
            }
        }
    }

    /// `70%` or `70`: percent, as on a volume control.
    static func volume(_ text: String) -> Result<Int, Refusal> {
        NotifyOptions.volume(percent: text).map { .success($0) }
            ?? .failure(Refusal(accepted: "a volume from 0% to 100%, such as 70%"))
    }
}

extension SoundPlayerChoice: WrittenSetting {
    var written: String { rawValue }
}

extension RingLimit: WrittenSetting {
    var written: String {
        switch self {
        case .once: "once"
        case .untilAnswered: "until-dismissed"
        case .lasting(let length): TimeFormat.compact(length)
        }
    }
}

/// The one whole-number setting is `volume`.
extension Int: WrittenSetting {
    var written: String { "\(self)%" }
}
