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
    /// `content` with the urgency for `purpose`, `sound` made concrete, and the configured
    /// snooze buttons in place of those it offers (none, if it offers none).
    func resolve(_ content: NotificationContent, as purpose: NotificationPurpose, sound: NotifyOptions.Sound)
        -> NotificationContent
    {
        var resolved = content
        resolved.urgency = urgency(for: purpose)
        resolved.sound = self.sound(for: sound)
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
