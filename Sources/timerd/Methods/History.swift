import Protocol

extension Methods.History: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        do {
            let entries = try call.history.newest(limit ?? Limits.historyLength)
            return .success(.value(["entries": .array(entries.map(\.json))]))
        } catch {
            return .failure(RPCError(code: RPCError.storageFailedCode, message: "timerd could not read its history: \(error)."))
        }
    }
}
