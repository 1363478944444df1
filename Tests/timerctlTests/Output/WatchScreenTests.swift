import Protocol
import Testing

@testable import timerctl

/// The screens of `timerctl watch`, pinned.
@Suite struct WatchScreenTests {
    static let now = RFC3339.parse("2026-11-30T12:00:00Z")!
    static let calendar = LocalCalendar(zone: FixedOffsetZone.utc)

    static func running(_ name: String, left: Int64, of total: Int64, message: String? = nil) -> TimerInfo {
        TimerInfo(
            name: name, kind: .countdown, state: .running, duration: .seconds(total), remaining: .seconds(left),
            endsAt: now + .seconds(left), createdAt: now - .seconds(total - left), message: message)
    }

    static func screen(_ timers: [TimerInfo], selected: Int = 0, timesUp: [String] = [], width: Int = 60, height: Int = 14,
                       unicode: Bool = true) -> [String] {
        WatchScreen(
            timers: timers, selected: selected, timesUp: timesUp, now: now, calendar: calendar, width: width,
            height: height, unicode: unicode
        ).lines().map { $0.trimmingTrailingSpaces() }
    }

    /// The middle of both one-timer screens below: 7:59 left of 8:00, in digits and as a bar,
    /// and when it ends.
    static let sevenFiftyNineLeft = """
                               ███   ███ ███
                                 █ █ █   █ █
                                 █   ███ ███
                                 █ █   █   █
                                 █   ███ ███

             ░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░
                                 ends 12:07
        """

