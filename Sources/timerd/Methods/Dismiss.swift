import Protocol

extension Methods.Dismiss: MethodHandler {
    /// Changes nothing in the table: the dismissal is the scheduler's to carry out (the ring
    /// stops, notifications close, subscribers hear `dismissed`).
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        switch target {
        case .one(let name):
            do {
                let info = try table.get(name, at: call.now)
                call.effects.append(.dismiss([info.name]))
                return .success(.timer(info))
            } catch {
                return .failure(RPCError(error))
            }
        case .all:
            // Every timer that is done: the ringing ones (only a done timer rings) and the
            // notifications of the rest (critical ones stay on screen until dismissed).
            call.effects.append(.dismiss(table.records.values.filter(\.isDone).map(\.name)))
            return .success(.value(["dismissed": .integer(Int64(call.ringing.count))]))
        }
    }
}
