/// Which hooks run, which wait, and when each must stop: a value with the time passed in, like
/// `Rings`. The scheduler submits what events call for and carries out what it returns
/// (processes to start, to stop); the runner tells it when a process has been reaped.
///
/// Hooks never cost the timers anything they cannot afford: at most `concurrency` processes
/// run at once and the rest wait their turn, first come first served, so a flood of firings
/// starts a few processes, not one per timer; at most `maxWaiting` wait, and what comes beyond
/// them is dropped (and counted, for the log). A hook that runs past `timeout` is asked to stop
/// (SIGTERM to its process group), and killed (SIGKILL) if it is still there `grace` later.
/// Its slot is free only once it has been reaped, so the bound holds for real processes.
struct HookPlan: Equatable, Sendable {
    /// A hook whose process runs.
    struct Running: Equatable, Sendable {
        var hook: Hook
        var startedAt: BootInstant
        /// When it is asked to stop, then killed.
        var stopAt: BootInstant
        var killAt: BootInstant
        /// It ran past its limit and was asked to stop (or killed): it failed, whatever its
        /// exit status says.
        var stopped = false
        var killed = false
    }

    /// A hook to start now, under the id the runner reports it by.
    struct Launch: Equatable, Sendable {
        var id: UInt64
        var hook: Hook
    }

    /// What to carry out.
    struct Outcome: Equatable, Sendable {
        var start: [Launch] = []
        /// Process groups to send SIGTERM.
        var stop: [UInt64] = []
        /// Process groups to send SIGKILL.
        var kill: [UInt64] = []
        /// Hooks dropped because too many were waiting.
        var dropped = 0

        var isEmpty: Bool { start.isEmpty && stop.isEmpty && kill.isEmpty && dropped == 0 }
    }

    static let defaultConcurrency = 4
    static let defaultTimeout: Duration = .seconds(60)
    static let grace: Duration = .seconds(5)
    static let maxWaiting = 10_000

    var concurrency: Int
    var timeout: Duration
    private(set) var running: [UInt64: Running] = [:]
    /// The queue, first at `head`: taken from the front without moving what follows.
    private var waiting: [Hook] = []
    private var head = 0
    private var lastID: UInt64 = 0

    init(concurrency: Int = HookPlan.defaultConcurrency, timeout: Duration = HookPlan.defaultTimeout) {
        self.concurrency = max(1, concurrency)
        self.timeout = timeout
    }

    /// How many wait for a free slot.
    var waitingCount: Int { waiting.count - head }

    /// Hooks to run: as many start now as there are free slots, the rest wait.
    mutating func submit(_ hooks: [Hook], at now: BootInstant) -> Outcome {
        var outcome = Outcome()
        for hook in hooks {
            if waitingCount == 0 && running.count < concurrency {
                outcome.start.append(launch(hook, at: now))
            } else if waitingCount < Self.maxWaiting {
                waiting.append(hook)
            } else {
                outcome.dropped += 1
            }
        }
        return outcome
    }

    /// The process of hook `id` was reaped: its slot goes to the next waiting hook. Returns the
    /// hook as it ran (nil for an id the plan does not know) and what to start.
    mutating func finished(_ id: UInt64, at now: BootInstant) -> (Running?, Outcome) {
        let ended = running.removeValue(forKey: id)
        var outcome = Outcome()
        startWaiting(at: now, into: &outcome)
        return (ended, outcome)
    }

    /// Hooks past their limit are asked to stop, and killed once their grace has passed too.
    mutating func expire(at now: BootInstant) -> Outcome {
        var outcome = Outcome()
        for (id, run) in running.sorted(by: { $0.key < $1.key }) {
            if !run.killed && run.killAt <= now {
                running[id]?.killed = true
                running[id]?.stopped = true
                outcome.kill.append(id)
            } else if !run.stopped && run.stopAt <= now {
                running[id]?.stopped = true
                outcome.stop.append(id)
            }
        }
        return outcome
    }

    /// When `expire` next has something to do; nil when no hook runs (or every one was killed
    /// and only waits to be reaped).
    var nextStop: BootInstant? {
        running.values.compactMap { run in run.killed ? nil : run.stopped ? run.killAt : run.stopAt }.min()
    }

    private mutating func launch(_ hook: Hook, at now: BootInstant) -> Launch {
        lastID += 1
        running[lastID] = Running(hook: hook, startedAt: now, stopAt: now + timeout, killAt: now + timeout + Self.grace)
        return Launch(id: lastID, hook: hook)
    }

    private mutating func startWaiting(at now: BootInstant, into outcome: inout Outcome) {
        while running.count < concurrency, head < waiting.count {
            outcome.start.append(launch(waiting[head], at: now))
            head += 1
        }
        // Give the queue's front back once it is most of the array (or all of it).
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: waiting.count <= 64)
            head = 0
        } else if head > 1024 && head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
    }
}
