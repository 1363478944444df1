import Protocol

/// What a status bar shows of the timers at one moment: the one to look at first (as
/// `@next` chooses it: the one ringing, else the one due soonest), how many others are on,
/// every timer for a tooltip, and when any of that next changes. Pure: the timers, as the
/// daemon last told them, and the moment are given.
struct BarGlance: Equatable {
    /// What the bar's module is styled by (waybar's `class`).
    enum State: String, Equatable {
        case running, paused, ringing, done, idle, offline
    }

    /// The timers shown (the pinned ones, when names were given), in glance order, with
    /// their time left as of `now`.
    let timers: [TimerInfo]
    let now: Timestamp

    /// `pinned`: the names to show, or empty for every timer.
    init(timers: [TimerInfo], pinned: [String], now: Timestamp) {
        let live = timers.filter { pinned.isEmpty || pinned.contains($0.name) }.map { timer in
            var timer = timer
            if timer.state == .running, let ends = timer.endsAt { timer.remaining = max(.zero, ends - now) }
            if timer.kind == .stopwatch { timer.elapsed = timer.elapsed(at: now) }
            return timer
        }
        self.timers = TimerSelector.glanceOrder(live)
        self.now = now
    }

    /// The timer the bar is about.
    var shown: TimerInfo? { timers.first }

    /// The others still going or ringing (done ones are in the tooltip only).
    var others: Int { timers.dropFirst().filter { $0.state != .done || $0.ringing }.count }

    var state: State { shown.map(Self.state) ?? .idle }

    static func state(_ timer: TimerInfo) -> State {
        if timer.ringing { return .ringing }
        switch timer.state {
        case .running: return .running
        case .paused: return .paused
        case .done: return .done
        }
    }

    /// Its time left as the bar writes it; `done` once it is; a stopwatch's time counted up.
    static func left(_ timer: TimerInfo) -> String {
        if timer.kind == .stopwatch { return BarTime.elapsedText(timer.elapsed) }
        return timer.state == .done ? "done" : BarTime.text(timer.remaining)
    }

    /// The progress of the shown timer in whole percent (waybar's `percentage`).
    var percent: Int { shown.map { Int(($0.progress * 100).rounded(.down)) } ?? 0 }

    /// When the text next changes, looking at the shown timer alone or (`all`, for a tooltip)
    /// at every timer; nil when nothing shown counts down: everything is paused, done or gone,
    /// and the bar need not wake until the daemon says something.
    func nextChange(all: Bool) -> Timestamp? {
        let watched = all ? timers[...] : timers.prefix(1)
        return watched.compactMap { timer -> Timestamp? in
            if timer.kind == .stopwatch {
                return timer.state == .running ? now + BarTime.untilElapsedChange(timer.elapsed) : nil
            }
            guard timer.state == .running, let wait = BarTime.untilChange(timer.remaining) else { return nil }
            return now + wait
        }.min()
    }
}
