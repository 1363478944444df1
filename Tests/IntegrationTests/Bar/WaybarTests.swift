import Foundation
import Protocol
import Testing

/// `timerctl bar --format waybar --follow` as waybar's custom module, on sway with no screen
/// (as user nobody: sway refuses root). The test reads what the module printed and
/// photographs the bar, styled by the `class` each line gives.
@Suite(
    "timerctl bar in waybar",
    .enabled(if: Waybar.available, "needs root (to run sway as nobody), sway, waybar and grim: scripts/deps test installs them"))
struct WaybarTests {
    static func text(_ line: JSONValue) -> String { line["text"]?.stringValue ?? "" }

    @Test("waybar shows the countdown, a ringing timer in its red class until dismissed, a paused one in grey", .timeLimit(.minutes(2)))
    func countdownRingDismissPause() throws {
        let bar = try Waybar { socket in "'\(Programs.timerctl)' --socket '\(socket)' bar --format waybar --follow" }
        func context() -> Comment { "the module printed:\n\(String(bar.stream().suffix(1500)))\n\(bar.logs())" }

        #expect(try bar.ctl("start", "pasta", "10m").status == 0)
        try #require(
            bar.waitForLine { Self.text($0).hasPrefix("pasta ") && $0["class"] == "running" }, "no countdown; \(context())")
        let counting = try bar.photograph { $0.count(columns: Waybar.width / 2..<Waybar.width) { r, g, b in r > 150 && g > 150 && b > 120 } > 50 }
        #expect(counting.count(Waybar.ringing) == 0)
        #expect(
            counting.count(columns: Waybar.width / 2..<Waybar.width) { r, g, b in r > 150 && g > 150 && b > 120 } > 50,
            "waybar drew no text for the countdown")

        #expect(try bar.ctl("start", "eggs", "2s").status == 0)
        try #require(bar.waitForLine { $0["class"] == "ringing" }, "nothing rang; \(context())")
        #expect(Self.text(try #require(bar.latest)).contains("eggs"))
        let red = try bar.photograph { $0.count(Waybar.ringing) >= 200 }
        #expect(red.count(Waybar.ringing) >= 200, "waybar drew no ringing red (\(red.count(Waybar.ringing)) pixels)")

        #expect(try bar.ctl("dismiss", "eggs").status == 0)
        #expect(bar.waitForLine { $0["class"] != "ringing" }, "still ringing after dismiss; \(context())")
        let answered = try bar.photograph { $0.count(Waybar.ringing) == 0 }
        #expect(answered.count(Waybar.ringing) == 0, "waybar still shows red after dismiss")

        #expect(try bar.ctl("cancel", "eggs").status == 0)
        #expect(try bar.ctl("pause", "pasta").status == 0)
        try #require(bar.waitForLine { $0["class"] == "paused" }, "pasta is not shown paused; \(context())")
        let grey = try bar.photograph { $0.count(Waybar.paused) >= 20 }
        #expect(grey.count(Waybar.paused) >= 20, "waybar drew nothing in the paused grey (\(grey.count(Waybar.paused)) pixels)")
    }
}
