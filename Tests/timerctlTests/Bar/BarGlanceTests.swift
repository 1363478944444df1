import Protocol
import Testing

@testable import timerctl

/// What a bar shows first, what it counts, and when it must wake.
@Suite struct BarGlanceTests {
    typealias F = BarFixtures

    @Test func theRingingTimerFirstThenTheLeastTimeLeft() {
        let timers = [
            F.running("report", left: .seconds(86_400)), F.running("pasta", left: .seconds(462)),
            F.paused("tea", left: .seconds(100)), F.done("eggs", ago: .seconds(60)),
        ]
        #expect(F.glance(timers).shown?.name == "tea")
        #expect(F.glance(timers).timers.map(\.name) == ["tea", "pasta", "report", "eggs"])
        #expect(F.glance(timers + [F.done("bread", ago: .seconds(5), ringing: true)]).shown?.name == "bread")
        // Done ones are in the tooltip, not in the count of others.
        #expect(F.glance(timers).others == 2)
    }

    /// A timer paused by a click must stay shown, for the next click to resume it.
    @Test func pausingTheShownTimerKeepsItShown() {
        let pasta = F.running("pasta", left: .seconds(300))
        let report = F.running("report", left: .seconds(3 * 3600))
        #expect(F.glance([pasta, report]).shown?.name == "pasta")
        #expect(F.glance([F.paused("pasta", left: .seconds(300)), report]).shown?.name == "pasta")
    }

    @Test func pinnedNamesOnly() {
        let timers = [F.running("pasta", left: .seconds(60)), F.running("report", left: .seconds(7200))]
        let glance = F.glance(timers, pinned: ["report", "missing"])
        #expect(glance.timers.map(\.name) == ["report"])
        #expect(glance.others == 0)
        #expect(F.glance(timers, pinned: ["missing"]).state == .idle)
    }

    @Test func timeLeftIsReadFromTheEndAtEachMoment() {
        let glance = F.glance([F.running("pasta", left: .seconds(480), of: .seconds(480))], at: F.now + .milliseconds(18_300))
        #expect(BarGlance.left(glance.shown!) == "7:42")
        #expect(glance.percent == 3)
    }

    @Test func states() {
        #expect(F.glance([]).state == .idle)
        #expect(F.glance([F.running("a", left: .seconds(5))]).state == .running)
        #expect(F.glance([F.paused("a", left: .seconds(5))]).state == .paused)
        #expect(F.glance([F.done("a", ago: .seconds(5))]).state == .done)
        #expect(F.glance([F.done("a", ago: .seconds(5), ringing: true)]).state == .ringing)
    }

    /// The tick policy, with the clock in the test's hands: a minute of a running countdown
    /// under an hour is sixty lines, one a second; a paused one, a ringing one, nothing, none.
    @Test func oneLineASecondWhileSecondsRunNoneWhilePaused() {
        func lines(over span: Duration, _ timers: [TimerInfo], all: Bool = false) -> [String] {
            var now = F.now + .milliseconds(250)
            var out = [BarStyle().line(F.glance(timers, at: now), calendar: F.calendar)]
            while let next = F.glance(timers, at: now).nextChange(all: all), next <= F.now + span {
                now = next
                out.append(BarStyle().line(F.glance(timers, at: now), calendar: F.calendar))
            }
            return out
        }
        let running = lines(over: .seconds(60), [F.running("pasta", left: .seconds(480))])
        #expect(running.count == 61)
        #expect(Set(running).count == 61, "every wake-up shows something new")
        #expect(running.first == "pasta 8:00" && running.last == "pasta 7:00")
        #expect(lines(over: .seconds(3600), [F.running("report", left: .seconds(5 * 3600))]).count == 61, "once a minute")
        #expect(lines(over: .seconds(3600), [F.paused("pasta", left: .seconds(480))]).count == 1)
        #expect(lines(over: .seconds(3600), [F.done("pasta", ago: .seconds(1), ringing: true)]).count == 1)
        #expect(lines(over: .seconds(3600), []).count == 1)
        // A tooltip listing a running timer behind the ringing one changes each second with it.
        let behind = [F.done("eggs", ago: .seconds(1), ringing: true), F.running("pasta", left: .seconds(480))]
        #expect(lines(over: .seconds(10), behind).count == 1)
        #expect(lines(over: .seconds(10), behind, all: true).count == 11)
    }
}
