import Protocol
import Testing

@testable import timerd

private let due = instant("2026-11-27T18:42:00Z")

/// A fired countdown of 8 minutes, 1.5 s late, with a message and a checklist half done.
private func pasta(name: String = "pasta", message: String? = "salt the water") -> TimerInfo {
    TimerInfo(
        name: name, kind: .countdown, state: .done, duration: .seconds(480), remaining: .zero, endsAt: due,
        createdAt: instant("2026-11-27T18:34:00Z"), firedAt: due + .milliseconds(1500), message: message,
        todos: [TodoItem(id: 1, text: "salt", done: true), TodoItem(id: 2, text: "grate cheese"), TodoItem(id: 3, text: "plates")])
}

/// The facts as a dictionary, checking that each name comes once.
private func dictionary(_ entries: [String]) -> [String: String] {
    var result: [String: String] = [:]
    for entry in entries {
        let eq = entry.firstIndex(of: "=")!
        let name = String(entry[..<eq])
        #expect(result[name] == nil, "\(name) is set twice")
        result[name] = String(entry[entry.index(after: eq)...])
    }
    return result
}

@Suite struct HookEnvironmentTests {
    @Test func everyFactOfAFiredTimer() {
        let facts = dictionary(HookEnvironment.facts(.done, pasta()))
        #expect(
            facts == [
                "TIMERD_EVENT": "done", "TIMERD_NAME": "pasta", "TIMERD_MESSAGE": "salt the water", "TIMERD_KIND": "countdown",
                "TIMERD_DUE": "2026-11-27T18:42:00.000Z", "TIMERD_FIRED": "2026-11-27T18:42:01.500Z", "TIMERD_LATE_MS": "1500",
                "TIMERD_DURATION": "480", "TIMERD_MISSED": "0", "TIMERD_TODO_OPEN": "grate cheese\nplates",
                "TIMERD_STEP": "pasta", "TIMERD_ROUND": "1", "TIMERD_ROUNDS": "1", "TIMERD_NAMES": "pasta", "TIMERD_COUNT": "1",
            ])
        #expect(Set(facts.keys) == Set(HookEnvironment.factNames))
    }

    @Test func aRepeatingTimerSaysWhichStepEndedAtACycleAndWhichItIsInOtherwise() {
        var focus = pasta(name: "focus")
        focus.state = .running
        focus.cycle = Cycle(round: 3, rounds: 4, step: "focus")
        let ended = Advancing(info: focus, finished: Repeats.Step(name: "break", length: .minutes(5)), round: 2)
        let cycle = dictionary(HookEnvironment.facts(.cycle, focus, ended: ended))
        #expect([cycle["TIMERD_STEP"], cycle["TIMERD_ROUND"], cycle["TIMERD_ROUNDS"]] == ["break", "2", "4"])
        #expect(cycle["TIMERD_NAME"] == "focus")
        let remind = dictionary(HookEnvironment.facts(.remind, focus))
        #expect([remind["TIMERD_STEP"], remind["TIMERD_ROUND"], remind["TIMERD_ROUNDS"]] == ["focus", "3", "4"])
    }

    @Test func aRunningTimerHasNotFiredAndAMissedOneSaysSo() {
        var running = pasta(message: nil)
        running.state = .running
        running.firedAt = nil
        running.duration = .milliseconds(1500)
        let facts = dictionary(HookEnvironment.facts(.start, running))
        #expect(facts["TIMERD_EVENT"] == "start" && facts["TIMERD_MESSAGE"] == "")
        #expect(facts["TIMERD_FIRED"] == "" && facts["TIMERD_LATE_MS"] == "0" && facts["TIMERD_DURATION"] == "1.5")

        var missed = pasta()
        missed.firedAt = due + .seconds(3600)
        let late = dictionary(HookEnvironment.facts(.done, missed))
        #expect(late["TIMERD_MISSED"] == "1" && late["TIMERD_LATE_MS"] == "3600000")
    }

    @Test func aNameIsAValueWhateverItHolds() {
        for name in ["$(touch pwned)", "`id`", "a'b\"c", "x; rm -rf ~", "パスタ 🍝", "煮海鲜", "a\\nb", "${HOME}"] {
            let facts = dictionary(HookEnvironment.facts(.done, pasta(name: name, message: "line 1\nline 2 $(id)")))
            #expect(facts["TIMERD_NAME"] == name)
            #expect(facts["TIMERD_MESSAGE"] == "line 1\nline 2 $(id)")
        }
    }

    @Test func aNULCannotCutAValueShort() {
        let facts = dictionary(HookEnvironment.facts(.done, pasta(name: "a\u{0}b")))
        #expect(facts["TIMERD_NAME"] == "a\u{FFFD}b")
    }

    @Test func theMissedHookNamesEveryTimerOneALine() {
        let facts = dictionary(HookEnvironment.environment(
            facts: HookEnvironment.missedFacts([pasta(), pasta(name: "tea")]), inherited: [:]))
        #expect(facts["TIMERD_EVENT"] == "missed" && facts["TIMERD_MISSED"] == "1" && facts["TIMERD_COUNT"] == "2")
        #expect(facts["TIMERD_NAMES"] == "pasta\ntea")
        // Facts the group has none of are there, empty.
        #expect(facts["TIMERD_NAME"] == "" && facts["TIMERD_DUE"] == "")
    }

    @Test func theDaemonsEnvironmentIsBelowTheFactsAndNeverPassesForOne() {
        let inherited = [
            "PATH": "/usr/bin:/bin", "HOME": "/home/me", "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "TIMERD_NAME": "stale", "TIMERD_FIRED": "stale",
        ]
        let environment = dictionary(HookEnvironment.environment(facts: HookEnvironment.facts(.done, pasta()), inherited: inherited))
        #expect(environment["PATH"] == "/usr/bin:/bin" && environment["HOME"] == "/home/me")
        #expect(environment["DISPLAY"] == ":0" && environment["WAYLAND_DISPLAY"] == "wayland-0")
        #expect(environment["DBUS_SESSION_BUS_ADDRESS"] == "unix:path=/run/user/1000/bus")
        #expect(environment["TIMERD_NAME"] == "pasta" && environment["TIMERD_FIRED"] == "2026-11-27T18:42:01.500Z")
    }

    @Test func withoutABusAddressTheHookIsToldWhereTheSessionBusIs() {
        let environment = dictionary(HookEnvironment.environment(facts: [], inherited: ["XDG_RUNTIME_DIR": "/run/user/1000"]))
        #expect(environment["DBUS_SESSION_BUS_ADDRESS"] == "unix:path=/run/user/1000/bus")
        #expect(dictionary(HookEnvironment.environment(facts: [], inherited: [:]))["DBUS_SESSION_BUS_ADDRESS"] == nil)
    }
}
