import Protocol
import Testing

@testable import timerctl

/// Stopwatches as `ls`, `show`, `watch`, `lap` and `bar` show them: counting up, no bar, no
/// end, their laps.
@Suite struct RenderStopwatchTests {
    static let now = RenderTableTests.now

    /// `bread`, running for 52:10.5 with two laps, notifying every 25 minutes.
    static let bread = TimerInfo(
        name: "bread", kind: .stopwatch, state: .running, duration: .milliseconds(3_130_500), remaining: .zero,
        endsAt: nil, createdAt: now - .seconds(3131), elapsed: .milliseconds(3_130_500),
        countsFrom: now - .milliseconds(3_130_500), laps: Lap.laps(at: [.milliseconds(241_250), .milliseconds(570_299)]),
        notifyEvery: .seconds(1500))
    static let run = TimerInfo(
        name: "run", kind: .stopwatch, state: .paused, duration: .seconds(75), remaining: .zero, endsAt: nil,
        createdAt: now - .seconds(600), elapsed: .milliseconds(75_900))

    static func render() -> Render { RenderTableTests.render(.plain) }

    @Test func lsShowsThemCountingUpAfterTheCountdownsWithoutABarOrAnEnd() {
        let timers = [Self.bread, Self.run, RenderTableTests.countdown("pasta", left: .seconds(180), of: .seconds(480))]
        #expect(Self.render().table(timers) == """
              NAME     LEFT  PROGRESS          ENDS
            ► pasta    3:00  ██████████░░░░░░  16:33
            ‖ run     +1:15
            ► bread  +52:10

            """)
    }

    @Test func showListsTheLaps() {
        #expect(Self.render().detail(Self.bread) == """
            bread: stopwatch, running
              elapsed   52:10
              notify    every 25m
              created   Wed 2 Dec 15:37:49
              laps      2
                LAP   SPLIT  ELAPSED
                  1  4:01.2   4:01.2
                  2  5:29.0   9:30.2

            """)
        #expect(Self.render().detail(Self.run) == """
            run: stopwatch, paused
              elapsed   1:15
              created   Wed 2 Dec 16:20

            """)
    }

    @Test func whatTheCommandsSay() {
        let render = Self.render()
        #expect(render.started(Self.bread) == "bread: stopwatch started at 15:37; it notifies every 25m.")
        #expect(render.lapped(Self.bread) == "bread: lap 2 at 9:30.2 (split 5:29.0).")
        #expect(render.changed(Self.run, "paused") == "run paused at 1:15.")
        #expect(render.changed(Self.bread, "resumed") == "bread resumed: 52:10 so far.")
    }

    @Test func watchShowsOneStopwatchInBigDigitsWithItsLaps() {
        // Ten seconds after the daemon said 52:10.5: it counts on, to 52:20.
        let lines = WatchScreen(
            timers: [Self.bread], selected: 0, timesUp: [], now: Self.now + .seconds(10),
            calendar: LocalCalendar(zone: FixedOffsetZone.utc), width: 60, height: 16
        ).lines().map { $0.trimmingTrailingSpaces() }
        #expect(lines.joined(separator: "\n") == """
                                 bread (stopwatch)

                                 ███ ███   ███ ███
                                 █     █ █   █ █ █
                                 ███ ███   ███ █ █
                                   █ █   █ █   █ █
                                 ███ ███   ███ ███

                                LAP   SPLIT  ELAPSED
                                  1  4:01.2   4:01.2
                                  2  5:29.0   9:30.2




            space pause/resume · l lap · r reset · ↑↓ select · q quit
            """)
    }

    @Test func theBarCountsUpWithAStopwatchsIcon() throws {
        let glance = BarGlance(timers: [Self.bread], pinned: ["bread"], now: Self.now + .milliseconds(200))
        #expect(BarTemplate.standard.fill(glance, calendar: LocalCalendar(zone: FixedOffsetZone.utc)) == "⏱ bread 52:10")
        // The next second of its time: 52:11 at 0.3 s from now.
        #expect(glance.nextChange(all: false) == Self.now + .milliseconds(500))
        let paused = BarGlance(timers: [Self.run], pinned: [], now: Self.now)
        #expect(BarTemplate.standard.fill(paused, calendar: LocalCalendar(zone: FixedOffsetZone.utc)) == "⏸ run 1:15")
        #expect(paused.nextChange(all: true) == nil)
        // Unpinned, a countdown comes first.
        let both = BarGlance(timers: [Self.bread, BarFixtures.running("pasta", left: .seconds(90))], pinned: [], now: Self.now)
        #expect(both.shown?.name == "pasta" && both.others == 1)
        #expect(BarTime.elapsedText(.seconds(3600 * 25 + 59)) == "1d 1h")
        #expect(BarTime.elapsedText(.seconds(3600 + 61)) == "1h01m")
    }
}
