import Protocol

/// The scheduler's hooks: which commands the table's effects call for (`[hooks]`), submitted
/// to the `HookPlan`, carried out on the `HookRunner`, their ends reported and logged.
///
/// Hooks are submitted once a firing's notifications have been handed over and its sounds
/// started, and the live runner starts them at the end of the loop's round, after the replies:
/// a hook never delays what a timer shows, plays or answers.
extension Scheduler {
    /// The hooks for what the table returned, as it is now: the `[hooks]` commands, and a
    /// timer's own (`--exec`) at each of its ends, a step's (`cycle`) or its last (`done`).
    func hooks(for effects: [Effect]) -> [Hook] {
        var hooks: [Hook] = []
        func add(_ event: HookEvent, _ info: TimerInfo, command: String?, ended: Advancing? = nil) {
            guard let command else { return }
            let fired = event == .cycle ? [] : [Hook.Fired(info)].compactMap { $0 }
            hooks.append(Hook(
                event: event, command: command, facts: HookEnvironment.facts(event, info, ended: ended), timers: [info.name],
                firings: fired))
        }
        for effect in effects {
            switch effect {
            case .event(.started, let info): add(.start, info, command: hookSettings.command(for: .start))
            case .remind(let reminding): add(.remind, reminding.info, command: hookSettings.command(for: .remind))
            // A stopwatch's mark is its kind of reminder (TIMERD_KIND=stopwatch, TIMERD_DURATION
            // its elapsed time).
            case .mark(let marking): add(.remind, marking.info, command: hookSettings.command(for: .remind))
            case .advance(let advancing):
                add(.cycle, advancing.info, command: hookSettings.command(for: .cycle), ended: advancing)
                add(.cycle, advancing.info, command: advancing.info.exec, ended: advancing)
            case .notify(let firings):
                // Timers that fired late (timerd was not running, the computer slept) run the
                // `missed` hook once for all of them if it is set, else each its `done` hook
                // (which says TIMERD_MISSED=1). A timer's own command runs whatever `missed` says.
                let group = hookSettings.command(for: .missed)
                let missed = group == nil ? [] : firings.map(\.info).filter(\.missed)
                if let group, !missed.isEmpty {
                    hooks.append(Hook(
                        event: .missed, command: group, facts: HookEnvironment.missedFacts(missed), timers: missed.map(\.name),
                        firings: missed.compactMap(Hook.Fired.init)))
                }
                for firing in firings {
                    if group == nil || !firing.info.missed { add(.done, firing.info, command: hookSettings.command(for: .done)) }
                    add(.done, firing.info, command: firing.info.exec)
                }
            case .event, .checklistDone, .dismiss:
                break
            }
        }
        return hooks
    }

    /// The `dismissed` hooks of timers that were ringing and were answered.
    func dismissedHooks(_ names: [String], at now: Moment) -> [Hook] {
        guard let command = hookSettings.command(for: .dismissed) else { return [] }
        return names.compactMap { name in
            guard let info = try? table.get(name, at: now) else { return nil }
            return Hook(
                event: .dismissed, command: command, facts: HookEnvironment.facts(.dismissed, info), timers: [name],
                firings: [Hook.Fired(info)].compactMap { $0 })
        }
    }

    func submit(_ hooks: [Hook], at now: Moment) {
        guard !hooks.isEmpty else { return }
        carryOut(hookPlan.submit(hooks, at: now.boot))
    }

    /// Hooks past their limit are stopped, then killed.
    func expireHooks(at now: Moment) {
        carryOut(hookPlan.expire(at: now.boot))
    }

    /// The runner says a hook's process ended (or never started): it is logged, a failure as a
    /// warning with the start of its error output, and its slot goes to the next hook waiting.
    func hookFinished(_ exit: HookExit) {
        let now = clock.now()
        let (run, outcome) = hookPlan.finished(exit.id, at: now.boot)
        if let run {
            let report = HookReport(run, exit, at: now.boot)
            if let failure = report.failure {
                Log.warning(report.logLine)
                keepHookFailure(failure, of: run.hook, at: now)
            } else {
                Log.info(report.logLine)
            }
        }
        carryOut(outcome)
        rearm()
    }

    func carryOut(_ outcome: HookPlan.Outcome) {
        for id in outcome.stop { hookRunner.stop(id, force: false) }
        for id in outcome.kill { hookRunner.stop(id, force: true) }
        for launch in outcome.start { hookRunner.run(launch) }
        if outcome.dropped > 0 {
            Log.warning(
                "\(outcome.dropped) hooks were not run: \(HookPlan.maxWaiting) were already waiting for one of the "
                    + "\(hookPlan.concurrency) that may run at once")
        }
    }
}
