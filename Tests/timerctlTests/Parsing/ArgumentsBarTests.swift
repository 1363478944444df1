import Protocol
import Testing

@testable import timerctl

/// `timerctl bar` and `toggle` as typed.
@Suite struct ArgumentsBarTests: ParsesArguments {
    @Test func barWithItsOptions() throws {
        var style = BarStyle()
        style.format = .waybar
        style.template = try BarTemplate("{name}: {left}")
        style.idle = "no timers"
        style.offline = "off"
        let typed = ["bar", "pasta", "--format", "waybar", "--follow", "--template={name}: {left}", "--idle", "no timers", "--offline", "off"]
        #expect(try Self.command(typed) == BarCommand(pinned: ["pasta"], style: style, follows: true))
        #expect(try Self.command(["bar"]) == BarCommand())
    }

    @Test func anUnknownFormatNamesTheFormats() throws {
        let refusal = try Self.refusal(["bar", "--format", "xmobar"])
        #expect(refusal.message == #""xmobar" is not a bar format; use one of plain, tmux, waybar, i3blocks, polybar."#)
        #expect(refusal.topic == "bar")
    }

    @Test func toggleTakesNamesAndSelectors() throws {
        #expect(try Self.command(["toggle", "@next"]) == ToggleCommand(names: ["@next"]))
        #expect(try Self.refusal(["toggle"]).message.contains("toggle needs the name of a timer"))
    }

    /// `@` is kept for selectors: a new timer may not take it.
    @Test func aNewNameBeginningWithAtIsRefused() throws {
        #expect(TimerText.problem(withName: "@next")?.contains("kept for names that choose a timer") == true)
        #expect(TimerText.problem(withName: "@home") != nil)
        #expect(TimerText.problem(findingName: "@home") == nil, "one saved before the rule stays reachable")
        #expect(TimerText.problem(withName: "me@home") == nil)
    }
}
