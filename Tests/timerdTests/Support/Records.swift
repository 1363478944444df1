import Protocol

@testable import timerd

/// A running countdown with this id, named after it, started at `Moment.start`.
func runningRecord(_ id: UInt64, minutes: Int64 = 8) -> TimerRecord {
    TimerRecord(
        id: id, name: "t\(id)", kind: .countdown, length: .minutes(minutes), total: .minutes(minutes),
        phase: .running(due: .boot(Moment.start.boot + .minutes(minutes))), createdAt: Moment.start.wall,
        startedAt: Moment.start.wall)
}
