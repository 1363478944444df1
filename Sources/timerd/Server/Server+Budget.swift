/// The account of what clients leave unread, kept up to date, and the clients dropped for it.
extension Server {
    // MARK: The budget

    /// Brings the budget's account of `connection` up to date.
    func account(_ connection: Connection) {
        // Held output falls when the client reads, and the budget takes a fall for reading; a
        // piece of list written falls short of its estimate too, which is not reading.
        var unsent = connection.unsentByteCount
        if !connection.sentSinceLastLook { unsent = max(unsent, budget.holdings[connection.id]?.bytes ?? 0) }
        connection.sentSinceLastLook = false
        guard unsent != budget.holdings[connection.id]?.bytes ?? 0 else { return }
        let wasSpent = budget.isSpent
        budget.update(connection.id, holding: unsent, at: MonotonicTimer.now())
        budgetChanged(wasSpent: wasSpent)
    }

    func budgetChanged(wasSpent: Bool) {
        if budget.isSpent && !wasSpent {
            armStallTimer()
        } else if !budget.isSpent && wasSpent && !budget.waiting.isEmpty {
            checkRoomAtEndOfRound()
        }
    }

    func armStallTimer() {
        if let next = budget.nextStall(grace: limits.unreadGrace) { stallTimer?.arm(at: next) }
    }

    /// Past the budget, drops every client that has read none of its output for the grace
    /// period: the room goes to those that read.
    func dropStalledClients() {
        guard budget.isSpent else { return }
        for id in budget.stalled(at: MonotonicTimer.now(), grace: limits.unreadGrace) {
            guard let connection = connections[id] else { continue }
            let idle = budget.holdings[id].map { limits.unreadGrace.of($0) } ?? .zero
            Log.warning(
                "client \(id) has read none of its \(Self.size(connection.unsentByteCount)) of replies and events for "
                    + "\(idle) while clients together leave more than \(Self.size(limits.unreadBudget)) unread; dropping it")
            drop(connection)
        }
        if budget.isSpent { armStallTimer() }
    }

    /// A byte count for the log, in KiB or MiB.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes / (1 << 20)) MiB" : "\(bytes / 1024) KiB"
    }
}
