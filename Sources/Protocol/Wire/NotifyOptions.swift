/// How a timer's notifications behave: reminders before its end, its sound and its volume.
public struct NotifyOptions: Sendable, Equatable {
    /// Which sound the notification asks the server to play.
    public enum Sound: Sendable, Equatable {
        /// The daemon's default (the theme's `alarm-clock-elapsed`, or what the config says).
        case standard
        /// A sound file (`sound-file` hint); an absolute path.
        case file(String)
        /// No sound (`suppress-sound` hint).
        case silent
    }

    /// How long before the end each reminder comes (e.g. 1 h and 10 min); nil means the
    /// daemon's configured default reminders, empty means none.
    public var reminders: [Duration]?
    public var sound: Sound
    /// The alarm's volume in percent, as on a volume control (0…100); nil for the daemon's.
    public var volume: Int?

    public init(reminders: [Duration]? = nil, sound: Sound = .standard, volume: Int? = nil) {
        self.reminders = reminders
        self.sound = sound
        self.volume = volume
    }

    /// At most this many reminders per timer.
    public static let maxReminders = 10

    /// A volume in percent, as on a volume control.
    public static let volumes: ClosedRange<Int64> = 0...100

    /// A volume as people write it, after `--volume` or in timerd.conf: `70%` or `70`; nil for
    /// anything else.
    public static func volume(percent text: String) -> Int? {
        var digits = Substring(text)
        if digits.last == "%" { digits.removeLast() }
        while digits.last == " " { digits.removeLast() }  // "70 %"
        guard let percent = Int64(digits), volumes.contains(percent) else { return nil }
        return Int(percent)
    }

    /// The volume a JSON value or a stored number stands for; nil unless a whole number in range.
    public static func volume(_ value: Int64?) -> Int? {
        value.flatMap { volumes.contains($0) ? Int($0) : nil }
    }
}
