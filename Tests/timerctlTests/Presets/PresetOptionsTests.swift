import Protocol
import Testing
@testable import timerctl

/// A preset's options of `start`: kept in timerd.conf as typed, read back by the command
/// line's parser, and put under the options typed at `start`.
@Suite struct PresetOptionsTests {
    static let pomodoro = PresetOptions(repeats: RepeatWords(rounds: 4, thenName: "tea break", thenDuration: "5m"))
    static let loud = PresetOptions(
        notify: NotifyOptions(reminders: [.seconds(600), .seconds(60)], sound: .file("/usr/share/sounds/a b.oga"), volume: 40),
        exec: "playerctl pause; echo \"$TIMERD_NAME\" done")

    @Test(arguments: [
        (pomodoro, "--then 'tea break' 5m --cycles 4"),
        (loud, "--remind 10m --remind 1m --sound '/usr/share/sounds/a b.oga' --volume 40% "
            + "--exec 'playerctl pause; echo \"$TIMERD_NAME\" done'"),
        (PresetOptions(notify: NotifyOptions(reminders: [], sound: .silent)), "--no-remind --silent"),
        (PresetOptions(repeats: RepeatWords(rounds: 3)), "--repeat 3"),
        (PresetOptions(), ""),
    ])
    func writtenAsTypedAndReadBack(options: PresetOptions, words: String) throws {
        #expect(options.words == words)
        #expect(try PresetOptions(words: words) == options)
    }

    @Test(arguments: [
        ("--cycles", "--cycles needs a value"), ("--bogus", "start has no option --bogus"),
        ("--json", "start does not take --json"), ("-m hello", "the message goes in [preset-messages]"),
        ("--then break", "--then needs a name and a duration"), ("--remind 'x", "a ' is not closed"),
        ("-- 5m", "are not options of start"), ("--sound a --silent", "--sound and --silent contradict each other"),
    ])
    func wordsThatAreNotOptionsOfStartAreRefused(words: String, problem: String) {
        let error = #expect(throws: UsageError.self) { try PresetOptions(words: words) }
        #expect(error?.message.contains(problem) == true, "\(words): \(String(describing: error))")
    }

    /// An option typed wins over the preset's; the others stay.
    @Test func typedOptionsGoOverThePresets() {
        let typed = PresetOptions(notify: NotifyOptions(sound: .silent), repeats: RepeatWords(rounds: 2))
        let merged = Self.loud.overridden(by: typed)
        #expect(merged.notify.reminders == [.seconds(600), .seconds(60)])
        #expect(merged.notify.sound == .silent)
        #expect(merged.notify.volume == nil, "a silent timer has no volume")
        #expect(merged.repeats == RepeatWords(rounds: 2))
        #expect(merged.exec == Self.loud.exec)
        #expect(Self.pomodoro.overridden(by: PresetOptions()) == Self.pomodoro)
        #expect(PresetOptions().overridden(by: Self.loud) == Self.loud)
    }

    @Test(arguments: [
        ("a b  c", ["a", "b", "c"]), ("'tea break' 5m", ["tea break", "5m"]), (#""say \"hi\"" x"#, [#"say "hi""#, "x"]),
        (#"a\ b"#, ["a b"]), (#"'it'\''s'"#, ["it's"]), (#""a\nb""#, [#"a\nb"#]), ("''", [""]), ("", []),
        ("$(touch x) `y`", ["$(touch", "x)", "`y`"]),
    ])
    func shellWords(text: String, words: [String]) throws {
        #expect(try ShellWords.split(text) == words)
    }

    // MARK: In timerd.conf

    @Test func loadedWithTheirPresetAndProblemsAtTheirLine() {
        let (presets, problems) = PresetsTests.load("""
            [presets]
            focus=25m
            tea=3m
            [preset-options]
            focus=--then break 5m --cycles 4
            tea=--cycles
            rice=--silent
            """)
        #expect(presets == [
            Preset(name: "focus", duration: .seconds(1500), options: PresetOptions(repeats: RepeatWords(rounds: 4, thenName: "break", thenDuration: "5m"))),
            Preset(name: "tea", duration: .seconds(180)),
        ])
        #expect(problems == [
            "timerd.conf:6: the options of preset \"tea\" are not used: --cycles needs a value",
            "timerd.conf:7: the options for \"rice\" belong to no preset: [presets] has no rice=; add one there or remove this line",
        ])
    }

    @Test func settingWritesTheOptionsAndRemovingRemovesThem() {
        let focus = Preset(name: "focus", duration: .seconds(1500), message: "one thing", options: Self.pomodoro)
        let text = Presets.setting(focus, in: "")
        #expect(text.contains("[preset-options]\nfocus=--then 'tea break' 5m --cycles 4\n"), "\(text)")
        let (presets, problems) = PresetsTests.load(text)
        #expect(presets == [focus])
        #expect(problems.isEmpty)
        let plain = Presets.setting(Preset(name: "focus", duration: .seconds(1500)), in: text)
        #expect(!plain.contains("focus=--then"), "set again without options, it has none: \(plain)")
        #expect(!Presets.removing("focus", in: text).contains("focus"))
    }

    @Test func listedWithAnOptionsColumnOnlyWhenOneHasOptions() {
        let focus = Preset(name: "focus", duration: .seconds(1500), options: Self.pomodoro)
        #expect(Presets.table([PresetsTests.egg, focus, PresetsTests.tea]) == """
            NAME   LENGTH  OPTIONS                           MESSAGE
            egg    6m30s
            focus  25m     --then 'tea break' 5m --cycles 4
            tea    3m                                        take the bag out

            """)
        #expect(Presets.json([focus]) == #"[{"name":"focus","seconds":1500,"message":null,"options":"--then 'tea break' 5m --cycles 4"}]"# + "\n")
    }
}
