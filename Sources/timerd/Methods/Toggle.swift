import Protocol

extension Methods.Toggle: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        if call.ringing.contains(name) { return Methods.Dismiss(.one(name: name)).respond(to: &table, &call) }
        let now = call.now
        return call.change { () throws(TableError) in
            switch try table.record(named: name).state {
            case .paused: try table.resume(name: name, at: now)
            case .running, .done: try table.pause(name: name, at: now)
            }
        }
    }
}
