import Protocol

extension Methods.Get: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        Result { () throws(TableError) in try table.get(name, at: call.now) }.map { .timer($0) }.mapError(RPCError.init)
    }
}
