import Protocol

extension Methods.Start: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        switch spec {
        case .countdown(let length):
            return call.change { () throws(TableError) in
                try table.start(
                    name: name, schedule: .countdown(length), message: message, reminders: notify.reminders ?? [],
                    sound: notify.sound, volume: notify.volume, repeats: repeats, exec: exec, at: now)
            }
        case .deadline(let at):
            // Deadlines that set no reminders of their own get the configured ones.
            let reminders = notify.reminders ?? call.settings.reminders
            return call.change { () throws(TableError) in
                try table.start(
                    name: name, schedule: .deadline(at), message: message, reminders: reminders, sound: notify.sound,
                    volume: notify.volume, exec: exec, every: every, at: now)
            }
        }
    }
}
