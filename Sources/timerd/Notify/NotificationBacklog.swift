/// What the notifier still owes the screen: notifications that no server took (no bus, no
/// server, the call refused), to show when one can, and notifications sent that got no
/// answer (the server hung past the timeout, or left without replying). Pure.
///
/// An unanswered call is not a failed one: the server may have shown it, so it is not sent
/// again while that server lives (a firing is shown once). If that server goes away, what it
/// showed went with it, and the unanswered ones are shown by the next.
struct NotificationBacklog {
    /// Oldest first; shown when a server can take them.
    private(set) var pending: [NotificationContent] = []
    /// Sent and not answered, oldest first.
    private(set) var unanswered: [NotificationContent] = []

    /// At most this many of each are kept, the oldest dropped beyond (their timers are done
    /// and in the history all the same).
    static let limit = 20

    var isEmpty: Bool { pending.isEmpty && unanswered.isEmpty }

    /// No server took `content`: show it later, instead of what it replaces (an older
    /// notification about none but its timers).
    mutating func keep(_ content: NotificationContent) {
        guard !content.timers.isEmpty else { return }
        let timers = Set(content.timers)
        pending.removeAll { Set($0.timers).isSubset(of: timers) }
        unanswered.removeAll { Set($0.timers).isSubset(of: timers) }
        pending.append(content)
        if pending.count > Self.limit { pending.removeFirst(pending.count - Self.limit) }
    }

    /// `content` went to the server, which did not answer in time.
    mutating func sentWithoutAnswer(_ content: NotificationContent) {
        guard !content.timers.isEmpty else { return }
        let timers = Set(content.timers)
        unanswered.removeAll { Set($0.timers).isSubset(of: timers) }
        unanswered.append(content)
        if unanswered.count > Self.limit { unanswered.removeFirst(unanswered.count - Self.limit) }
    }

    /// The server answered a later call: it is alive, and had what it was not heard
    /// answering to show.
    mutating func serverAnswered() {
        unanswered.removeAll()
    }

    /// The server left the bus (or the bus went away): what it may have shown went with it,
    /// so the unanswered ones wait for the next server, before what waited already, unless a
    /// newer notification for their timers waits.
    mutating func serverGone() {
        let older = unanswered.filter { old in !pending.contains { Set(old.timers).isSubset(of: Set($0.timers)) } }
        unanswered.removeAll()
        pending = older + pending
        if pending.count > Self.limit { pending.removeFirst(pending.count - Self.limit) }
    }

    /// What waits to be shown, now handed over to be shown.
    mutating func takePending() -> [NotificationContent] {
        defer { pending.removeAll() }
        return pending
    }

    /// These timers were restarted, snoozed or cancelled: nothing about them is shown late.
    mutating func drop(timers: Set<String>) {
        pending.removeAll { !Set($0.timers).isDisjoint(with: timers) }
        unanswered.removeAll { !Set($0.timers).isDisjoint(with: timers) }
    }
}
