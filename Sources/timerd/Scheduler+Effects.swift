import Protocol

/// Carrying out what the table returned once the change is saved: events to subscribers,
/// notifications closed (a timer that runs again, or is gone, takes its notification with it),
/// a finished checklist told, dismissals.
extension Scheduler {
    func perform(_ effects: [Effect], at now: Moment) {
        // Notifications are closed together, in one hand-over to the notifier (a `cancel` of
        // every timer closes thousands), and before anything is shown, which must not be
        // closed with them. Timers answered stop ringing first, so that their events say so.
        var closing: [String] = []
        for effect in effects {
            if case .event(let event, let info) = effect, Self.answers.contains(event) { closing.append(info.name) }
        }
        if !rings.ringing.isEmpty { carryOut(rings.answer(closing)) }
        func close() {
            if !closing.isEmpty { notifier.close(timers: closing) }
            closing.removeAll()
        }
        for effect in effects {
            switch effect {
            case .event(let event, var info):
                if event == .started { submit(hooks(for: [effect]), at: now) }
                guard !subscribers.isEmpty else { continue }
                info.ringing = rings.isRinging(info.name)
                deliver(RPC.eventLine(event, info))
            case .notify, .remind, .mark, .advance:
                break  // told by `fire`, through the flood guard
            case .checklistDone(let info):
                close()
                let notice = presentation.checklistDone(info, at: now)
                if show(notice, at: now) { play([notice], at: now) }
            case .dismiss(let names):
                closing += names
                close()
                dismiss(names, at: now)
            }
        }
        close()
    }
}
