import Protocol

extension Methods.Ping: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        .success(.value([
            "version": .string(call.daemon.version), "protocol": .integer(Int64(protocolVersion)),
            "startedBy": .string(call.daemon.startedBy),
        ]))
    }
}
