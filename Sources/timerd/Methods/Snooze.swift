import Protocol

extension Methods.Snooze: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        let delay = by ?? call.settings.snoozeDefault
        return call.change { () throws(TableError) in try table.snooze(name: name, by: delay, at: now) }
    }
}
