import Protocol

extension Methods.TodoSet: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in try table.todoSet(name: name, id: id, change: change, at: now) }
    }
}
