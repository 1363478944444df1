import Protocol

/// The one owner of the timers. Requests from every connection and the alarm's wake-ups are
/// serialised through this actor; it applies them to the pure `TimerTable`, saves the changes
/// before anyone hears of them, carries out the effects the table returns, and re-arms the
/// single alarm for the next due instant.
///
/// Nothing here ticks: between a change and the next due instant the scheduler is idle.
///
/// It runs on the executor it is given: in the daemon, the event loop, so that a request or a
/// firing is handled on the loop's thread without a hop to another thread.
actor Scheduler {
    private nonisolated let executor: any SerialExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private var table: TimerTable
    private let maxTimers: Int
    private let clock: any TimeSource
    private let alarm: any Alarm
    private let notifier: any Notifier
    private var settings: NotificationSettings
    private var floodGuard = FloodGuard()
    private let store: any Store
    private let calendar: LocalCalendar
    private let identity: DaemonIdentity
    private let bootID: String
    private var subscribers: [ClientID: any EventSink] = [:]
    private var armed: (boot: BootInstant?, wall: Timestamp?) = (nil, nil)
    /// The next instant something fires (the alarm's, leaving out a pending save): what a
    /// long batch checks the clock against.
    private var nextFiring: (boot: BootInstant?, wall: Timestamp?) = (nil, nil)
    private var everArmed = false
    /// Timers whose current state is not saved yet: firings whose save failed, retried with
    /// the next save.
    private var unsaved: Set<UInt64> = []
    private var unsavedHistory: [HistoryEntry] = []
    /// The last save failure logged, so a full disk is reported once, not at every request.
    private var lastSaveFailure: String?
    /// What to do about it, for the refusal's message.
    private var lastSaveRemedy = "try again once the disk has room"
    /// How long after a firing its new state is saved (see `firingSaveDelay`).
    private let saveFiringsAfter: Duration
    /// When what fired is saved.
    private var saveDue: BootInstant?

    /// How long after a firing the daemon saves its new state, unless a request's save takes
    /// it first. Not at once: the fsync would compete with the notification on its way to the
    /// desktop (on the 2-core benchmark machine it made that way 0.4 ms longer, a third of
    /// the whole). A crash within this moment only means the timer is told again, as missed,
    /// at the next start.
    static let firingSaveDelay: Duration = .milliseconds(10)

    /// How long, at most, the scheduler waits after a firing for its notifications to reach
    /// the notification server before it answers anyone else. On a machine whose cores are
    /// busy with clients, the daemon and its clients would otherwise keep the notification's
    /// way (the GLib thread, libnotify's D-Bus thread, the bus daemon) waiting for a CPU. With
    /// 100,000 timers and 50 clients hammering the daemon on 2 cores (LoadTests), the latest
    /// of 25 notifications reached the bus 1.1–7.0 ms after its timer was due without the
    /// wait (median of 9 runs 2.7 ms), 0.9–3.0 ms with it (median of 13 runs 1.3 ms).
    /// Requests wait meanwhile: about 1 ms a firing, and never more than this.
    static let notificationHeadStart: Duration = .milliseconds(3)

    /// How long nothing may be due for the store's housekeeping (`Store.maintain`) to run.
    static let quietBefore: Duration = .milliseconds(50)

    init(
        executor: any SerialExecutor, clock: any TimeSource, alarm: any Alarm, notifier: any Notifier, store: sending any Store,
        calendar: LocalCalendar, version: String, bootID: String, maxTimers: Int = Limits.maxTimers,
        settings: NotificationSettings = NotificationSettings(), startedBy: String = "hand",
        saveFiringsAfter: Duration = .zero
    ) {
        self.saveFiringsAfter = saveFiringsAfter
        self.executor = executor
        self.settings = settings
        self.table = TimerTable(maxTimers: maxTimers)
        self.maxTimers = maxTimers
        self.clock = clock
        self.alarm = alarm
        self.notifier = notifier
        self.store = store
        self.calendar = calendar
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
        var records: [TimerRecord] = []
        let bootID = bootID
        var restoredByWallClock: [UInt64] = []
        try store.loadTimers { saved in
            guard let record = TimerRecord(restoring: saved, at: now, bootID: bootID) else {
                Log.warning("skipping the saved timer \(TimerText.quoted(saved.name)): its saved state is incomplete")
                return
            }
            records.append(record)
            // Restored by the wall clock (saved in another boot): save its end on this boot's
            // clock, or a restart later in this boot would go by the wall clock again.
            if saved.kind == .countdown, saved.state == .running, saved.bootID != bootID { restoredByWallClock.append(saved.id) }
        }
        unsaved.formUnion(restoredByWallClock)
        table = TimerTable(restoring: records, maxTimers: maxTimers, at: now)
        let missed = fireAndShow(at: now) { _ in .daemonNotRunning }
        saveUnsaved(at: now)
        rearm(force: true)
        return StartReport(restored: records.count, missed: missed)
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
        var outcomes: [[(id: JSONValue?, changed: Bool, effects: [Effect])]] = []
        for entry in batch {
            var answer = ClientReplies()
            var callOutcomes: [(id: JSONValue?, changed: Bool, effects: [Effect])] = []
            var written = 0
            for line in entry.lines {
                if answer.linesAnswered > 0 && written >= entry.replyBudget { break }
                for call in line {
                    fireIfDue(at: &now, keeping: &journal)
                    let before = table.changeCount
                    var callEffects: [Effect] = []
                    let result = call.request.flatMap {
                        respond(to: $0, from: entry.client, sink: entry.sink, at: now, effects: &callEffects)
                    }
                    // Written now, so that a `list` shows the table as this call found it.
                    let reply = call.id.map { ReplyBody.reply(to: $0, result, table: table, at: now) }
                    written += reply?.count ?? 0
                    answer.replies.append(reply)
                    callOutcomes.append((call.id, table.changeCount != before, callEffects))
                }
                answer.linesAnswered += 1
            }
            answers.append(answer)
            outcomes.append(callOutcomes)
        }
        fireIfDue(at: &now, keeping: &journal)
        table.takeJournal(into: &journal)
        let saved = save(ids: unsaved.union(journal.keys), at: now)
        if !saved { table.rollBack(journal, at: now) }
        for (client, callOutcomes) in outcomes.enumerated() {
            for (index, outcome) in callOutcomes.enumerated() {
                guard outcome.changed && !saved else {
                    perform(outcome.effects, at: now)
                    continue
                }
                guard let id = outcome.id else { continue }
                let error = RPCError(
                    code: RPCError.storageFailedCode,
                    message: "timerd could not save this change, so it was not made: "
                        + "\(Self.sentence(lastSaveFailure ?? "unknown error")) Timers already set keep running; \(lastSaveRemedy).")
                answers[client].replies[index] = ReplyBody.reply(to: id, .failure(error), table: table, at: now)
            }
        }
        rearm()
        maintainIfQuiet(at: now)
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
        if clockChanged { unsaved.formUnion(table.runningCountdownIDs) }
        let pending = !unsaved.isEmpty || !unsavedHistory.isEmpty
        if pending && saveDue == nil { saveDue = now.boot + saveFiringsAfter }
        if let due = saveDue, now.boot >= due {
            saveDue = nil
            saveUnsaved(at: now)
        }
        rearm(force: clockChanged)
        maintainIfQuiet(at: now)
    }

    /// Lets the store do its housekeeping if nothing is due within `quietBefore`.
    private func maintainIfQuiet(at now: Moment) {
        let soon = nextFiring.boot.map { $0 < now.boot + Self.quietBefore } == true
            || nextFiring.wall.map { $0 < now.wall + Self.quietBefore } == true
        if !soon { store.maintain { held(at: now) } }
    }

    /// In the middle of a batch: if a timer (or the flood guard's summary) has come due, moves
    /// `now` to the present and fires what is due, first setting the batch's changes so far
    /// aside in `journal`, and re-arms.
    private func fireIfDue(at now: inout Moment, keeping journal: inout [UInt64: TimerRecord?]) {
        // Against the instant last armed, not the table's: working that out again after each
        // change would cost a look through every timer due with the first (a whole group of
        // them, when thousands are started together). A timer the batch itself brings forward
        // fires when the batch is done.
        let present = clock.now()
        let due = nextFiring.boot.map { present.boot >= $0 } == true || nextFiring.wall.map { present.wall >= $0 } == true
        guard due else { return }
        table.takeJournal(into: &journal)
        now = present
        fireAndShow(at: now) { _ in .asleep }
        rearm()
    }

    /// `text` as a sentence: ending with one full stop.
    static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }

    /// A button on a notification was pressed: the same as the matching command, for each
    /// of the notification's timers.
    func act(_ action: NotificationAction, on names: [String]) {
        let request: (String) -> Request
        switch action {
        case .dismiss:
            notifier.close(timers: names)
            return
        case .snooze(let delay): request = { .snooze(name: $0, by: delay) }
        case .restart: request = { .reset(name: $0) }
        }
        let calls = names.map { RPCCall(id: .integer(1), request: .success(request($0))) }
        for reply in handle([ClientCalls(client: 0, sink: NoEvents(), calls: calls)])[0].replies {
            guard let reply, let value = try? JSONParser.parse(reply.written()) else { continue }
            if let error = value["error"]?["message"]?.stringValue { Log.info("\(action.label): \(error)") }
        }
    }

    /// New `[notifications]` settings (SIGHUP): they apply to what is shown from now on, and to
    /// timers started from now on; timers already set keep the reminders they were given.
    func reconfigure(_ settings: NotificationSettings) {
        self.settings = settings
    }

    /// The connection closed; stop sending it events.
    func disconnect(_ client: ClientID) {
        subscribers[client] = nil
    }

    /// A snapshot of every timer, for tests and diagnostics.
    func timers() -> [TimerInfo] { table.list(at: clock.now()) }

    // MARK: Requests

    private func respond(
        to request: Request, from client: ClientID, sink: any EventSink, at now: Moment, effects: inout [Effect]
    ) -> Result<ReplyBody, RPCError> {
        var call = MethodCall(
            now: now, settings: settings, daemon: identity, history: HistorySource(pending: unsavedHistory, store: store))
        let result = request.respond(to: &table, &call)
        effects += call.effects
        if call.subscribes {
            subscribers[client] = sink
            Log.debug("client \(client) subscribed")
        }
        return result
    }

    // MARK: Firing

    /// Fires what is due and shows the flood guard's summary if it came due, then lets the
    /// notifications reach the server (`notificationHeadStart`). Returns how many fired late.
    @discardableResult
    private func fireAndShow(at now: Moment, lateBecause absence: (Firing) -> NotificationContent.Absence) -> Int {
        let missed = fire(at: now, lateBecause: absence)
        if let summary = floodGuard.flush(at: now.boot) { notifier.show(summary.decorated(with: settings)) }
        notifier.awaitShown(upTo: Self.notificationHeadStart)
        return missed
    }

    /// Fires what is due: notifies at once (before saving: a full disk must not delay a
    /// notification), queues the new state and history for the next save. Timers that fire
    /// late (`Limits.lateAfter`) are told in one notification of their own, saying why.
    /// Returns how many fired late.
    @discardableResult
    private func fire(at now: Moment, lateBecause absence: (Firing) -> NotificationContent.Absence) -> Int {
        let effects = table.fireDue(at: now)
        guard !effects.isEmpty else { return 0 }
        unsaved.formUnion(table.takeJournal().keys)
        // A summary that came due goes before anything new.
        if let summary = floodGuard.flush(at: now.boot) { notifier.show(summary.decorated(with: settings)) }
        var missed = 0
        for effect in effects {
            guard case .notify(let firings) = effect else { continue }
            let (late, onTime) = firings.partitioned { $0.info.missed }
            if !onTime.isEmpty { present(.fired(onTime, calendar: calendar), sound: onTime[0].info.sound, at: now) }
            for reason in [NotificationContent.Absence.daemonNotRunning, .asleep, .clockSet] {
                let group = late.filter { absence($0) == reason }
                if !group.isEmpty {
                    present(.missed(group, reason, now: now.wall, calendar: calendar), sound: group[0].info.sound, at: now)
                }
            }
            missed += late.count
            unsavedHistory += firings.map { firing in
                HistoryEntry(
                    name: firing.info.name, kind: firing.info.kind, dueAt: firing.info.endsAt ?? now.wall,
                    firedAt: firing.info.firedAt ?? now.wall, duration: firing.info.duration, message: firing.info.message)
            }
        }
        for effect in effects {
            guard case .advance(let advancing) = effect else { continue }
            present(.advanced(advancing, now: now.wall, calendar: calendar), sound: advancing.info.sound, at: now)
        }
        for effect in effects {
            guard case .remind(let reminding) = effect else { continue }
            present(
                .reminder(reminding, now: now.wall, calendar: calendar), sound: reminding.info.sound, at: now,
                foldable: false, urgency: settings.reminderUrgency)
        }
        perform(effects.filter { if case .event = $0 { true } else { false } }, at: now)
        return missed
    }

    /// Shows a notification through the flood guard, with `urgency` if given (else the
    /// configured one, unless it set its own) and the timer's sound.
    private func present(
        _ content: NotificationContent, sound: NotifyOptions.Sound, at now: Moment, foldable: Bool = true,
        urgency: NotificationContent.Urgency? = nil
    ) {
        var content = content.decorated(with: settings)
        // After `decorated`, which cannot tell a critical reminder from the critical default.
        if let urgency { content.urgency = urgency }
        switch sound {
        case .standard: break
        case .file(let path): content.sound = .file(path)
        case .silent: content.sound = .silent
        }
        if floodGuard.admit(content, foldable: foldable, at: now.boot) {
            notifier.show(content)
        } else {
            Log.debug("held back a notification for \(content.timers.joined(separator: ", ")) (more than \(FloodGuard.burst) in a second)")
        }
    }

    // MARK: Saving

    /// Every timer held, as saved at `now`: what the store writes when its file is lost.
    private func held(at now: Moment) -> [PersistedTimer] {
        table.records.values.map { $0.persisted(at: now, bootID: bootID) }
    }

    /// Saves whatever is pending; on failure it stays pending and is logged once.
    private func saveUnsaved(at now: Moment) {
        guard !unsaved.isEmpty || !unsavedHistory.isEmpty else { return }
        _ = save(ids: unsaved, at: now)
    }

    /// Writes the current state of `ids` (deleting those no longer held) and the pending
    /// history in one transaction. Returns whether it is durable.
    private func save(ids: Set<UInt64>, at now: Moment) -> Bool {
        var writes = StoreWrites(history: unsavedHistory)
        for id in ids {
            if let record = table.record(id: id) {
                writes.upserts.append(record.persisted(at: now, bootID: bootID))
            } else {
                writes.deletes.append(id)
            }
        }
        guard !writes.isEmpty else { return true }
        do {
            try store.commit(writes) { held(at: now) }
            unsaved.removeAll()
            unsavedHistory.removeAll()
            saveDue = nil
            if lastSaveFailure != nil {
                Log.info("saving works again")
                lastSaveFailure = nil
            }
            return true
        } catch {
            if lastSaveFailure != error.message {
                Log.error("\(error) Changes are refused until saving works again; timers already set keep running.")
            }
            lastSaveFailure = error.message
            lastSaveRemedy = error.remedy
            unsaved = ids
            return false
        }
    }

    // MARK: Effects

    private func perform(_ effects: [Effect], at now: Moment) {
        // A timer that runs again, or is gone, takes its notification with it. Closed together,
        // in one hand-over to the notifier (a `cancel` of every timer closes thousands), and
        // before anything is shown, which must not be closed with them.
        var closing: [String] = []
        func close() {
            if !closing.isEmpty { notifier.close(timers: closing) }
            closing.removeAll()
        }
        for effect in effects {
            switch effect {
            case .event(let event, let info):
                if [.started, .reset, .snoozed, .extended, .cancelled].contains(event) { closing.append(info.name) }
                guard !subscribers.isEmpty else { continue }
                let line = RPC.eventLine(event, info)
                for sink in subscribers.values { sink.deliver(line) }
            case .notify, .remind, .advance:
                break  // told by `fire`, through the flood guard
            case .checklistDone(let info):
                close()
                present(.checklistDone(info, now: now.wall, calendar: calendar), sound: info.sound, at: now, urgency: .normal)
            }
        }
        close()
    }

    /// Re-arms the alarm only when the next due instants changed: most requests do not
    /// change them, and a syscall per request would be waste.
    private func rearm(force: Bool = false) {
        var next = table.nextWake()
        if let flush = floodGuard.flushAt { next.boot = min(next.boot ?? flush, flush) }
        nextFiring = next
        if let save = saveDue { next.boot = min(next.boot ?? save, save) }
        guard force || !everArmed || next.boot != armed.boot || next.wall != armed.wall else { return }
        everArmed = true
        armed = next
        alarm.arm(boot: next.boot, wall: next.wall)
    }
}

