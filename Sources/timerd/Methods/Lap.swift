import Protocol

extension Methods.Lap: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in try table.lap(name: name, at: now) }
    }
}
