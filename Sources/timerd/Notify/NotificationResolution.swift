import Protocol

/// What a notification is for, which decides the settings that apply to it.
enum NotificationPurpose: Sendable, CaseIterable {
    /// Timers are done (on time, late, or folded into the flood guard's summary).
    case done
    /// A repeating timer finished a step and went on to the next.
    case nextStep
    /// A timer ends soon.
    case reminder
    /// Every item of a running timer's checklist is done: good news, nothing to hurry for.
    case checklistDone
}

/// The one place where the `[notifications]` settings and a timer's own options meet: what a
/// notification made with the defaults (`NotificationSettings.defaults`) becomes when shown.
/// Nothing is read off the content to guess whether it kept a default; the purpose and the
/// timer's choice say what applies.
extension NotificationSettings {
    /// `content` with the urgency for `purpose`, the sound the server is asked to play (none,
    /// `suppress-sound`, when timerd plays it), and the configured snooze buttons in place of
    /// those it offers (none, if it offers none).
    func resolve(_ content: NotificationContent, as purpose: NotificationPurpose, sound: NotifyOptions.Sound)
        -> NotificationContent
    {
        var resolved = content
        resolved.urgency = urgency(for: purpose)
        resolved.sound = serverSound(for: sound)
        if let first = content.actions.firstIndex(where: \.isSnooze) {
            resolved.actions = content.actions.filter { !$0.isSnooze }
            resolved.actions.insert(contentsOf: snooze.map(NotificationAction.snooze), at: first)
        }
        return resolved
    }

    /// The urgency of a notification for `purpose`: `urgency` when timers are done or step on,
    /// `reminder-urgency` for reminders; a finished checklist is always normal.
    func urgency(for purpose: NotificationPurpose) -> NotificationContent.Urgency {
        switch purpose {
        case .done, .nextStep: urgency
        case .reminder: reminderUrgency
        case .checklistDone: .normal
        }
    }

    /// What timerd plays for a notification for `purpose` about timers whose choice is `choice`
    /// and `volume` (nil: the configured one), `late` if they fired late: the alarm rings
    /// (`ring`, `ring-missed`), a step of a repeating timer plays its sound once, a reminder or
    /// a finished checklist the `reminder-sound`. Nil when the server plays sounds, or when
    /// there is nothing to play.
    func played(as purpose: NotificationPurpose, sound choice: NotifyOptions.Sound, volume: Int?, late: Bool = false)
        -> NoticeSound?
    {
        guard soundPlayer == .timerd, choice != .silent else { return nil }
        let factor = NoticeSound.factor(percent: volume ?? self.volume)
        guard factor > 0 else { return nil }
        switch purpose {
        case .done: return .ring(sound(for: choice), volume: factor, limit: late ? ringMissed : ring)
        case .nextStep: return .chime(sound(for: choice), volume: factor)
        case .reminder, .checklistDone:
            return reminderSound == .silent ? nil : .chime(reminderSound, volume: factor)
        }
    }

    /// What the notification server is asked to play for a timer whose choice is `choice`:
    /// nothing (`suppress-sound`) when timerd plays it.
    func serverSound(for choice: NotifyOptions.Sound) -> Sound {
        soundPlayer == .timerd ? .silent : sound(for: choice)
    }

    /// What a timer whose choice is `choice` sounds like: its own file, silence, or the
    /// configured `sound`.
    func sound(for choice: NotifyOptions.Sound) -> Sound {
        switch choice {
        case .standard: sound
        case .file(let path): .file(path)
        case .silent: .silent
        }
    }
}

extension NotificationAction {
    fileprivate var isSnooze: Bool {
        if case .snooze = self { true } else { false }
    }
}
