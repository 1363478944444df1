import Glibc
import Testing
@testable import timerctl

/// timerctl(1)'s COMMANDS section is made from the help topics; these check that it carries
/// each command's usage, summary, details and examples as `timerctl help COMMAND` shows them.
/// (The integration tests render the page with man and groff.)
@Suite struct ManPageTests {
    /// The text once the markup is gone: what man shows.
    static func plain(_ markdown: String) -> String {
        var result = ""
        var escaped = false
        for character in markdown {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character != "*" && character != "`" {
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
        #expect(lines.first == "### " + ([topic.name] + topic.aliases).joined(separator: ", "))
        #expect(lines.contains { Self.plain($0) == topic.usage }, "the usage line, as help prints it")
        #expect(lines.contains { Self.plain($0) == Self.plain(topic.summary) }, "backquotes become bold")
        for example in topic.examples {
            #expect(lines.contains("    " + example), "\(example)")
        }
        #expect(ManPage.commands().contains(section))
    }

    @Test(arguments: Help.topics.map(\.name))
    func everyWordOfTheDetailsIsThere(name: String) throws {
        let topic = try #require(Help.topic(name))
        let page = Self.plain(ManPage.section(topic))
        for word in topic.details.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            #expect(page.contains(Self.plain(String(word))), "\(word)")
        }
    }

    @Test func usageMarksWhatIsTypedAndWhatIsReplaced() {
        #expect(ManPage.usage("timerctl history [-n N] [--json]") == "**timerctl history** [**-n** *N*] [**--json**]")
        #expect(ManPage.usage("timerctl cancel NAME... | --all") == "**timerctl cancel** *NAME*... | **--all**")
        #expect(ManPage.usage("timerctl completion bash|zsh|fish") == "**timerctl completion** **bash**|**zsh**|**fish**")
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
            "**-m**, **--message** *TEXT*\n:   shown in the notification",
            "**--remind** *DURATION*\n:   also notify DURATION before the end; repeat it for more",
            "**--then** *NAME* *DURATION*\n:   a second step",
            "**--silent**",
            "**set** *NAME* *DURATION*\n:   save a preset; DURATION as for start",
            "**-m**, **--message** *TEXT*\n:   shown in its notification",
            "**ls**\n:   list the presets",
            "    a literal line\n    and another",
        ])
    }

    @Test func proseThatLooksLikeMarkupIsEscaped() {
        #expect(ManPage.prose("- not a list *nor* \\ this") == "\\- not a list \\*nor\\* \\\\ this")
        #expect(ManPage.prose("# not a heading") == "\\# not a heading")
    }

    @Test func cancelSection() throws {
        #expect(ManPage.section(try #require(Help.topic("cancel"))) == """
            ### cancel, rm

            **timerctl cancel** *NAME*... | **--all**

            Remove timers (running, paused or done).

            **-a**, **--all**
            :   remove every timer

            Also: **timerctl rm**.

            Examples:

                timerctl cancel pasta
                timerctl rm --all

            """)
    }

    // MARK: The page's own text

    static let repository: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
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
        let source = try Self.read("docs/man/timerctl.1.md")
        #expect(source.hasPrefix("# timerctl(1) -- "))
        #expect(source.contains("\n## COMMANDS\n\n{{commands}}\n"))
        for word in ["TIMERD_SOCKET", "TIMERD_CONFIG", "NO_COLOR", "COLUMNS", "## EXIT STATUS", "## FILES", "timerd.sock", "timerd.conf"] {
            #expect(source.contains(word), "\(word)")
        }
    }
}
