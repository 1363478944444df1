import Protocol

/// The saved timers read back at start-up, made records again at the moment of the start, on
/// the boot `bootID` (`TimerRecord.init(restoring:)`: a countdown saved in this boot goes by
/// its end on the boot clock, one saved in another by its end on the wall clock).
struct Restoration {
    let now: Moment
    let bootID: String
    /// The timers restored, in the order read.
    private(set) var records: [TimerRecord] = []
    /// Those whose state must be saved again at once: countdowns (and stopwatches) restored by
    /// the wall clock.
    /// Their end is saved on this boot's clock, or a restart later in this boot would go by
    /// the wall clock again.
    private(set) var toSave: [UInt64] = []

    init(at now: Moment, bootID: String) {
        self.now = now
        self.bootID = bootID
    }

    /// Takes one saved timer; false when its saved state is incomplete, and it is left out.
    mutating func add(_ saved: PersistedTimer) -> Bool {
        guard let record = TimerRecord(restoring: saved, at: now, bootID: bootID) else { return false }
        records.append(record)
        if saved.kind != .deadline, saved.state == .running, saved.bootID != bootID { toSave.append(saved.id) }
        return true
    }

    /// A table holding the timers restored.
    func table(maxTimers: Int, calendar: LocalCalendar = LocalCalendar(zone: FixedOffsetZone.utc)) -> TimerTable {
        TimerTable(restoring: records, maxTimers: maxTimers, calendar: calendar, at: now)
    }
}
