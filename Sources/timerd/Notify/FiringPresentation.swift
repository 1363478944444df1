import Protocol

/// How what came due is told: which notifications, saying what, in which order, each resolved
/// under the settings in force (urgency, sound, buttons).
///
/// A value with the time passed in, like the flood guard, through which the scheduler then
/// passes each notification.
struct FiringPresentation: Sendable {
    var settings: NotificationSettings
    var calendar: LocalCalendar

    /// A notification to show, what timerd plays with it, and whether the flood guard may
    /// fold it into its summary.
    struct Notice: Equatable, Sendable {
        var content: NotificationContent
        /// Nil when the server plays the sound, or there is none.
        var sound: NoticeSound?
        /// Not for a reminder: once its moment has passed it is not worth telling.
        var foldable = true
    }

    /// The notifications for what `TimerTable.fireDue` returned, in order: the timers done on
    /// time together in one; those that fired late (`Limits.lateAfter`) in one for each reason
    /// `absence` gives; each repeating timer's next step; the reminders; the stopwatches' marks.
    func notices(for effects: [Effect], at now: Moment, lateBecause absence: (Firing) -> NotificationContent.Absence)
        -> [Notice]
    {
        var notices: [Notice] = []
        for effect in effects {
            guard case .notify(let firings) = effect else { continue }
            let (late, onTime) = firings.partitioned { $0.info.missed }
            if let first = onTime.first {
                notices.append(notice(.fired(onTime, calendar: calendar), .done, of: first.info))
            }
            for reason in [NotificationContent.Absence.daemonNotRunning, .asleep, .clockSet] {
                let group = late.filter { absence($0) == reason }
                guard let first = group.first else { continue }
                notices.append(notice(.missed(group, reason, now: now.wall, calendar: calendar), .done, of: first.info))
            }
        }
        for effect in effects {
            guard case .advance(let advancing) = effect else { continue }
            notices.append(notice(.advanced(advancing, now: now.wall, calendar: calendar), .nextStep, of: advancing.info))
        }
        for effect in effects {
            guard case .remind(let reminding) = effect else { continue }
            var reminder = notice(.reminder(reminding, now: now.wall, calendar: calendar), .reminder, of: reminding.info)
            reminder.foldable = false
            notices.append(reminder)
        }
        for effect in effects {
            guard case .mark(let marking) = effect else { continue }
            // Told as a reminder is: normal urgency, the reminder's chime, never folded.
            var mark = notice(.mark(marking), .reminder, of: marking.info)
            mark.foldable = false
            notices.append(mark)
        }
        return notices
    }

    /// The notification that every item of a timer's checklist is done.
    func checklistDone(_ info: TimerInfo, at now: Moment) -> Notice {
        notice(.checklistDone(info, now: now.wall, calendar: calendar), .checklistDone, of: info)
    }

    /// The flood guard's summary of the notifications it held back: its timers ring with the
    /// configured sound (those that were ringing go on).
    func summary(_ folded: NotificationContent) -> Notice {
        Notice(
            content: settings.resolve(folded, as: .done, sound: .standard),
            sound: settings.played(as: .done, sound: .standard, volume: nil))
    }

    /// The notice for `purpose` with the sound and volume of `timer` (the first, for a group:
    /// its notification takes its sound too); late if that timer fired late.
    private func notice(_ content: NotificationContent, _ purpose: NotificationPurpose, of timer: TimerInfo) -> Notice {
        Notice(
            content: settings.resolve(content, as: purpose, sound: timer.sound),
            sound: settings.played(as: purpose, sound: timer.sound, volume: timer.volume, late: timer.missed))
    }
}

extension Array {
    /// The elements that satisfy `predicate`, and the others, each in order.
    fileprivate func partitioned(by predicate: (Element) -> Bool) -> (matching: [Element], rest: [Element]) {
        var matching: [Element] = [], rest: [Element] = []
        for element in self {
            if predicate(element) { matching.append(element) } else { rest.append(element) }
        }
        return (matching, rest)
    }
}
