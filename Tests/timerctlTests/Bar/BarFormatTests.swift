import Protocol
import Testing

@testable import timerctl

/// Each format against what its bar reads, text from users escaped for it.
@Suite struct BarFormatTests {
    typealias F = BarFixtures
    static let markup = "<b>x</b> & y"

    static func line(_ format: BarFormat, _ timers: [TimerInfo]?, idle: String = "", offline: String = "") -> String {
        var style = BarStyle()
        style.format = format
        style.idle = idle
        style.offline = offline
        return style.line(timers.map { F.glance($0) }, calendar: F.calendar)
    }

    static func object(_ line: String) throws -> JSONObject {
        try #require(try JSONParser.parse(line).objectValue, "not a JSON object: \(line)")
    }

    @Test func waybarIsOneObjectWithItsFiveKeysAndEscapedMarkup() throws {
        let timers = [
            F.running(Self.markup, left: .seconds(462), of: .seconds(924), message: "<i>now</i>"),
            F.paused("tea", left: .seconds(900)),
        ]
        let line = Self.line(.waybar, timers)
        #expect(!line.contains("\n"))
        let object = try Self.object(line)
        #expect(object.keys == ["text", "tooltip", "class", "percentage", "alt"])
        #expect(object["text"] == "&lt;b&gt;x&lt;/b&gt; &amp; y 7:42 +1")
        #expect(object["tooltip"] == "&lt;b&gt;x&lt;/b&gt; &amp; y  7:42 — &lt;i&gt;now&lt;/i&gt;\ntea  15:00 (paused)")
        #expect(object["class"] == "running" && object["alt"] == "running")
        #expect(object["percentage"] == 50)
        let ringing = try Self.object(Self.line(.waybar, [F.done("eggs", ago: .seconds(1), ringing: true)]))
        #expect(ringing["class"] == "ringing" && ringing["percentage"] == 100)
        let idle = try Self.object(Self.line(.waybar, []))
        #expect(idle["text"] == "" && idle["class"] == "idle", "an empty text hides the module")
        #expect(try Self.object(Self.line(.waybar, nil))["class"] == "offline")
    }

    @Test func i3blocksIsValidJSONWithShortTextColourAndUrgency() throws {
        let running = try Self.object(Self.line(.i3blocks, [F.running(Self.markup + " \"q\"", left: .seconds(462))]))
        #expect(running.keys == ["full_text", "short_text"])
        #expect(running["full_text"] == .string(Self.markup + " \"q\" 7:42"), "i3blocks shows text as it is")
        #expect(running["short_text"] == "7:42")
        let ringing = try Self.object(Self.line(.i3blocks, [F.done("eggs", ago: .seconds(1), ringing: true)]))
        #expect(ringing["full_text"] == "🔔 eggs done" && ringing["color"] == "#FB4934" && ringing["urgent"] == true)
        let paused = try Self.object(Self.line(.i3blocks, [F.paused("tea", left: .seconds(60))]))
        #expect(paused["color"] == "#928374" && paused["urgent"] == nil)
        #expect(try Self.object(Self.line(.i3blocks, [])) == ["full_text": ""])
        #expect(try Self.object(Self.line(.i3blocks, [], idle: "no timers")) == ["full_text": "no timers"])
    }

    @Test func polybarColoursAndNeverOpensATagFromAName() {
        #expect(Self.line(.polybar, [F.running("pasta", left: .seconds(462))]) == "pasta 7:42")
        #expect(Self.line(.polybar, [F.done("eggs", ago: .seconds(1), ringing: true)]) == "%{F#FB4934}🔔 eggs done%{F-}")
        let sneaky = Self.line(.polybar, [F.running("%{F#f00}%{A1:reboot:}x", left: .seconds(5))])
        #expect(!sneaky.contains("%{"), "\(sneaky)")
        #expect(Self.line(.polybar, []) == "", "an empty line hides the module")
    }

    @Test func tmuxDoublesItsHashesAndColours() {
        #expect(Self.line(.tmux, [F.running("#[fg=red]#{session_name}", left: .seconds(5))]) == "##[fg=red]##{session_name} 0:05")
        #expect(Self.line(.tmux, [F.paused("tea", left: .seconds(60))]) == "#[fg=#928374]⏸ tea 1:00#[fg=default]")
    }

    @Test func plainIsTheTextAlone() {
        #expect(Self.line(.plain, [F.running(Self.markup, left: .seconds(5))]) == Self.markup + " 0:05")
        #expect(Self.line(.plain, nil, offline: "timerd?") == "timerd?")
        #expect(Self.line(.plain, []) == "")
    }
}
