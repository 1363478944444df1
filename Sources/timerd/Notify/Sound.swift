/// What is heard when a notification is shown: a sound of the freedesktop sound theme, a sound
/// file, or nothing.
///
/// The daemon's one sound type: the `[notifications]` group's `sound` is one, and so is every
/// notification's. A timer's own choice on the wire (`NotifyOptions.Sound`: the configured
/// sound, a file, or silence) becomes one in `NotificationSettings.resolve`. Who plays it is not
/// part of it: the notification server does, from the notification's hints
/// (`LibNotifyNotifier`).
enum Sound: Hashable, Sendable {
    /// A sound of the theme by its name, such as `alarm-clock-elapsed` (`sound-name` hint).
    case theme(String)
    /// A sound file by its absolute path (`sound-file` hint).
    case file(String)
    /// No sound (`suppress-sound` hint).
    case silent
}
