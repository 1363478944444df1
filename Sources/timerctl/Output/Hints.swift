import Protocol

/// What timerctl says when the daemon refuses a request. The daemon words its refusals in the
/// protocol's terms (methods and their params); timerctl says what to type instead, from the
/// refusal's reason and the facts in its `data`. This is the one table of those sentences,
/// keyed by `ErrorReason`: a reason added to the protocol does not build until it has its row.
enum Hints {
    /// Where a hint is read. At the shell it names the command that does what it suggests; in
    /// `timerctl watch`, the key that does it there (as the footer names it), and a command
    /// only for what no key does.
    enum Place: Sendable {
        case shell, watch
    }

    /// The sentence for `error`: timerctl's for its reason, or the daemon's own message when
    /// there is no reason (an older daemon, or an error without one), one this timerctl does
    /// not know (a newer daemon), or when a fact the sentence needs is missing.
    /// The running timerd did not know `method`: it is older than this timerctl. `ping` is its
    /// answer to ping (nil if none came), `pid` its process when known.
    static func olderDaemon(method: String, ping: JSONValue?, pid: Int32?) -> String {
        let version = ping?["version"]?.stringValue.map { "timerd \($0)" } ?? "The timerd running"
        let proto = ping?["protocol"]?.int64Value.map { " (protocol \($0))" } ?? ""
        let restart =
            ping?["startedBy"]?.stringValue == "systemd"
            ? "`systemctl --user restart timerd`"
            : "`kill \(pid.map(String.init) ?? "$(pidof timerd)")`, then run the command again (timerctl starts the new timerd)"
        return "\(version)\(proto) is older than this timerctl (protocol \(protocolVersion)) and does not know "
            + "\(quoted(method)): it is still running from before an upgrade. Restart it (its timers are kept): \(restart)."
    }

    static func text(for error: RPCError, in place: Place = .shell) -> String {
        guard let reason = error.reason else { return error.message }
        return hint(reason, Facts(error: error), in: place) ?? error.message
    }

