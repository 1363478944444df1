import Protocol

extension Methods.List: MethodHandler {
    /// Written as the reply goes out, so that it shows the table as this call found it.
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        .success(.list)
    }
}
