import Foundation
import Protocol
import Testing

/// `timerctl bar --format i3blocks --follow` in a real status bar: i3blocks runs it as a
/// persistent block, i3bar draws what i3blocks sends, on an X server of the test's own. The
/// test reads the i3bar protocol i3blocks wrote and photographs the bar.
@Suite(
    "timerctl bar in i3bar",
    .enabled(if: I3Bar.available, "needs Xvfb, i3 (with i3bar), i3blocks and ImageMagick: scripts/deps test installs them"))
struct I3BarTests {
    /// The colours `timerctl bar` gives a timer that is not plainly running.
    static let ringing = "#FB4934", paused = "#928374"

    /// `M:SS`, as the bar shows time left under an hour.
    static func isClock(_ text: Substring) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
            && parts[1].count == 2
    }

    static func text(_ block: JSONObject?, _ key: String = "full_text") -> String {
        block?[key]?.stringValue ?? ""
    }

    /// Light pixels (the status line's text) on the right half of the bar, where i3bar puts
    /// the status line.
    static func lettering(_ shot: Screenshot) -> Int {
        shot.count(columns: I3Bar.width / 2..<I3Bar.width) { r, g, b in r > 150 && g > 150 && b > 120 }
    }

    @Test(
        "i3bar shows the countdown ticking, a ringing timer in red and urgent until dismissed, a paused one in grey",
        .timeLimit(.minutes(2)))
    func countdownRingDismissPause() throws {
        // It rings with no sound server to play on (the ring retries, and rings on, without
        // one): nothing is heard on the desktop's.
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus", environment: ["PULSE_SERVER": "unix:/nonexistent/pulse"])
        let command = "'\(Programs.timerctl)' --socket '\(daemon.socket)' bar --format i3blocks --follow"
        let bar = try I3Bar(command: command, environment: daemon.environment)
        func context() -> Comment { "i3bar was sent:\n\(String(bar.stream().suffix(1500)))\n\(bar.logs())" }

        // With no timers the block is empty, and i3blocks leaves it out.
        try #require(eventually(timeout: .seconds(20)) { !bar.blocks().isEmpty }, "i3blocks sent i3bar nothing; \(context())")
        #expect(bar.latest == nil, context())
        let empty = try bar.photograph()
        #expect(empty.count(Self.ringing) == 0)

        // A countdown: `pasta M:SS`, a new line each second.
        #expect(try daemon.ctl("start", "pasta", "10m").status == 0)
        func pastaClock(_ block: JSONObject) -> Bool {
            let words = Self.text(block).split(separator: " ")
            return words.count == 2 && words[0] == "pasta" && Self.isClock(words[1])
        }
        try #require(bar.waitForBlock(pastaClock), "no countdown in i3bar's stream; \(context())")
        let first = try #require(bar.latest)
        #expect(Self.isClock(Self.text(first, "short_text")[...]), "short_text: \(first)")
        #expect(first["color"] == nil && first["urgent"] == nil, "a plain running timer: \(first)")
        #expect(
            bar.waitForBlock(timeout: Duration.seconds(5)) { pastaClock($0) && Self.text($0) != Self.text(first) },
            "the countdown did not tick; \(context())")
        let counting = try bar.photograph { Self.lettering($0) > Self.lettering(empty) + 50 }
        #expect(Self.lettering(counting) > Self.lettering(empty) + 50, "i3bar drew no status text for the countdown")
        #expect(counting.count(Self.ringing) == 0)

        // A timer rings: a bell, the ringing colour, urgent; i3bar draws it red.
        #expect(try daemon.ctl("start", "eggs", "2s").status == 0)
        try #require(
            bar.waitForBlock { $0["color"] == JSONValue.string(Self.ringing) }, "nothing in the ringing colour; \(context())")
        let rang = try #require(bar.latest)
        #expect(Self.text(rang).contains("🔔") && Self.text(rang).contains("eggs"), "\(rang)")
        #expect(rang["urgent"] == JSONValue.bool(true), "i3blocks did not pass `urgent` on to i3bar: \(rang); \(context())")
        let red = try bar.photograph { $0.count(Self.ringing) >= 20 }
        #expect(red.count(Self.ringing) >= 20, "i3bar drew no ringing red (\(red.count(Self.ringing)) pixels)")

        // Dismissed: neither urgent nor red any more, in the stream or on the screen.
        #expect(try daemon.ctl("dismiss", "eggs").status == 0)
        #expect(
            bar.waitForBlock { $0["urgent"] == nil && $0["color"] != JSONValue.string(Self.ringing) },
            "still ringing in the bar after dismiss; \(context())")
        let answered = try bar.photograph { $0.count(Self.ringing) == 0 }
        #expect(answered.count(Self.ringing) == 0, "i3bar still shows red after dismiss")

        // Paused: the paused grey, which only the block's `color` can have given i3bar.
        #expect(try daemon.ctl("cancel", "eggs").status == 0)
        #expect(try daemon.ctl("pause", "pasta").status == 0)
        try #require(
            bar.waitForBlock { $0["color"] == JSONValue.string(Self.paused) && Self.text($0).contains("pasta") },
            "pasta is not shown paused; \(context())")
        let grey = try bar.photograph { $0.count(Self.paused) >= 20 }
        #expect(grey.count(Self.paused) >= 20, "i3bar drew nothing in the paused grey (\(grey.count(Self.paused)) pixels)")
    }

    /// i3blocks (1.4) reads a block's value up to its first quote, escaped or not, and writes
    /// what it read with its backslashes doubled: a name holding either must not cut the line.
    @Test("A name with quotes and a backslash reaches i3bar whole, its time after it", .timeLimit(.minutes(1)))
    func quotesAndBackslash() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let command = "'\(Programs.timerctl)' --socket '\(daemon.socket)' bar --format i3blocks --follow"
        let bar = try I3Bar(command: command, environment: daemon.environment)
        #expect(try daemon.ctl("start", #"say "hi" \o/"#, "10m").status == 0)
        try #require(bar.waitForBlock { _ in true }, "no block; i3bar was sent:\n\(bar.stream())\n\(bar.logs())")
        // Quotes and backslash may be shown as look-alikes; the rest as typed, and the time.
        #expect(
            bar.waitForBlock(timeout: Duration.seconds(5)) { block in
                let text = Self.text(block)
                return text.hasPrefix("say ") && text.contains("hi") && text.contains("o/") && !text.contains(#"\\"#)
                    && text.split(separator: " ").last.map(Self.isClock) == true
            },
            "i3bar was sent:\n\(String(bar.stream().suffix(600)))")
    }

    @Test(
        "Clicks on the block in i3bar: the left button pauses and resumes the timer shown, the wheel adds a minute",
        .enabled(if: I3Bar.passesClicks, "i3blocks before 1.5 gives a persistent block no clicks of its own (see I3Bar.passesClicks)"),
        .timeLimit(.minutes(1)))
    func clicks() throws {
        let daemon = try Daemon(bus: "unix:path=/nonexistent/bus")
        let command = "'\(Programs.timerctl)' --socket '\(daemon.socket)' bar --format i3blocks --follow"
        let bar = try I3Bar(command: command, environment: daemon.environment)
        func pasta() -> JSONValue? { try? JSONParser.parse(try daemon.ctl("show", "pasta", "--json").stdout) }
        func context() -> Comment { "i3bar was sent:\n\(String(bar.stream().suffix(1000)))\n\(bar.logs())" }

        #expect(try daemon.ctl("start", "pasta", "10m").status == 0)
        try #require(bar.waitForBlock { Self.text($0).hasPrefix("pasta ") }, context())
        let light: (UInt8, UInt8, UInt8) -> Bool = { r, g, b in r > 150 && g > 150 && b > 120 }
        let shot = try bar.photograph { Self.lettering($0) > 50 }
        let block = try #require(shot.span(columns: I3Bar.width / 2..<I3Bar.width, where: light), "no block drawn to click")
        let middle = (block.lowerBound + block.upperBound) / 2

        try bar.click(1, x: middle)
        #expect(eventually { pasta()?["state"] == "paused" }, "a left click did not pause pasta; \(context())")
        #expect(bar.waitForBlock { $0["color"] == JSONValue.string(Self.paused) }, context())
        try bar.click(1, x: middle)
        #expect(eventually { pasta()?["state"] == "running" }, "a second left click did not resume pasta; \(context())")
        try bar.click(4, x: middle)
        #expect(eventually { pasta()?["duration"] == 660 }, "the wheel up did not add a minute; \(context())")
    }
}
