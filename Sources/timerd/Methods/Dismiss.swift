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
            // The ringing ones, and the notifications of every timer that is done (critical
            // ones stay on screen until dismissed).
            let done = table.records.values.filter(\.isDone).map(\.name)
            call.effects.append(.dismiss(call.ringing + done.filter { !call.ringing.contains($0) }))
            return .success(.value(["dismissed": .integer(Int64(call.ringing.count))]))
        }
    }
}
