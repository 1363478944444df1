import Protocol

/// What a hook is told, as environment variables: the only way a timer's name, message or
/// checklist reaches a hook. The command text is the user's own and is never built from them,
/// so a name such as `$(touch pwned)` is a value the shell hands over, never code it runs.
enum HookEnvironment {
    /// Every variable timerd sets; those the event has no value for are set empty, so that one
    /// in the daemon's own environment never passes for a fact.
    static let factNames = [
        "TIMERD_EVENT", "TIMERD_NAME", "TIMERD_MESSAGE", "TIMERD_KIND", "TIMERD_DUE", "TIMERD_FIRED", "TIMERD_LATE_MS",
        "TIMERD_DURATION", "TIMERD_MISSED", "TIMERD_TODO_OPEN", "TIMERD_STEP", "TIMERD_ROUND", "TIMERD_ROUNDS",
        "TIMERD_NAMES", "TIMERD_COUNT",
    ]

    /// The facts of `event` for `timer`, as it is after the event; `ended`, for a `cycle`, the
    /// step that ended (the timer is in the next one).
    static func facts(_ event: HookEvent, _ timer: TimerInfo, ended: Advancing? = nil) -> [String] {
        let late = timer.firedAt.flatMap { fired in timer.endsAt.map { max(.zero, fired - $0) } } ?? .zero
        // The step the event is about: the one that ended, else the one it is in; a timer that
        // runs once is its own single step.
        let rounds = timer.cycle?.rounds ?? 1
        let (step, round) = ended.map { ($0.finished.name, $0.round) } ?? timer.cycle.map { ($0.step, $0.round) } ?? (timer.name, 1)
        return entries([
            ("TIMERD_EVENT", event.rawValue),
            ("TIMERD_NAME", timer.name),
            ("TIMERD_MESSAGE", timer.message ?? ""),
            ("TIMERD_KIND", timer.kind.rawValue),
            ("TIMERD_DUE", timer.endsAt.map(RFC3339.format) ?? ""),
            ("TIMERD_FIRED", timer.firedAt.map(RFC3339.format) ?? ""),
            ("TIMERD_LATE_MS", String(late.nanoseconds / 1_000_000)),
            ("TIMERD_DURATION", JSONWriter.string(WireTime.seconds(timer.duration))),
            ("TIMERD_MISSED", timer.missed ? "1" : "0"),
            ("TIMERD_TODO_OPEN", timer.openTodos.map(\.text).joined(separator: "\n")),
            ("TIMERD_STEP", step),
            ("TIMERD_ROUND", String(round)),
            ("TIMERD_ROUNDS", String(rounds)),
            ("TIMERD_NAMES", timer.name),
            ("TIMERD_COUNT", "1"),
        ])
    }

    /// The facts of the `missed` hook, run once for every timer that came due while timerd was
    /// not running: their names one a line (a name holds no newline) and how many.
    static func missedFacts(_ timers: [TimerInfo]) -> [String] {
        entries([
            ("TIMERD_EVENT", HookEvent.missed.rawValue),
            ("TIMERD_MISSED", "1"),
            ("TIMERD_NAMES", timers.map(\.name).joined(separator: "\n")),
            ("TIMERD_COUNT", String(timers.count)),
        ])
    }

    /// The environment a hook starts with: the daemon's own (`PATH`, `HOME`, the locale…)
    /// without any variable of timerd's, then the session's, then the facts. With no
    /// `DBUS_SESSION_BUS_ADDRESS` it names the bus where GLib (and so the notifier) finds it
    /// then, `$XDG_RUNTIME_DIR/bus`, which systemd user sessions provide.
    static func environment(facts: [String], inherited: [String: String]) -> [String] {
        let own = Set(factNames)
        var result: [String] = []
        result.reserveCapacity(inherited.count + facts.count + 1)
        for (name, value) in inherited.sorted(by: { $0.key < $1.key }) where !own.contains(name) {
            result.append(name + "=" + value)
        }
        if inherited["DBUS_SESSION_BUS_ADDRESS"] == nil, let runtime = inherited["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            result.append("DBUS_SESSION_BUS_ADDRESS=unix:path=" + (runtime.hasSuffix("/") ? runtime : runtime + "/") + "bus")
        }
        // Facts name the variables not set above empty: a fact left unset stays unset.
        var given = Set<String>()
        for fact in facts { given.insert(String(fact.prefix { $0 != "=" })) }
        for name in factNames where !given.contains(name) { result.append(name + "=") }
        return result + facts
    }

    /// `NAME=value` entries. A NUL would end the C string early and cut the value short
    /// without a word (the protocol refuses control characters in names and text, but a timer
    /// saved by an older timerd is read back as it was): it becomes U+FFFD.
    private static func entries(_ pairs: [(String, String)]) -> [String] {
        pairs.map { name, value in
            name + "=" + (value.utf8.contains(0) ? value.replacingNUL() : value)
        }
    }
}

extension String {
    fileprivate func replacingNUL() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 }))
    }
}