    @Test func oneTimerIsAKitchenTimer() {
        let lines = Self.screen([Self.running("pasta", left: 479, of: 480, message: "salt the water")])
        #expect(lines.joined(separator: "\n") == """
                                       pasta

            \(Self.sevenFiftyNineLeft)
                                   salt the water


            space pause/resume · r reset · + 1 min · ↑↓ select · q quit
            """)
    }

    static func withTasks(_ count: Int, done: Int) -> TimerInfo {
        var timer = running("report", left: 479, of: 480)
        timer.todos = (1...count).map { TodoItem(id: $0, text: "task \($0)", done: $0 <= done) }
        return timer
    }

    @Test func oneTimersChecklistIsUnderTheCountdown() {
        let lines = Self.screen([Self.withTasks(3, done: 1)], height: 18)
        #expect(lines.joined(separator: "\n") == """
                                       report

            \(Self.sevenFiftyNineLeft)

                                 1 of 3 tasks done
                                   1. [x] task 1
                                   2. [ ] task 2
                                   3. [ ] task 3


            space pause/resume · r reset · + 1 min · ↑↓ select · q quit
            """)
    }

    @Test func aLongChecklistIsCutToTheScreen() {
        let lines = Self.screen([Self.withTasks(20, done: 0)], height: 18)
        #expect(lines.count == 18)
        #expect(lines[11] == "                     0 of 20 tasks done")
        #expect(lines[12] == "                        1. [ ] task 1")
        #expect(lines[14] == "                        3. [ ] task 3")
        #expect(lines[15] == "                       … and 17 more")
        #expect(lines[16] == "", "the status line")
    }

    @Test func noRoomNoChecklist() {
        let lines = Self.screen([Self.withTasks(3, done: 1)], height: 14)
        #expect(!lines.joined().contains("task"))
    }

    @Test func severalTimersAreTheTableWithTheSelectionMarked() {
        let lines = Self.screen(
            [Self.running("pasta", left: 479, of: 480), Self.running("パスタ", left: 90, of: 180), Self.running("tea", left: 30, of: 60)],
            selected: 1, width: 70, height: 8)
        #expect(lines.joined(separator: "\n") == """
                NAME    LEFT  PROGRESS          ENDS
              ► tea     0:30  ████████░░░░░░░░  12:00
            > ► パスタ  1:30  ████████░░░░░░░░  12:01
              ► pasta   7:59  ░░░░░░░░░░░░░░░░  12:07



            space pause/resume · r reset · + 1 min · ↑↓ select · q quit
            """)
    }

    @Test func onAColorTerminalTheSelectedRowIsInReverseVideo() {
        let screen = WatchScreen(
            timers: [Self.running("pasta", left: 479, of: 480), Self.running("tea", left: 30, of: 60)], selected: 1,
            timesUp: [], now: Self.now, calendar: Self.calendar, width: 60, height: 6, color: true)
        let lines = screen.lines()
        #expect(lines[2].hasPrefix("\u{1B}[7m") && lines[2].contains("pasta"), "\(lines)")
        #expect(!lines[1].contains("\u{1B}[7m"))
    }

    @Test func aTimerThatFiredSaysTimesUp() {
        var done = Self.running("eggs", left: 0, of: 360)
        done.state = .done
        done.firedAt = Self.now
        let lines = Self.screen([done], timesUp: ["eggs"])
        #expect(lines[0].contains("*** Time's up! eggs ***"))
        #expect(lines.contains { $0.contains("eggs (done)") })
    }

    @Test func daysShowAboveTheDigits() {
        let lines = Self.screen([Self.running("trip", left: 2 * 86_400 + 3 * 3600 + 4 * 60 + 5, of: 3 * 86_400)], width: 80)
        #expect(lines.contains { $0.contains("2 days +") })
        #expect(lines.contains { $0.contains("███ ███   ███") } || lines.contains { $0.contains("█") })
    }

    @Test func asciiTerminalsGetHashes() {
        let lines = Self.screen([Self.running("pasta", left: 240, of: 480)], width: 80, unicode: false)
        #expect(lines.contains { $0.contains("# #") })
        #expect(lines.contains { $0.contains("[" + String(repeating: "#", count: 30) + String(repeating: ".", count: 30) + "]") })
        #expect(lines.last == "space pause/resume | r reset | + 1 min | up/down select | q quit")
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func nothingIsWiderThanTheScreen() {
        for width in [20, 33, 47, 80] {
            let lines = Self.screen(
                [Self.running("pasta", left: 479, of: 480, message: String(repeating: "long message ", count: 10))],
                width: width)
            #expect(lines.allSatisfy { TextWidth.of($0) <= width }, "\(width): \(lines)")
        }
    }

    @Test func theTimeLeftCountsDownFromTheLocalClock() {
        let screen = WatchScreen(
            timers: [Self.running("pasta", left: 480, of: 480)], selected: 0, timesUp: [], now: Self.now + .seconds(61),
            calendar: Self.calendar, width: 60, height: 14)
        #expect(screen.live(Self.running("pasta", left: 480, of: 480)) == .seconds(419))
    }
}

extension WatchScreenTests {
    @Test func withADoneTimerSelectedSpaceDismissesIt() {
        var done = Self.running("pasta", left: 0, of: 480)
        done.state = .done
        done.ringing = true
        let lines = Self.screen([done])
        #expect(lines.first?.hasSuffix("pasta (ringing)") == true, "\(lines)")
        #expect(lines.last == "space dismiss · r reset · + 1 min · ↑↓ select · q quit")
    }
}

/// The footer lists the keys that act on the selected timer, and no key the daemon would refuse.
extension WatchScreenTests {
    @Test(arguments: [
        (TimerFilterTests.timer("pasta", .countdown, .running), "space pause/resume · r reset · + 1 min · ↑↓ select · q quit"),
        (TimerFilterTests.timer("tea", .countdown, .paused), "space pause/resume · r reset · + 1 min · ↑↓ select · q quit"),
        (TimerFilterTests.timer("toast", .countdown, .done), "space dismiss · r reset · + 1 min · ↑↓ select · q quit"),
        (TimerFilterTests.timer("run", .stopwatch, .running), "space pause/resume · l lap · r reset · ↑↓ select · q quit"),
        // A paused stopwatch takes no lap until it runs.
        (TimerFilterTests.timer("bread", .stopwatch, .paused), "space pause/resume · r reset · ↑↓ select · q quit"),
        // A deadline neither pauses nor starts over; + moves it.
        (TimerFilterTests.timer("report", .deadline, .running), "+ 1 min · ↑↓ select · q quit"),
        (TimerFilterTests.timer("taxes", .deadline, .done), "space dismiss · + 1 min · ↑↓ select · q quit"),
        // Due more than a minute ago: a minute later is still past.
        (TimerFilterTests.timer("taxes", .deadline, .done, endedAgo: 61), "space dismiss · ↑↓ select · q quit"),
        // A recurring one pauses its rule; paused, it does not move.
        (TimerFilterTests.timer("standup", .deadline, .running, every: true), "space pause/resume · + 1 min · ↑↓ select · q quit"),
        (TimerFilterTests.timer("gym", .deadline, .paused, every: true), "space pause/resume · ↑↓ select · q quit"),
    ])
    func theKeysAreThoseThatActOnTheSelectedTimer(timer: TimerInfo, footer: String) {
        #expect(Self.screen([timer]).last == footer)
        #expect(WatchKey.footer(for: timer, at: Self.now, unicode: false) == footer.replacing(" · ", with: " | ").replacing("↑↓", with: "up/down"))
    }

    @Test func withNoTimersOnlySelectingAndQuitting() {
        let lines = Self.screen([])
        #expect(lines.last == "↑↓ select · q quit")
    }
}

extension WatchScreenTests {
    /// A refusal wider than the screen takes a second line, so that the key it names at its
    /// end shows; the screen keeps its height.
    @Test func aLongStatusWrapsOntoASecondLine() {
        let report = TimerFilterTests.timer("report", .deadline, .running)
        let hint = "\"report\" is a deadline and has no length to start over; set a new one with "
            + "`timerctl until report WHEN` or move it with +."
        let lines = WatchScreen(
            timers: [report], selected: 0, timesUp: [], now: Self.now, calendar: Self.calendar, width: 80, height: 14,
            status: hint
        ).lines().map { $0.trimmingTrailingSpaces() }
        #expect(lines.count == 14)
        #expect(Array(lines.suffix(3)) == [
            "\"report\" is a deadline and has no length to start over; set a new one with",
            "`timerctl until report WHEN` or move it with +.",
            "+ 1 min · ↑↓ select · q quit",
        ])
        let narrow = WatchScreen(
            timers: [report], selected: 0, timesUp: [], now: Self.now, calendar: Self.calendar, width: 30, height: 14,
            status: hint
        ).lines()
        #expect(narrow.count == 14 && narrow.allSatisfy { TextWidth.of($0) <= 30 }, "\(narrow)")
        #expect(narrow[11] == "\"report\" is a deadline and has")
        #expect(narrow[12] == "no length to start over; set …")
    }
}
