import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

/// Repeating timers: `--repeat 3`, and pomodoro chains (`focus 25m --then break 5m --cycles 4`).
@Suite struct TimerTableRepeatsTests {
    private func start(
        _ table: inout TimerTable, _ name: String, _ length: Duration, rounds: Int, then: Repeats.Step? = nil
    ) throws {
        _ = try table.start(
            name: name, schedule: .countdown(length), message: nil, repeats: Repeats(rounds: rounds, then: then), at: t0)
    }

    private func events(_ effects: [Effect]) -> [TimerEvent] { effects.compactMap(\.event) }

    @Test func aRepeatedTimerRunsItsRoundsBackToBackAndThenIsDone() throws {
        var table = TimerTable()
        try start(&table, "tea", .minutes(3), rounds: 3)
        #expect(try table.get("tea", at: t0).cycle == Cycle(round: 1, rounds: 3, step: "tea"))
        #expect(table.fireDue(at: t0.advanced(by: .minutes(3) - .nanoseconds(1))).isEmpty, "never early")

        let first = table.fireDue(at: t0.advanced(by: .minutes(3)))
        #expect(events(first) == [.advanced])
        var tea = try table.get("tea", at: t0.advanced(by: .minutes(3)))
        #expect(tea.state == .running && tea.cycle == Cycle(round: 2, rounds: 3, step: "tea"))
        #expect(tea.remaining == .minutes(3))

        _ = table.fireDue(at: t0.advanced(by: .minutes(6)))
        let last = table.fireDue(at: t0.advanced(by: .minutes(9)))
        #expect(events(last) == [.fired])
        tea = try table.get("tea", at: t0.advanced(by: .minutes(9)))
        #expect(tea.state == .done && tea.cycle == Cycle(round: 3, rounds: 3, step: "tea"))
    }

    @Test func aPomodoroAlternatesItsStepsForEachRound() throws {
        var table = TimerTable()
        try start(&table, "focus", .minutes(25), rounds: 2, then: Repeats.Step(name: "break", length: .minutes(5)))
        var now = t0
        var seen: [Cycle?] = []
        for length in [Duration.minutes(25), .minutes(5), .minutes(25)] {
            now = now.advanced(by: length)
            let effects = table.fireDue(at: now)
            #expect(events(effects) == [.advanced])
            let info = try table.get("focus", at: now)
            seen.append(info.cycle)
            // The notification names the step that ended.
            let advancing = effects.compactMap { if case .advance(let a) = $0 { a } else { nil } }
            #expect(advancing.count == 1)
        }
        #expect(seen == [
            Cycle(round: 1, rounds: 2, step: "break"), Cycle(round: 2, rounds: 2, step: "focus"),
            Cycle(round: 2, rounds: 2, step: "break"),
        ])
        #expect(try table.get("focus", at: now).duration == .minutes(5), "a step's own length is the run's")
        now = now.advanced(by: .minutes(5))
        #expect(events(table.fireDue(at: now)) == [.fired])
    }

    @Test func stepsFollowFromTheInstantTheLastWasDueSoTheyDoNotDrift() throws {
        var table = TimerTable()
        try start(&table, "tea", .minutes(3), rounds: 2)
        // The wake came 40 ms late: the next round still ends 3 minutes after the first was due.
        _ = table.fireDue(at: t0.advanced(by: .minutes(3) + .milliseconds(40)))
        #expect(table.nextWake().boot == t0.boot + .minutes(6))
    }

    @Test func afterASuspendEveryStepThatCameDuePassesAtOnce() throws {
        var table = TimerTable()
        try start(&table, "focus", .minutes(25), rounds: 2, then: Repeats.Step(name: "break", length: .minutes(5)))
        let effects = table.fireDue(at: t0.advanced(by: .hours(1)))
        #expect(events(effects) == [.advanced, .advanced, .advanced, .fired])
        #expect(try table.get("focus", at: t0.advanced(by: .hours(1))).state == .done)
    }

    @Test func resetStartsAgainFromTheFirstRound() throws {
        var table = TimerTable()
        try start(&table, "focus", .minutes(25), rounds: 4, then: Repeats.Step(name: "break", length: .minutes(5)))
        _ = table.fireDue(at: t0.advanced(by: .minutes(30)))
        let later = t0.advanced(by: .minutes(31))
        let reset = try table.reset(name: "focus", at: later)
        #expect(reset.timer.cycle == Cycle(round: 1, rounds: 4, step: "focus"))
        #expect(reset.timer.remaining == .minutes(25))
    }

    @Test func aChainSurvivesBeingSavedAndRestored() throws {
        var table = TimerTable()
        try start(&table, "focus", .minutes(25), rounds: 4, then: Repeats.Step(name: "break", length: .minutes(5)))
        let now = t0.advanced(by: .minutes(26))
        _ = table.fireDue(at: now)
        let record = try table.record(named: "focus")
        let saved = record.persisted(at: now, bootID: "boot")
        #expect(TimerRecord(restoring: saved, at: now, bootID: "boot") == record)
        #expect(saved.chain?.step == 1 && saved.chain?.round == 1)
    }

    @Test func oneRoundWithoutAThenStepIsAnOrdinaryTimer() throws {
        var table = TimerTable()
        try start(&table, "tea", .minutes(3), rounds: 1)
        #expect(try table.get("tea", at: t0).cycle == nil)
    }
}
