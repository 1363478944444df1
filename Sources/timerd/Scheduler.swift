import Protocol

/// The one owner of the timers. Requests from every connection and the alarm's wake-ups are
/// serialised through this actor; it applies them to the pure `TimerTable`, saves the changes
/// before anyone hears of them, carries out the effects the table returns, and re-arms the
/// single alarm for the next due instant.
///
/// What it decides is in values that take the time as a parameter: how a firing is told
/// (`FiringPresentation`, through the `FloodGuard`, then a `NotificationHeadStart`), which
/// timers ring (`Rings`, carried out in `Scheduler+Rings.swift`), what is
/// still to be saved and when (`SavePlan`), when to wake (`WakePlan`), what start-up restores
/// (`Restoration`). What is left here is carrying those out in order: group commit with rollback.
///
/// Nothing here ticks: between a change and the next due instant the scheduler is idle.
///
/// It runs on the executor it is given: in the daemon, the event loop, so that a request or a
/// firing is handled on the loop's thread without a hop to another thread.
actor Scheduler {
    private nonisolated let executor: any SerialExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private(set) var table: TimerTable
    let clock: any TimeSource
    private let alarm: any Alarm
    let notifier: any Notifier
    let player: any SoundPlayer
    let hookRunner: any HookRunner
    /// Which hooks run, which wait, until when.
    var hookPlan: HookPlan
    /// The `[hooks]` settings in force.
    private(set) var hookSettings: HookSettings
    /// Which timers are ringing.
    var rings = Rings()
    private var headStart: any NotificationHeadStart
    /// How firings are told, under the `[notifications]` settings in force.
    private(set) var presentation: FiringPresentation
    private var floodGuard = FloodGuard()
    private let store: any Store
    private let identity: DaemonIdentity
    private let bootID: String
    var subscribers: [ClientID: any EventSink] = [:]
    private var wakePlan = WakePlan()
    private var savePlan: SavePlan

    /// `saveFiringsAfter`: how long a firing's save waits for a request's (`SavePlan.firingDelay`
    /// in the daemon; tests save at once). `headStart`: what the notifications of a firing get
    /// before anyone else is answered (`WaitForNotifications` in the daemon).
    init(
        executor: any SerialExecutor, clock: any TimeSource, alarm: any Alarm, notifier: any Notifier,
        player: any SoundPlayer = NoSound(), hooks: any HookRunner = NoHooks(), hookSettings: HookSettings = HookSettings(),
        store: sending any Store,
        calendar: LocalCalendar, version: String, bootID: String, maxTimers: Int = Limits.maxTimers,
        settings: NotificationSettings = NotificationSettings(), startedBy: String = "hand",
        saveFiringsAfter: Duration = .zero, headStart: any NotificationHeadStart = NoHeadStart()
    ) {
        self.headStart = headStart
        self.savePlan = SavePlan(delay: saveFiringsAfter)
        self.executor = executor
        self.presentation = FiringPresentation(settings: settings, calendar: calendar)
        self.table = TimerTable(maxTimers: maxTimers)
        self.table.calendar = calendar
        self.clock = clock
        self.alarm = alarm
        self.notifier = notifier
        self.player = player
        self.hookRunner = hooks
        self.hookSettings = hookSettings
        self.hookPlan = HookPlan(timeout: hookSettings.timeout)
        self.store = store
        self.identity = DaemonIdentity(version: version, startedBy: startedBy)
        self.bootID = bootID
    }

    /// What `start()` found.
    struct StartReport: Equatable, Sendable {
        var restored: Int
        var missed: Int
    }

    /// Loads the saved timers, fires at once (in one notification) those that came due while
    /// the daemon was not running, and arms the alarm.
    func start() throws(StoreError) -> StartReport {
        let now = clock.now()
        var restoration = Restoration(at: now, bootID: bootID)
        try store.loadTimers { saved in
            if !restoration.add(saved) {
                Log.warning("skipping the saved timer \(TimerText.quoted(saved.name)): its saved state is incomplete")
            }
        }
        savePlan.keep(restoration.toSave)
        table = restoration.table(maxTimers: table.maxTimers, calendar: table.calendar)
        let missed = fireAndShow(at: now) { _ in .daemonNotRunning }
        save(ids: savePlan.unsaved, at: now)
        rearm(force: true)
        return StartReport(restored: restoration.records.count, missed: missed)
    }

    /// Answers a batch of calls from one or more clients, in order, one reply per call; nil
    /// for a notification (a call without an id), which is carried out but not answered. A
    /// client's lines after its `replyBudget` is spent are neither carried out nor answered:
    /// they wait for the next batch.
    ///
    /// Every change in the batch is saved in one transaction (group commit) before any reply
    /// or event goes out. If saving fails, the changes are undone and the calls that made
    /// them are answered with a storage error: nothing is acknowledged that is not on disk.
    ///
    /// A timer that comes due while a long batch is being answered fires between two of its
    /// calls, or before its save: a firing does not wait for a batch.
    func handle(_ batch: [ClientCalls]) -> [ClientReplies] {
        var now = clock.now()
        fireAndShow(at: now) { _ in .asleep }
        // The batch's changes, kept apart from those of timers firing in the middle of it:
        // a failed save undoes the batch's only.
        var journal: [UInt64: TimerRecord?] = [:]
        var answers: [ClientReplies] = []
        var carriedOut: [(client: Int, reply: Int, changed: Bool, effects: [Effect])] = []
        for (client, entry) in batch.enumerated() {
            var answer = ClientReplies()
            var written = 0
            for line in entry.lines {
                if answer.linesAnswered > 0 && written >= entry.replyBudget { break }
                for call in line {
                    fireIfDue(at: &now, keeping: &journal)
                    let before = table.changeCount
                    var effects: [Effect] = []
                    let result = call.request.flatMap { respond(to: $0, from: entry, at: now, effects: &effects) }
                    let reply = call.id.map { Reply(id: $0, result: result) }
                    written += reply?.estimatedBytes ?? 0
                    carriedOut.append((client, answer.replies.count, table.changeCount != before, effects))
                    answer.replies.append(reply)
                }
                answer.linesAnswered += 1
            }
            answers.append(answer)
        }
        fireIfDue(at: &now, keeping: &journal)
        table.takeJournal(into: &journal)
        let saved = save(ids: savePlan.unsaved.union(journal.keys), at: now)
        if !saved { table.rollBack(journal, at: now) }
        for call in carriedOut {
            if call.changed && !saved {
                answers[call.client].replies[call.reply]?.result = .failure(savePlan.refusal)
            } else {
                perform(call.effects, at: now)
            }
        }
        if !rings.ringing.isEmpty { markRinging(&answers) }
        rearm()
        if wakePlan.isQuiet(at: now) { store.maintain { table.persisted(at: now, bootID: bootID) } }
        return answers
    }

    /// The alarm went off: fire whatever is due, then save, and re-arm. `clockChanged` says
    /// the wall clock was set, which cancels the kernel's wall-clock timer: it must be armed
    /// again even if the next instants did not change, and the saved wall-clock ends of
    /// running countdowns have moved.
    func wake(clockChanged: Bool = false) {
        let now = clock.now()
        // Late countdowns mean the machine slept; a deadline late after the clock was set was
        // passed by the clock's jump (after a resume both can happen at once).
        fireAndShow(at: now) { clockChanged && $0.info.kind == .deadline ? .clockSet : .asleep }
        expireHooks(at: now)
        if clockChanged { savePlan.keep(table.runningCountdownIDs) }
        if savePlan.isDue(at: now.boot) { save(ids: savePlan.unsaved, at: now) }
        rearm(force: clockChanged)
        // The store's housekeeping, at a quiet moment.
        if wakePlan.isQuiet(at: now) { store.maintain { table.persisted(at: now, bootID: bootID) } }
    }

    /// In the middle of a batch: if a timer (or the flood guard's summary) has come due, moves
    /// `now` to the present and fires what is due, first setting the batch's changes so far
    /// aside in `journal`, and re-arms. A timer the batch itself brings forward fires when the
    /// batch is done.
    private func fireIfDue(at now: inout Moment, keeping journal: inout [UInt64: TimerRecord?]) {
        let present = clock.now()
        guard wakePlan.isDue(at: present) else { return }
        table.takeJournal(into: &journal)
        now = present
        fireAndShow(at: now) { _ in .asleep }
        rearm()
    }

    /// A button on a notification was pressed (or the user closed it: a dismissal): the same
    /// as the matching method, for each of the notification's timers.
    func act(_ action: NotificationAction, on names: [String]) {
        let calls = names.map(action.request).map { RPCCall(id: .integer(1), request: .success($0)) }
        for reply in handle([ClientCalls(client: 0, sink: NoEvents(), calls: calls)])[0].replies {
            if case .failure(let error)? = reply?.result { Log.info("\(action.label): \(error.message)") }
        }
    }

    /// New `[notifications]` and `[hooks]` settings (SIGHUP): they apply to what is shown and
    /// run from now on, and to timers started from now on; timers already set keep the
    /// reminders they were given, and hooks already running their limit.
    func reconfigure(_ settings: NotificationSettings, hooks: HookSettings = HookSettings()) {
        presentation.settings = settings
        hookSettings = hooks
        hookPlan.timeout = hooks.timeout
    }

    /// The connection closed; stop sending it events.
    func disconnect(_ client: ClientID) {
        subscribers[client] = nil
    }

    /// A snapshot of every timer, for tests and diagnostics.
    func timers() -> [TimerInfo] { table.list(at: clock.now()) }

    // MARK: Requests

    /// Carries out one call through its method's handler; `effects` are for after the save.
    private func respond(to request: Request, from entry: ClientCalls, at now: Moment, effects: inout [Effect])
        -> Result<ReplyBody, RPCError>
    {
        let history = HistorySource(pending: savePlan.history, store: store)
        var call = MethodCall(
            now: now, settings: presentation.settings, daemon: identity, history: history, ringing: rings.ringingSet)
        let result = request.respond(to: &table, &call)
        effects = call.effects
        if call.subscribes {
            subscribers[entry.client] = entry.sink
            Log.debug("client \(entry.client) subscribed")
        }
        return result
    }

    // MARK: Firing

    /// Shows the flood guard's summary if it came due (before anything new), fires what is
    /// due, then gives the notifications their head start. Returns how many fired late.
    @discardableResult
    private func fireAndShow(at now: Moment, lateBecause absence: (Firing) -> NotificationContent.Absence) -> Int {
        if let summary = floodGuard.flush(at: now.boot) {
            let notice = presentation.summary(summary)
            notifier.show(notice.content)
            tell(.ringing, play([notice], at: now), at: now)
        }
        expireRings(at: now)
        let missed = fire(at: now, lateBecause: absence)
        headStart.give()
        return missed
    }

    /// Fires what is due: notifies at once (before saving: a full disk must not delay a
    /// notification), and keeps the new state and history for the next save. Returns how many
    /// fired late.
    private func fire(at now: Moment, lateBecause absence: (Firing) -> NotificationContent.Absence) -> Int {
        let effects = table.fireDue(at: now)
        guard !effects.isEmpty else { return 0 }
        savePlan.keep(table.takeJournal().keys)
        let shown = presentation.notices(for: effects, at: now, lateBecause: absence).filter { show($0, at: now) }
        let ringing = play(shown, at: now)
        let firings = effects.flatMap { effect -> [Firing] in if case .notify(let firings) = effect { firings } else { [] } }
        savePlan.keep(history: firings.map { $0.historyEntry(at: now.wall) })
        perform(effects.filter { if case .event = $0 { true } else { false } }, at: now)
        tell(.ringing, ringing, at: now)
        submit(hooks(for: effects), at: now)
        return firings.filter(\.info.missed).count
    }

    /// Shows a notification, unless the flood guard holds it back; whether it did.
    @discardableResult
    func show(_ notice: FiringPresentation.Notice, at now: Moment) -> Bool {
        if floodGuard.admit(notice.content, foldable: notice.foldable, at: now.boot) {
            notifier.show(notice.content)
            return true
        }
        Log.debug(
            "held back a notification for \(notice.content.timers.joined(separator: ", ")) (more than \(FloodGuard.burst) in a second)")
        return false
    }

    // MARK: Saving

    /// Writes the current state of `ids` (deleting those no longer held) and the pending
    /// history in one transaction. Returns whether it is durable; what failed stays pending
    /// (`SavePlan`), and a failure is logged once.
    @discardableResult
    private func save(ids: Set<UInt64>, at now: Moment) -> Bool {
        let writes = savePlan.writes(for: ids) { table.record(id: $0)?.persisted(at: now, bootID: bootID) }
        guard !writes.isEmpty else { return true }
        do {
            try store.commit(writes) { table.persisted(at: now, bootID: bootID) }
            if savePlan.saved() { Log.info("saving works again") }
            return true
        } catch {
            if savePlan.failed(error, ids: ids) {
                Log.error("\(error) Changes are refused until saving works again; timers already set keep running.")
            }
            return false
        }
    }

    /// A hook about firings failed: their history entries say so, saved a moment later.
    func keepHookFailure(_ failure: String, of hook: Hook, at now: Moment) {
        guard !hook.firings.isEmpty else { return }
        for fired in hook.firings {
            savePlan.keep(hookFailure: HookFailureMark(name: fired.name, firedAt: fired.at, failure: failure))
        }
        if savePlan.isDue(at: now.boot) { save(ids: savePlan.unsaved, at: now) }
    }

    /// Arms the alarm for the next instants, if they changed (`WakePlan`): the ring's end and a
    /// hook's limit are told like the flood guard's summary, as a moment something must happen.
    func rearm(force: Bool = false) {
        let notice = [floodGuard.flushAt, rings.nextEnd, hookPlan.nextStop].compactMap { $0 }.min()
        let next = wakePlan.update(timers: table.nextWake(), summary: notice, save: savePlan.due, force: force)
        if let next { alarm.arm(boot: next.boot, wall: next.wall) }
    }
}