    /// timerctl's sentence for a refusal for `reason`; nil when a fact it needs is missing.
    static func hint(_ reason: ErrorReason, _ facts: Facts, in place: Place = .shell) -> String? {
        /// The way to do something: in watch the key, else the command. (The key does it its
        /// own way: + adds a minute where the command names an amount; the sentences read
        /// right with either.)
        func way(_ key: WatchKey, _ command: String) -> String { place == .watch ? key.name : "`\(command)`" }
        return switch reason {
        case .notFound:
            facts.name.map { name in
                switch TimerSelector(name: name) {
                case .next?: "There are no timers, so @next stands for none; `timerctl start NAME DURATION` starts one."
                case .ringing?: "No timer is ringing, so @ringing stands for none."
                // watch lists the timers itself: this one went since it last heard.
                case nil where place == .watch: "There is no timer named \(quoted(name)) any more."
                case nil: "There is no timer named \(quoted(name)); `timerctl ls` lists the timers."
                }
            }
        case .exists where facts.kind == .stopwatch:
            facts.name.map {
                "There is already a stopwatch named \(quoted($0)); cancel it first (`timerctl cancel \(word($0))`) "
                    + "or choose another name."
            }
        case .exists:
            facts.with(facts.name, facts.kind, facts.remaining) { name, kind, remaining in
                "There is already \(kind == .deadline ? "a deadline" : "a timer") named \(quoted(name)) "
                    + "(\(TimeFormat.remaining(remaining)) left); cancel it first (`timerctl cancel \(word(name))`) "
                    + "or choose another name."
            }
        case .tooManyTimers:
            facts.limit.map { "timerd already holds \($0) timers, its limit; cancel some (`timerctl cancel --all` removes all)." }
        case .checklistFull:
            facts.with(facts.name, facts.items, facts.limit) { name, items, limit in
                "\(quoted(name)) has \(items) checklist items and a timer holds at most \(limit); remove some first "
                    + "(`timerctl todo \(word(name)) clear-done` removes those done)."
            }
        case .paused:
            facts.name.map { "\(quoted($0)) is already paused; \(way(.space, "timerctl resume \(word($0))")) continues it." }
        case .running:
            facts.name.map { "\(quoted($0)) is already running." }
        case .done:
            facts.name.map { "\(quoted($0)) has finished; \(way(.reset, "timerctl reset \(word($0))")) runs it again." }
        case .notDone:
            facts.name.map {
                "\(quoted($0)) has not finished, so there is nothing to snooze; \(way(.addMinute, "timerctl extend \(word($0)) +5m")) "
                    + "adds time."
            }
        case .deadlineNoPause:
            facts.name.map {
                "\(quoted($0)) is a deadline, and a deadline does not pause; move it with "
                    + "\(way(.addMinute, "timerctl extend \(word($0)) +1h")) or cancel it."
            }
        case .deadlineNoReset:
            facts.name.map {
                "\(quoted($0)) is a deadline and has no length to start over; set a new one with "
                    + "`timerctl until \(word($0)) WHEN` or move it with \(way(.addMinute, "timerctl extend \(word($0)) +1h"))."
            }
        case .doneNeedsPositive:
            facts.name.map { "\(quoted($0)) has finished; only a positive amount (+2m) extends it." }
        case .stopwatchNoExtend:
            facts.name.map {
                "\(quoted($0)) is a stopwatch: it counts up and has no end to move; \(way(.reset, "timerctl reset \(word($0))")) "
                    + "starts it again from 0:00."
            }
        case .stopwatchNoSnooze:
            facts.name.map {
                "\(quoted($0)) is a stopwatch and never finishes, so there is nothing to snooze; "
                    + "\(way(.space, "timerctl pause \(word($0))")) stops it."
            }
        case .notStopwatch:
            facts.with(facts.name, facts.kind) { name, kind in
                "\(quoted(name)) is a \(kind.rawValue), and only a stopwatch takes laps; "
                    + "`timerctl stopwatch NAME` starts one."
            }
        case .lapPaused:
            facts.name.map { "\(quoted($0)) is paused; \(way(.space, "timerctl resume \(word($0))")) continues it, then laps count." }
        case .lapsFull:
            facts.with(facts.name, facts.limit) { name, limit in
                "\(quoted(name)) has \(limit) laps, as many as a stopwatch holds; \(way(.reset, "timerctl reset \(word(name))")) "
                    + "starts it again from 0:00 without laps."
            }
        case .noItem:
            facts.with(facts.name, facts.id) { name, id in
                "\(quoted(name)) has no checklist item \(id); `timerctl todo \(word(name))` lists them."
            }
        case .invalid:
            // The daemon's sentence names the value and its limit, and no command: it is the hint.
            facts.message
        case .otherUser:
            facts.with(facts.uid, facts.owner) { uid, owner in
                "This timerd belongs to user \(owner), not to you (user \(uid)); each user runs their own timerd. "
                    + "Leave out --socket and TIMERD_SOCKET to reach yours (timerctl starts it if needed)."
            }
        case .rootNotAllowed:
            facts.owner.map {
                "This timerd belongs to user \($0) and does not serve root; run timerctl as that user, "
                    + "or start timerd with --allow-root to let root in."
            }
        }
    }

    private static func quoted(_ name: String) -> String { TimerText.quoted(name) }
    private static func word(_ name: String) -> String { TimerText.shellWord(name) }

    /// The facts of a refusal, read from its `data`; nil where one is missing or not what
    /// the protocol says it is.
    struct Facts {
        var error: RPCError

        var message: String { error.message }
        var name: String? { error[.name]?.stringValue }
        var kind: TimerKind? { error[.kind]?.stringValue.flatMap(TimerKind.init(rawValue:)) }
        var remaining: Duration? { error[.remaining]?.doubleValue.flatMap(Duration.init(secondsValue:)) }
        var limit: Int64? { error[.limit]?.int64Value }
        var items: Int64? { error[.items]?.int64Value }
        var id: Int64? { error[.id]?.int64Value }
        var uid: Int64? { error[.uid]?.int64Value }
        var owner: Int64? { error[.owner]?.int64Value }

        /// `make` of the facts when all of them are there.
        func with<A, B>(_ a: A?, _ b: B?, _ make: (A, B) -> String) -> String? {
            guard let a, let b else { return nil }
            return make(a, b)
        }

        func with<A, B, C>(_ a: A?, _ b: B?, _ c: C?, _ make: (A, B, C) -> String) -> String? {
            guard let a, let b, let c else { return nil }
            return make(a, b, c)
        }
    }
}