/// Where the events of the scheduler's own calls (from notification buttons) go: nowhere.
private struct NoEvents: EventSink {
    func deliver(_ line: [UInt8]) {}
}

extension NotificationContent {
    /// With the configured urgency for a finished timer and the configured sound, where the
    /// notification keeps the defaults.
    func decorated(with settings: NotificationSettings) -> NotificationContent {
        var content = self
        if content.urgency == .critical { content.urgency = settings.urgency }
        // Snooze buttons as configured.
        content.actions = content.actions.flatMap { action -> [NotificationAction] in
            guard case .snooze = action else { return [action] }
            return action == content.actions.first(where: { if case .snooze = $0 { true } else { false } })
                ? settings.snooze.map { .snooze($0) } : []
        }
        if content.sound == .name("alarm-clock-elapsed") {
            switch settings.sound {
            case .name(let name): content.sound = .name(name)
            case .file(let path): content.sound = .file(path)
            case .none: content.sound = .silent
            }
        }
        return content
    }
}

extension Array {
    /// The elements that satisfy `predicate`, and the others, each in order.
    func partitioned(by predicate: (Element) -> Bool) -> (matching: [Element], rest: [Element]) {
        var matching: [Element] = [], rest: [Element] = []
        for element in self {
            if predicate(element) { matching.append(element) } else { rest.append(element) }
        }
        return (matching, rest)
    }
}
