import Glibc
import Testing
@testable import timerctl

/// timerctl(1)'s COMMANDS section is made from the help topics; these check that it carries
/// each command's usage, summary, details and examples as `timerctl help COMMAND` shows them,
/// in scdoc(5) syntax. (The integration tests run scdoc and render the page with man and groff.)
@Suite struct ManPageTests {
    /// The text once the markup is gone: what man shows. `*` and `_` are bold and underline
    /// unless escaped (the page escapes every other one); backquotes, which help puts around
    /// code and the page turns into bold, go too.
    static func plain(_ scdoc: String) -> String {
        var result = ""
        var escaped = false
        for character in scdoc {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if !"*_`".contains(character) {
                result.append(character)
            }
        }
        return result
    }

    @Test(arguments: Help.topics.map(\.name))
    func everyCommandHasItsUsageSummaryAndExamples(name: String) throws {
        let topic = try #require(Help.topic(name))
        let section = ManPage.section(topic)
        let lines = section.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "## " + ([topic.name] + topic.aliases).joined(separator: ", "))
        #expect(lines.contains { Self.plain($0) == topic.usage }, "the usage line, as help prints it")
        #expect(lines.contains { Self.plain($0) == topic.summary.filter { $0 != "`" } }, "backquotes become bold")
        #expect(section.contains("Examples:\n\n```\n" + topic.examples.joined(separator: "\n") + "\n```\n"),
            "the examples as they are, in a literal block")
        #expect(ManPage.commands().contains(section))
    }

    @Test(arguments: Help.topics.map(\.name))
    func everyWordOfTheDetailsIsThere(name: String) throws {
        let topic = try #require(Help.topic(name))
        let page = Self.plain(ManPage.section(topic))
        for word in topic.details.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            #expect(page.contains(String(word.filter { $0 != "`" })), "\(word)")
        }
    }

    @Test func usageMarksWhatIsTypedAndWhatIsReplaced() {
        #expect(ManPage.usage("timerctl history [-n N] [--json]") == "*timerctl history* [*-n* _N_] [*--json*]")
        #expect(ManPage.usage("timerctl cancel NAME... | --all") == "*timerctl cancel* _NAME_... | *--all*")
        #expect(ManPage.usage("timerctl completion bash|zsh|fish") == "*timerctl completion* *bash*|*zsh*|*fish*")
        #expect(ManPage.usage("timerctl x SOME_NAME --a_b") == "*timerctl x* _SOME\\_NAME_ *--a\\_b*",
            "an underscore inside bold or italic is escaped: scdoc cannot nest them")
    }

    @Test func optionLinesBecomeDefinitions() {
        let blocks = ManPage.details("""
            Prose on
            two lines.
              -m, --message TEXT   shown in the notification
              --remind DURATION    also notify DURATION before the end; repeat
                                   it for more
              --then NAME DURATION a second step
              --silent
              set NAME DURATION    save a preset;
                                   DURATION as for start
                -m, --message TEXT shown in its notification
              ls                   list the presets
              a literal line
              and another
            """)
        #expect(blocks == [
            "Prose on two lines.",
            "*-m*, *--message* _TEXT_\n\tshown in the notification",
            "*--remind* _DURATION_\n\talso notify DURATION before the end; repeat it for more",
            "*--then* _NAME_ _DURATION_\n\ta second step",
            "*--silent*",
            "*set* _NAME_ _DURATION_\n\tsave a preset; DURATION as for start",
            "*-m*, *--message* _TEXT_\n\tshown in its notification",
            "*ls*\n\tlist the presets",
            "```\na literal line\nand another\n```",
        ])
    }

    @Test func proseThatLooksLikeMarkupIsEscaped() {
        #expect(ManPage.prose("- not a list *nor* _this_ \\ a++") == "\\- not a list \\*nor\\* \\_this\\_ \\\\ a\\+\\+")
        for first in ["#", "`", "[", "|", "]", ";"] {
            #expect(ManPage.prose(first + " x") == "\\" + first + " x", "\(first)")
        }
        // scdoc 1.11 drops a leading dot, and an escaped one would reach roff as a request.
        #expect(ManPage.prose(".profile is read") == "**.profile is read")
        #expect(ManPage.prose("see `timerctl help` or `a*b`") == "see *timerctl help* or *a\\*b*", "code is bold")
        #expect(ManPage.prose("one ` alone") == "one ` alone")
    }

    @Test func literalLinesCannotEndTheirBlock() {
        #expect(ManPage.literal(["a \\ b", "```", "echo 'x'"]) == "```\na \\\\ b\n\\`\\`\\`\necho 'x'\n```")
    }

    @Test func cancelSection() throws {
        #expect(ManPage.section(try #require(Help.topic("cancel"))) == """
            ## cancel, rm

            *timerctl cancel* _NAME_... | *--all*

            Remove timers (running, paused or done).

            *-a*, *--all*
            \tremove every timer

            Also: *timerctl rm*.

            Examples:

            ```
            timerctl cancel pasta
            timerctl rm --all
            ```

            """)
    }

    // MARK: The page's own text

    static let repository: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static func read(_ relative: String) throws -> String {
        let file = try #require(fopen(repository + "/" + relative, "r"), "\(relative)")
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theSourceTakesTheCommandsAndNamesTheEnvironmentAndFiles() throws {
        let source = try Self.read("docs/man/timerctl.1.scd")
        #expect(source.hasPrefix("TIMERCTL(1) \"timerd {{version}}\" \"User Commands\"\n"))
        #expect(source.contains("\n# NAME\n\ntimerctl - "))
        #expect(source.contains("\n# COMMANDS\n\n{{commands}}\n"))
        for word in [
            "TIMERD_SOCKET", "TIMERD_CONFIG", "NO_COLOR", "COLUMNS", "# EXIT STATUS", "# FILES", "timerd.sock", "timerd.conf",
        ] {
            #expect(source.contains(word), "\(word)")
        }
    }
}
