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
        #expect(try Arguments.parse(["__complete", "timers"]).command == CompleteCommand(.timers(.any)))
        #expect(try Arguments.parse(["__complete", "timers", "pausable"]).command == CompleteCommand(.timers(.pausable)))
        #expect(try Arguments.parse(["__complete", "presets", "--socket", "/tmp/s"]) ==
            Invocation(socket: "/tmp/s", command: CompleteCommand(.presets)))
        // After `--`, a name or a word may begin with a dash.
        #expect(try Arguments.parse(["__complete", "--socket", "/tmp/s", "checklist", "--", "-x", "done", "1"]) ==
            Invocation(socket: "/tmp/s", command: CompleteCommand(.checklist(name: "-x", words: ["done", "1"]))))
        #expect(try Arguments.parse(["__complete", "checklist", "report"]).command
            == CompleteCommand(.checklist(name: "report", words: [])))
        #expect(try Arguments.parse(["__man"]).command == ManCommand())
        for wrong in [
            ["__complete"], ["__complete", "colours"], ["__complete", "timers", "presets"], ["__complete", "timers", "any", "x"],
            ["__complete", "presets", "x"], ["__complete", "checklist"], ["__man", "x"],
        ] {
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
        #expect(script.contains("            cancel|rm) first=timer:any rest=timer:any ;;\n"))
        #expect(script.contains("            pause) first=timer:pausable rest=timer:pausable ;;\n"))
        #expect(script.contains("            extend) first=timer:extendable rest=nothing ;;\n"))
        #expect(script.contains("            todo) first=timer:any rest=checklist ;;\n"))
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
        #expect(Completion.candidates(.timers(.pausable), socket: socket) == "")
        #expect(Completion.candidates(.checklist(name: "report", words: ["done"]), socket: socket) == "")
        #expect(access(socket, F_OK) != 0, "nothing is started or created")
    }

    // MARK: A checklist

    /// report: 1 and 4 done, 2, 3 and 5 open.
    static let report: TimerInfo = {
        var report = TimerFilterTests.timer("report", .deadline, .running)
        report.todos = [
            TodoItem(id: 1, text: "write intro", done: true), TodoItem(id: 2, text: "gather figures"),
            TodoItem(id: 4, text: "charts"), TodoItem(id: 7, text: "proofread", done: true), TodoItem(id: 8, text: "send it"),
        ]
        return report
    }()

    @Test func afterTheNameTheVerbsWithWhatTheyDo() {
        #expect(Completion.checklistWords(after: [], of: Self.report) == [
            "add\tadd tasks at the end", "done\ttick tasks off", "undo\tuntick tasks", "rm\tremove tasks",
            "edit\treword a task", "clear-done\tremove every task that is done",
        ])
    }

    /// Numbers are positions (as `todo NAME` shows them), not ids; those typed are not offered again.
    @Test(arguments: [
        (["done"], ["2\tgather figures", "3\tcharts", "5\tsend it"]),
        (["check"], ["2\tgather figures", "3\tcharts", "5\tsend it"]),
        (["done", "3"], ["2\tgather figures", "5\tsend it"]),
        (["undo"], ["1\twrite intro", "4\tproofread"]),
        (["uncheck", "1", "4"], []),
        (["rm"], ["1\twrite intro", "2\tgather figures", "3\tcharts", "4\tproofread", "5\tsend it"]),
        (["remove", "5"], ["1\twrite intro", "2\tgather figures", "3\tcharts", "4\tproofread"]),
        (["edit"], ["1\twrite intro", "2\tgather figures", "3\tcharts", "4\tproofread", "5\tsend it"]),
        (["edit", "2"], []),
        (["add"], []), (["add", "x"], []), (["clear-done"], []), (["tick"], []),
    ])
    func afterAVerbTheNumbersOfTheItemsItTakes(words: [String], offered: [String]) {
        #expect(Completion.checklistWords(after: words, of: Self.report) == offered)
    }

    @Test func everyVerbParses() throws {
        for verb in TodoCommand.Verb.all {
            for word in [verb.name] + verb.aliases {
                let operands = verb.items == nil ? (verb.name == "add" ? ["x"] : []) : (verb.takesOne ? ["1", "x"] : ["1"])
                #expect(throws: Never.self, "\(word)") { try TodoCommand.Action.parse([word] + operands) }
            }
        }
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
