import Protocol

extension Methods.Cancel: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        switch target {
        case .one(let name):
            return call.change { () throws(TableError) in try table.cancel(name: name, at: now) }
        case .all:
            let (count, cancelled) = table.cancelAll(at: now)
            call.effects += cancelled
            return .success(.value(["cancelled": .integer(Int64(count))]))
        }
    }
}
