import Protocol

extension Methods.Pause: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in try table.pause(name: name, at: now) }
    }
}
