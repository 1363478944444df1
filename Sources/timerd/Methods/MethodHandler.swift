import Protocol

/// What timerd does for one method of `Methods.all`: each conforms in a file of this folder
/// named after it, and the scheduler calls it by the request's method (no switch over the
/// methods). A test checks that every method has one.
protocol MethodHandler: RPCMethod {
    /// Answers the call at `call.now`: changes or reads `table`, leaving in `call` what the
    /// scheduler carries out once the change is saved.
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError>
}

/// What a handler is given besides the table, and what it asks of the scheduler besides its
/// reply.
struct MethodCall {
    let now: Moment
    /// The `[notifications]` settings in force (deadlines without reminders get theirs).
    let settings: NotificationSettings
    /// Who answers `ping`.
    let daemon: DaemonIdentity
    /// Where `history` reads from.
    let history: HistorySource
    /// The timers ringing now (`toggle` answers them; `dismiss` with `all` counts them).
    var ringing: Set<String> = []
    /// What to carry out once the change is saved (events, notifications to close).
    var effects: [Effect] = []
    /// Set by `subscribe`: the calling client gets events from now on.
    var subscribes = false

    /// The timer a table command returns, its effects kept for after the save, or its refusal.
    mutating func change(_ command: () throws(TableError) -> Outcome) -> Result<ReplyBody, RPCError> {
        do {
            let outcome = try command()
            effects += outcome.effects
            return .success(.timer(outcome.timer))
        } catch {
            return .failure(RPCError(error))
        }
    }
}

/// What `ping` tells about the daemon.
struct DaemonIdentity: Sendable {
    var version: String
    /// How it was started: `systemd`, `autostart`, `timerctl` or `hand`.
    var startedBy: String
}

/// The fired timers `history` tells: those not saved yet, then the store's.
struct HistorySource {
    /// Fired and not saved yet, oldest first.
    var pending: [HistoryEntry]
    var store: any Store

    /// At most `limit` entries, newest first.
    func newest(_ limit: Int) throws(StoreError) -> [HistoryEntry] {
        // Firings not saved yet (a firing is saved a moment after it, or once a full disk has
        // room) are the newest entries: told first, the rest read from the store.
        let unsaved = Array(pending.reversed().prefix(limit))
        return try unsaved + store.history(limit: limit - unsaved.count)
    }
}

extension Request {
    /// Carries the request out through its method's handler.
    /// A selector in place of the timer's name (`@next`, `@ringing`) stands for the timer it
    /// chooses now.
    func respond(to table: inout TimerTable, _ call: inout MethodCall) -> Result<ReplyBody, RPCError> {
        var request = self
        if let selector {
            do throws(TableError) {
                request = naming(try table.choose(selector, ringing: call.ringing, at: call.now))
            } catch {
                return .failure(RPCError(error))
            }
        }
        guard let handler = request.body as? any MethodHandler else {
            return .failure(RPCError(code: RPCError.internalErrorCode, message: "timerd has no handler for \(method)."))
        }
        return handler.respond(to: &table, &call)
    }
}
