import Protocol

extension Methods.Stopwatch: MethodHandler {
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        let now = call.now
        return call.change { () throws(TableError) in
            try table.startStopwatch(name: name, notifyEvery: notifyEvery, at: now)
        }
    }
}
