import Protocol
import Testing

@testable import timerd

/// Loads `lines` under a `[hooks]` header (line 1), so the first line given is line 2.
private func load(_ lines: String...) -> (HookSettings, [KeyFile.Problem]) {
    let (file, syntax) = KeyFile.parse((["[hooks]"] + lines).joined(separator: "\n"))
    precondition(syntax == [], "the test text itself is malformed: \(syntax)")
    return HookSettings.load(from: file)
}

@Suite struct HookSettingsTests {
    @Test func noneByDefault() {
        #expect(load() == (HookSettings(), []))
        #expect(HookSettings().timeout == .seconds(60))
    }

    @Test func everyKeySet() {
        let (settings, problems) = load(
            "start = echo start", "remind = notify-send \"$TIMERD_NAME\"", "done = playerctl pause", "missed = true",
            "dismissed = playerctl play", "cycle = echo $TIMERD_NAME >> ~/pomodoros.log", "hook-timeout = 5m")
        #expect(problems == [])
        #expect(settings.commands[.remind] == "notify-send \"$TIMERD_NAME\"")
        #expect(settings.commands[.cycle] == "echo $TIMERD_NAME >> ~/pomodoros.log")
        #expect(settings.commands.count == 6 && settings.timeout == .minutes(5))
    }

    @Test func anEmptyCommandIsNoHook() {
        #expect(load("done =").0.commands.isEmpty)
    }

    @Test func badValuesAreProblemsAtTheirLines() {
        let (settings, problems) = load("hook-timeout = forever", "finished = true")
        #expect(settings == HookSettings())
        #expect(problems.map(\.line) == [2, 3])
        #expect(problems[0].message.hasPrefix("hook-timeout \"forever\" is not a duration from 1s to 1d, such as 60s or 5m"))
        #expect(problems[0].message.hasSuffix("; using 1m"))
        #expect(load("hook-timeout = 2d").1.first?.message.contains("longer than a day") == true)
        #expect(problems[1].message == "unknown key \"finished\" in [hooks] (known: start, remind, done, missed, dismissed, cycle, hook-timeout)")
    }
}
