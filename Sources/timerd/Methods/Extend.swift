import Protocol

extension Methods.Extend: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in try table.extend(name: name, by: by, at: now) }
    }
}
