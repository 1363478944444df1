import Protocol

extension Methods.List: MethodHandler {
    /// A copy of the records (copy-on-write: free until the table changes), so that the list
    /// the server writes later shows the table as this call found it.
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        .success(.list(table.records, at: call.now))
    }
}
