import Protocol

extension Methods.Subscribe: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        call.subscribes = true
        return .success(.value(["subscribed": true]))
    }
}
