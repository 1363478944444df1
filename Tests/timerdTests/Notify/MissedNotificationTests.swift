import Protocol
import Testing

@testable import timerd

/// What the notification for timers that came due while nobody could tell (timerd was not
/// running, the computer slept, the clock was set forward) says of their messages.
@Suite struct MissedNotificationTests {
    static let utc = NotificationContentTests.utc
    static let now = instant("2026-11-27T19:00:00Z")

    /// An 8 minute countdown started at 18:34 (due 18:42, 18 min before `now`) or `minutes` later.
    static func countdown(_ name: String, _ minutes: Int64 = 0, message: String? = nil) -> Firing {
        NotificationContentTests.countdown(name, .minutes(8), from: instant("2026-11-27T18:34:00Z") + .minutes(minutes), message: message)
    }

    static func missed(_ firings: [Firing]) -> NotificationContent {
        NotificationContent.missed(firings, .daemonNotRunning, now: now, calendar: utc)
    }

    @Test func oneMissedTimerLeadsWithItsMessage() {
        let content = Self.missed([Self.countdown("pasta", message: "Drain it")])
        #expect(content.summary == "pasta finished while timerd was not running")
        #expect(content.body == "Drain it\n8m timer done (started 18:34)\nIt was due at 18:42, 18 min ago.")
    }

    @Test func severalMissedTimersHaveALineEachWithTheirMessages() {
        let firings = [
            Self.countdown("pasta", message: "Drain it"), Self.countdown("eggs", 2),
            NotificationContentTests.deadline("report", at: instant("2026-11-27T18:55:00Z"), late: .minutes(5), message: "Send it"),
            Self.countdown("rice", 3, message: ""),
        ]
        let content = Self.missed(firings)
        #expect(content.summary == "4 timers finished while timerd was not running")
        #expect(
            content.body == """
                pasta (18 min ago): Drain it
                eggs (16 min ago)
                report (5 min ago): Send it
                rice (15 min ago)
                """)
        #expect(content.shownBody == content.body)
        #expect(content.timers == ["pasta", "eggs", "report", "rice"])
    }

    @Test func aListedMessageIsItsFirstLineAsLongAsAChecklistItem() {
        let long = String(repeating: "m", count: 200)
        let firings = [
            Self.countdown("pasta", message: "Drain it\nthen salt it"), Self.countdown("eggs", message: long),
            Self.countdown("rice", message: "Rinse\u{2028}twice"), Self.countdown("tea", message: "\u{202E}green\u{7}"),
        ]
        let lines = Self.missed(firings).shownBody.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "pasta (18 min ago): Drain it…",
                "eggs (18 min ago): " + String(repeating: "m", count: NotificationText.maxItemCharacters - 1) + "…",
                "rice (18 min ago): Rinse…",
                "tea (18 min ago): green␇",
            ])
    }

    @Test func markupInTheirMessagesIsShownAsWritten() {
        let content = Self.missed([Self.countdown("pasta", message: "<b>Tom</b> & Jerry"), Self.countdown("eggs")])
        #expect(content.shownBody == "pasta (18 min ago): <b>Tom</b> & Jerry\neggs (18 min ago)")
        #expect(Markup.escape(content.shownBody) == "pasta (18 min ago): &lt;b&gt;Tom&lt;/b&gt; &amp; Jerry\neggs (18 min ago)")
    }

    @Test func manyLongOnesListWhatFitsTheBodyAndCountTheRest() {
        let firings = (1...30).map { n in
            Self.countdown(String(repeating: "n", count: 62) + format2(n), message: String(repeating: "m", count: 300))
        }
        let content = Self.missed(firings)
        // Each line: 64 + " (18 min ago): " (15) + 60 = 139 characters; 8 of them and the
        // count fit in 1,200, 9 would not.
        let lines = content.body.split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines.last == "… and 22 more")
        #expect(content.body.count <= NotificationText.maxBodyCharacters)
        #expect(content.shownBody == content.body, "nothing left for the body's cut to take")
        #expect(content.timers.count == 30, "every timer is still closed with it")
    }

    @Test func shortOnesStillStopAtTwentyLines() {
        let content = Self.missed((1...25).map { Self.countdown("t\($0)", message: "m\($0)") })
        let lines = content.body.split(separator: "\n")
        #expect(lines.count == 21)
        #expect(lines[19] == "t20 (18 min ago): m20")
        #expect(lines.last == "… and 5 more")
    }
}

/// `n` in two digits.
private func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
