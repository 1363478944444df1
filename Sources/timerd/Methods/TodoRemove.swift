import Protocol

extension Methods.TodoRemove: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in try table.todoRemove(name: name, ids: ids, doneOnly: doneOnly, at: now) }
    }
}
