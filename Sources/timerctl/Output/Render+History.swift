import Protocol

extension Render {
    /// The `history` table: one row per firing, in the daemon's order (newest first).
    func history(_ entries: [HistoryEntry]) -> String {
        guard !entries.isEmpty else { return "Nothing has fired yet.\n" }
        // A HOOK column only when a hook failed: most people have none.
        let hooks = entries.contains { $0.hookFailure != nil }
        let rows = entries.map { entry -> [String] in
            [entry.name, TimeFormat.clock(entry.dueAt, now: now, calendar: calendar), fired(entry),
             TimeFormat.compact(entry.duration)] + (hooks ? [entry.hookFailure ?? ""] : [])
                + [entry.message.map { firstLine($0) } ?? ""]
        }
        return Self.columns(["NAME", "DUE", "FIRED", "LENGTH"] + (hooks ? ["HOOK"] : []) + ["MESSAGE"], rows)
    }

    /// `on time`, or for a missed entry how late: `missed, 12 min late`.
    func fired(_ entry: HistoryEntry) -> String {
        entry.missed ? "missed, \(Self.late(entry.firedAt - entry.dueAt))" : "on time"
    }
}
