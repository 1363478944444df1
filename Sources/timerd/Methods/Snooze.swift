import Protocol

extension Methods.Snooze: MethodHandler {
    /// How long `snooze` without an amount waits.
    static let defaultDelay: Duration = .seconds(300)

    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in try table.snooze(name: name, by: by ?? Self.defaultDelay, at: now) }
    }
}
