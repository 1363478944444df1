import Protocol

extension Methods.TodoAdd: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in try table.todoAdd(name: name, texts: texts, at: now) }
    }
}
