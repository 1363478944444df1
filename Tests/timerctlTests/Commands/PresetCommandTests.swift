import Protocol
import Testing
@testable import timerctl

@Suite struct PresetCommandTests {
    static func command(_ arguments: [String]) throws -> any Command {
        try Arguments.parse(arguments).command
    }

    static let commands: [([String], any Command)] = [
        (["preset", "set", "egg", "6m30s"], PresetCommand(.set(name: "egg", duration: "6m30s", message: nil))),
        (["preset", "set", "egg", "6m", "30s"], PresetCommand(.set(name: "egg", duration: "6m 30s", message: nil))),
        (["preset", "set", "tea", "3m", "-m", "bag out"], PresetCommand(.set(name: "tea", duration: "3m", message: "bag out"))),
        (["preset", "set", "tea", "3m", "--message=bag out"], PresetCommand(.set(name: "tea", duration: "3m", message: "bag out"))),
        (["preset", "set", "パスタ", "8m"], PresetCommand(.set(name: "パスタ", duration: "8m", message: nil))),
        (["preset", "set", "--", "-egg", "1m"], PresetCommand(.set(name: "-egg", duration: "1m", message: nil))),
        (["preset", "ls"], PresetCommand(.list(json: false))),
        (["preset", "list"], PresetCommand(.list(json: false))),
        (["preset", "ls", "--json"], PresetCommand(.list(json: true))),
        (["preset"], PresetCommand(.list(json: false))),
        (["presets"], PresetCommand(.list(json: false))),
        (["presets", "--json"], PresetCommand(.list(json: true))),
        (["preset", "rm", "egg"], PresetCommand(.remove(names: ["egg"]))),
        (["preset", "remove", "egg", "tea"], PresetCommand(.remove(names: ["egg", "tea"]))),
        (["preset", "-h"], HelpCommand(topic: "preset")),
        (["help", "presets"], HelpCommand(topic: "preset")),
        // `start` without a duration asks for a preset; with one, it never does.
        (["start", "egg"], StartCommand(preset: "egg", message: nil)),
        (["start", "egg", "-m", "soft"], StartCommand(preset: "egg", message: "soft")),
        (["start"], StartCommand(preset: nil, message: nil)),
        (["start", "egg", "8m"], StartCommand(name: "egg", duration: "8m", message: nil)),
        (["start", "egg", "--silent"], StartCommand(preset: "egg", message: nil, notify: NotifyOptions(sound: .silent))),
    ]

    @Test(arguments: commands)
    func parses(arguments: [String], expected: any Command) throws {
        #expect(try Self.command(arguments) == expected)
    }

    @Test(arguments: [
        (["preset", "set"], "preset set needs a name and a duration, e.g. `timerctl preset set egg 6m30s`."),
        (["preset", "set", "tea break"], "preset set needs a name and a duration, e.g. `timerctl preset set 'tea break' 6m30s`."),
        (["preset", "rm"], "preset rm needs the name of a preset, e.g. `timerctl preset rm egg`."),
        (["preset", "ls", "egg"], "preset ls takes no arguments."),
        (["preset", "set", "egg", "1m", "--json"], "preset set does not take --json."),
        (["preset", "ls", "-m", "x"], "preset ls does not take --message."),
        (["preset", "-m", "x"], "preset ls does not take --message."),
        (["preset", "rm", "egg", "--json"], "preset rm does not take --json."),
        (["preset", "rm", "egg", "-m", "x"], "preset rm does not take --message."),
        (["preset", "--all"], "preset does not take --all."),
        (["preset", "set", "egg", "1m", "--follow"], "preset does not take --follow."),
        (["preset", "ls", "--silent"], "preset ls does not take options of start."),
        (["preset", "show", "egg"], #"preset has no subcommand "show"; it takes set, ls or rm."#),
        (["preset", "egg", "6m30s"], #"preset has no subcommand "egg"; it takes set, ls or rm. Did you mean `timerctl preset set egg 6m30s`?"#),
        (["preset", "add"], #"preset has no subcommand "add"; it takes set, ls or rm."#),
    ])
    func refusals(arguments: [String], message: String) throws {
        let error = try #require(throws: UsageError.self) { try Arguments.parse(arguments) }
        #expect(error.message == message)
        #expect(error.topic == "preset")
    }
}
