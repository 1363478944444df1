import Glibc
import Protocol
import Testing
@testable import timerctl

@Suite struct CompletionTests {
    // MARK: The commands

    @Test(arguments: Completion.Shell.allCases)
    func completionTakesAShell(shell: Completion.Shell) throws {
        #expect(try Arguments.parse(["completion", shell.rawValue]).command == CompletionCommand(shell: shell))
    }

    @Test(arguments: [[], ["tcsh"], ["bash", "zsh"]])
    func aMissingOrUnknownShellIsAUsageErrorNamingTheThree(operands: [String]) throws {
        let refusal = try #require(throws: UsageError.self) { try Arguments.parse(["completion"] + operands) }
        #expect(refusal.topic == "completion")
        for shell in Completion.Shell.allCases {
            #expect(refusal.message.contains(shell.rawValue), "\(refusal.message)")
        }
    }

    @Test func hiddenCommandsParse() throws {
        #expect(try Arguments.parse(["__complete", "timers"]).command == CompleteCommand(.timers))
        #expect(try Arguments.parse(["__complete", "presets", "--socket", "/tmp/s"]) ==
            Invocation(socket: "/tmp/s", command: CompleteCommand(.presets)))
        #expect(try Arguments.parse(["__man"]).command == ManCommand())
        for wrong in [["__complete"], ["__complete", "colours"], ["__complete", "timers", "presets"], ["__man", "x"]] {
            #expect(throws: UsageError.self, "\(wrong)") { try Arguments.parse(wrong) }
        }
    }

    @Test func hiddenCommandsAreNotInTheHelp() throws {
        #expect(!Help.overview.contains("__"))
        #expect(Help.topics.allSatisfy { !$0.name.hasPrefix("_") && !$0.usage.contains("__") })
        #expect(throws: UsageError.self) { try Arguments.parse(["help", "__complete"]) }
        #expect(Help.suggestion(for: "__complete") == nil)
    }

    // MARK: What the scripts know

    @Test func theParserSaysWhichOptionsTakeAValue() {
        for option in ["--message", "-m", "--limit", "-n", "--remind", "--sound", "--socket", "--repeat", "--cycles", "--then"] {
            #expect(CompletionSpec.takesValue(option), "\(option)")
        }
        for option in ["--json", "--all", "-a", "--no-remind", "--silent", "--no-spawn", "--help", "-h", "--version", "--frob"] {
            #expect(!CompletionSpec.takesValue(option), "\(option)")
        }
        #expect(CompletionSpec().valueOptions.contains("--then"))
    }

    /// `Completion.valueCounts` says how many words an option takes when that is more than one.
    @Test func thenTakesTwoWords() throws {
        #expect(throws: UsageError.self) { try Arguments.parse(["start", "focus", "25m", "--then", "break"]) }
        #expect(try Arguments.parse(["start", "focus", "25m", "--then", "break", "5m"]).command != HelpCommand(topic: nil))
        let spec = CompletionSpec()
        #expect(spec.valueOptionsByCount.first { $0.count == 2 }?.options == ["--then"])
        #expect(spec.valueOptionsByCount.first { $0.count == 1 }?.options.contains("--message") == true)
    }

    @Test func everyCommandWordAndOptionIsInEveryScript() {
        for shell in Completion.Shell.allCases {
            let script = Completion.script(shell)
            for topic in Help.topics {
                for word in [topic.name] + topic.aliases {
                    #expect(script.contains(word), "\(shell) lacks \(word)")
                }
                for option in topic.options {
                    #expect(script.contains(option), "\(shell) lacks \(option)")
                }
            }
        }
    }

    @Test func bashOffersExactlyTheCommandsAndTheirOptions() {
        let script = Completion.script(.bash)
        let words = Help.topics.flatMap { [$0.name] + $0.aliases }.joined(separator: " ")
        #expect(script.contains("        command) candidates=(\(words)) ;;\n"))
        #expect(script.contains("            cancel|rm) candidates=(--all --help --no-spawn --socket) ;;\n"))
        #expect(script.contains("            history) candidates=(--help --json --limit --no-spawn --socket) ;;\n"))
        #expect(script.contains("        candidates=(--help --no-spawn --socket --version)\n"))
        #expect(script.contains("            cancel|rm) first=timer rest=timer ;;\n"))
        #expect(script.contains("            extend) first=timer rest=nothing ;;\n"))
        #expect(script.contains("complete -F _timerctl timerctl\n"))
    }

    /// A command whose usage names a timer must say what its operands complete to.
    @Test func everyCommandTakingANameSaysWhatItCompletes() {
        for topic in Help.topics where topic.usage.contains("NAME") {
            #expect(
                topic.operands != nil || !topic.subcommands.isEmpty,
                "give \(topic.name)'s topic its operands")
        }
        // (What a command's operands complete to is part of its topic, so there is no table of
        // them that could name a command there is not.)
    }

    /// `preset set|ls|rm` is another branch's; its completion is ready for when it comes.
    @Test(arguments: Completion.Shell.allCases)
    func subcommandsCompleteTheirOwnOperands(shell: Completion.Shell) {
        let preset = Help.Topic(
            name: "preset", aliases: ["presets"], usage: "timerctl preset set NAME DURATION | ls | rm NAME...",
            summary: "Save timers by name.", options: ["--message", "--json"])
        let script = Completion.script(shell, topics: Help.topics + [preset])
        let expected: String =
            switch shell {
            case .bash: "'preset rm'|'presets rm') first=preset rest=preset ;;"
            case .zsh: "('preset rm'|'presets rm') first=preset rest=preset ;;"
            case .fish: "case 'preset rm' 'presets rm'\n                set first preset; set rest preset"
            }
        #expect(script.contains(expected), "\(script)")
        #expect(script.contains(shell == .fish ? "set subcommands 'set' 'ls' 'rm'" : "subcommands"))
    }

    @Test func quotingForTheShells() {
        #expect("it's".singleQuoted == #"'it'\''s'"#)
        #expect(#"a\b'c"#.fishQuoted == #"'a\\b\'c'"#)
    }

    // MARK: Names

    @Test func presetsAreTheKeysOfThePresetsGroup() throws {
        let path = try Self.temporaryFile("""
            [notifications]
            remind = 10m
            [presets]
            egg = 6m30s
            tea break = 3m
            # a comment
            pasta=8m
            """)
        defer { unlink(path) }
        #expect(Completion.presetNames(environment: ["TIMERD_CONFIG": path]) == ["egg", "tea break", "pasta"])
        #expect(Completion.presetNames(environment: ["TIMERD_CONFIG": path + ".missing"]) == [])
        #expect(Completion.presetNames(environment: [:]) == [])
    }

    @Test func noDaemonMeansNoNamesAndNoError() {
        let socket = "/tmp/timerd-no-such-dir-\(getpid())/timerd.sock"
        #expect(Completion.timerNames(socket: socket) == [])
        #expect(Completion.candidates(.timers, socket: socket) == "")
        #expect(access(socket, F_OK) != 0, "nothing is started or created")
    }

    static func temporaryFile(_ text: String) throws -> String {
        var template = Array("/tmp/timerctl-test.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        let bytes = Array(text.utf8)
        #expect(write(fd, bytes, bytes.count) == bytes.count)
        close(fd)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
