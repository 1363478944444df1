import Protocol
import Testing
@testable import timerctl

/// `TimerFilter`: which timers each command's names complete to, from a table of every kind in
/// every state, and which command uses which filter.
@Suite struct TimerFilterTests {
    static let now = RFC3339.parse("2026-11-30T12:00:00Z")!

    /// A timer of `kind` in `state`: 5 minutes left of 10, or done `endedAgo` seconds ago.
    static func timer(
        _ name: String, _ kind: TimerKind, _ state: TimerState, ringing: Bool = false, every: Bool = false, endedAgo: Int64 = 30
    ) -> TimerInfo {
        var timer = TimerInfo(
            name: name, kind: kind, state: state, duration: .seconds(600), remaining: state == .done ? .zero : .seconds(300),
            endsAt: state == .paused ? nil : now + .seconds(state == .done ? -endedAgo : 300), createdAt: now - .seconds(300),
            firedAt: state == .done ? now - .seconds(endedAgo) : nil, ringing: ringing)
        if every { timer.every = Recurrence(.weekdays(Recurrence.mondayToFriday), at: TimeOfDay(hour: 9, minute: 55)) }
        return timer
    }

    /// A timer of each kind in each state it can be in.
    static let timers = [
        timer("pasta", .countdown, .running), timer("tea", .countdown, .paused), timer("eggs", .countdown, .done, ringing: true),
        timer("toast", .countdown, .done), timer("run", .stopwatch, .running), timer("bread", .stopwatch, .paused),
        timer("report", .deadline, .running), timer("taxes", .deadline, .done), timer("standup", .deadline, .running, every: true),
        timer("gym", .deadline, .paused, every: true), timer("wake", .deadline, .running, ringing: true, every: true),
    ]

    /// What each filter accepts of `timers`, by the daemon's rules (the comments say which).
    @Test(arguments: [
        (TimerFilter.any, ["pasta", "tea", "eggs", "toast", "run", "bread", "report", "taxes", "standup", "gym", "wake"]),
        // A one-off deadline does not pause; a recurring one's rule does.
        (.pausable, ["pasta", "run", "standup", "wake"]),
        (.paused, ["tea", "bread", "gym"]),
        // Pauses, resumes or stops a ring: not a done timer that has stopped ringing, nor a one-off deadline.
        (.toggleable, ["pasta", "tea", "eggs", "run", "bread", "standup", "gym", "wake"]),
        (.ringing, ["eggs", "wake"]),
        // A recurring deadline that fired runs on to its next time: ringing, it snoozes too.
        (.snoozable, ["eggs", "toast", "taxes", "wake"]),
        (.recurring, ["standup", "wake"]),
        (.lappable, ["run"]),
        // A stopwatch has no end; a paused deadline's rule is paused.
        (.extendable, ["pasta", "tea", "eggs", "toast", "report", "taxes", "standup", "wake"]),
        (.resettable, ["pasta", "tea", "eggs", "toast", "run", "bread"]),
        (.waitable, ["pasta", "tea", "report", "standup", "gym", "wake"]),
    ])
    func whatEachFilterAccepts(filter: TimerFilter, names: [String]) {
        #expect(Self.timers.filter(filter.accepts).map(\.name) == names)
    }

    @Test func everyFilterIsPinnedAbove() {
        // The arguments above name each filter once; a new one needs its row there.
        #expect(TimerFilter.allCases.count == 11)
    }

    /// The selectors come with the names when the timer they stand for passes.
    @Test func selectorsComeWhenTheirTimerPasses() {
        // Both stand for eggs: it rings, and it fired after wake came due.
        #expect(TimerFilter.ringing.names(Self.timers) == ["eggs", "wake", "@next", "@ringing"])
        #expect(TimerFilter.lappable.names(Self.timers) == ["run"], "@next rings, and takes no lap")
        // Nothing rings: @next is the one with the least time left (a tie here: gym, by its name).
        let quiet = [Self.timer("pasta", .countdown, .running), Self.timer("gym", .deadline, .paused, every: true)]
        #expect(TimerFilter.pausable.names(quiet) == ["pasta"])
        #expect(TimerFilter.paused.names(quiet) == ["gym", "@next"])
        #expect(TimerFilter.any.names(quiet) == ["pasta", "gym", "@next"])
        #expect(TimerFilter.any.names([]) == [], "no timers: no selectors either")
    }

    /// Which timers each command's names complete to: the one place to read them side by side.
    /// (Each is declared in the command's topic, with its operands.)
    @Test func whatEachCommandCompletes() {
        var table: [String: String] = [:]
        for topic in Help.topics {
            guard let operands = topic.operands else { continue }
            table[topic.name] = operands.first.word + (operands.rest == .nothing ? "" : " " + operands.rest.word)
        }
        #expect(table == [
            "start": "preset", "until": "nothing", "alarm": "nothing", "stopwatch": "nothing",
            "pause": "timer:pausable timer:pausable", "resume": "timer:paused timer:paused",
            "toggle": "timer:toggleable timer:toggleable", "dismiss": "timer:ringing timer:ringing",
            "snooze": "timer:snoozable", "skip": "timer:recurring timer:recurring", "lap": "timer:lappable timer:lappable",
            "extend": "timer:extendable", "reset": "timer:resettable timer:resettable", "wait": "timer:waitable",
            "cancel": "timer:any timer:any", "show": "timer:any", "todo": "timer:any checklist", "watch": "timer:any timer:any",
            "bar": "timer:any timer:any", "help": "command", "completion": "shell",
        ])
    }
}
