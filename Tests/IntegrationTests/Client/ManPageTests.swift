import Foundation
import Testing

/// The manual pages as the build makes them (`make man`) and man shows them.
@Suite("manual pages")
struct ManPageRenderTests {
    static let pages = ["timerctl.1", "timerd.1", "timerd.conf.5"]

    /// Makes the pages into a directory of the test's own; returns it.
    static func makePages() throws -> String {
        let out = makeTemporaryDirectory()
        let made = try Repository.make("man", out: out)
        try #require(made.status == 0, "\(made)")
        return out + "/man"
    }

    /// The page as man shows it on an 80-column terminal, and what it said on stderr.
    static func render(_ page: String) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["MANWIDTH"] = "80"
        environment["LANG"] = "C.UTF-8"
        environment["MANPAGER"] = "cat"
        return try run("/usr/bin/man", ["--warnings", "-l", page], environment: environment)
    }

    /// Runs of spaces and line breaks as one space: the text whatever the filling.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// A line of help as the page shows it: what help puts in backquotes is bold there instead.
    static func shown(_ help: String) -> String {
        words(String(help.filter { $0 != "`" }))
    }

    /// What groff may show for -, ', `, ~ and ^ on a UTF-8 terminal: a hyphen, curly quotes and
    /// accents, which look like what was typed but are not (1.23 does for -, ~ and ^; Debian 12's
    /// 1.22.4 shows all five as ASCII). A page that means the ASCII characters escapes them. (The
    /// mapping goes after .TH: before it, it does not take.)
    static func typographic(_ page: String) -> String {
        let mapping = ".char - \\[hy]\n.char ' \\[cq]\n.char ` \\[oq]\n.char ~ \\[u02DC]\n.char ^ \\[u02C6]"
        var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = lines.firstIndex { $0.hasPrefix(".TH ") } ?? 0
        lines.insert(mapping, at: title + 1)
        return lines.joined(separator: "\n")
    }

    /// Something of each page with a dash and a quote or tilde in it, as it is typed.
    static let typed = [
        "timerctl.1": "timerctl ls --json | jq -r '.[] | select(.state == \"done\") | .name'",
        "timerd.1": "kill $(cat $XDG_RUNTIME_DIR/timerd/timerd.sock.lock)",
        "timerd.conf.5": "~/.config/timerd/timerd.conf",
    ]

    @Test("Each page renders with man and groff without a warning, in characters that can be typed")
    func pagesRenderWithoutWarnings() throws {
        let directory = try Self.makePages()
        defer { removeDirectory(directory + "/..") }
        for page in Self.pages {
            let path = directory + "/" + page
            // -k: the page is UTF-8, as scdoc writes it; man has it read so (preconv) too.
            let groff = try run("/usr/bin/groff", ["-k", "-ww", "-z", "-man", "-Tutf8", path])
            #expect(groff.status == 0 && groff.stderr.isEmpty, "\(page): \(groff)")
            let shown = try Self.render(path)
            #expect(shown.status == 0 && shown.stderr.isEmpty, "\(page): \(shown)")
            let name = page.split(separator: ".").dropLast().joined(separator: ".")
            #expect(shown.stdout.hasPrefix(name.uppercased() + "("), "\(page): \(shown.stdout.prefix(200))")
            // What is shown can be copied and typed: no typographic quotes, dashes or tildes,
            // with this groff or a newer one.
            let strict = directory + "/" + page + ".typographic"
            let roff = try String(contentsOfFile: path, encoding: .utf8)
            try Self.typographic(roff).write(toFile: strict, atomically: true, encoding: .utf8)
            let newer = try run("/usr/bin/groff", ["-k", "-ww", "-man", "-Tutf8", "-P-cbou", strict])
            #expect(newer.status == 0 && newer.stderr.isEmpty, "\(page): \(newer.stderr)")
            let typed = Self.typed[page]!
            #expect(Self.words(newer.stdout).contains(typed), "\(page) shows \(typed) as typed: \(newer.stdout)")
            for character in ["\u{2010}", "\u{2212}", "\u{2018}", "\u{2019}", "\u{02DC}", "\u{02C6}"] {
                #expect(!shown.stdout.contains(character), "\(page) shows \(character)")
                let line = newer.stdout.split(separator: "\n").first { $0.contains(character) }
                #expect(line == nil, "\(page) shows \(character) with a newer groff: \(line ?? "")")
            }
        }
    }

    @Test("timerctl(1) says what `timerctl help COMMAND` says: usage, summary and examples of every command")
    func timerctlPageAgreesWithHelp() throws {
        let directory = try Self.makePages()
        defer { removeDirectory(directory + "/..") }
        let page = Self.words(try Self.render(directory + "/timerctl.1").stdout)

        let overview = try run(Programs.timerctl, ["help"]).stdout
        let commands = overview.split(separator: "\n").drop { $0 != "Commands:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.map { String($0.split(separator: " ")[0]) }
        #expect(commands.count >= 15, "\(overview)")
        for command in commands {
            let help = try run(Programs.timerctl, ["help", command]).stdout
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let usage = try #require(lines.first { $0.hasPrefix("Usage: ") }).dropFirst("Usage: ".count)
            // (A Bool first: a failure names the line, not the whole page.)
            let hasUsage = page.contains(Self.words(String(usage))), hasSummary = page.contains(Self.shown(lines[2]))
            #expect(hasUsage, "\(command): \(usage)")
            #expect(hasSummary, "\(command): \(lines[2])")
            let examples = lines.drop { $0 != "Examples:" }.dropFirst().prefix { $0.hasPrefix("  ") }
            #expect(examples.count >= 2, "\(command) has two examples")
            for example in examples {
                let hasExample = page.contains(Self.words(example))
                #expect(hasExample, "\(command): \(example)")
            }
        }
        for word in ["TIMERD_SOCKET", "TIMERD_CONFIG", "NO_COLOR", "COLUMNS", "EXIT STATUS", "FILES"] {
            let found = page.contains(word)
            #expect(found, "\(word)")
        }
        let hidden = page.contains("__complete") || page.contains("__man")
        #expect(!hidden, "the hidden commands stay hidden")
    }

    @Test("timerd(1) has every option of `timerd --help`")
    func timerdPageAgreesWithItsHelp() throws {
        let directory = try Self.makePages()
        defer { removeDirectory(directory + "/..") }
        let page = try Self.render(directory + "/timerd.1").stdout
        let help = try run(Programs.timerd, ["--help"]).stdout
        let options = Set(help.split(whereSeparator: { " \n,[]".contains($0) }).filter { $0.hasPrefix("-") && $0.count > 1 })
        #expect(options.contains("--state-dir"), "\(help)")
        for option in options {
            let found = page.contains(option)
            #expect(found, "\(option)")
        }
        for word in ["SIGTERM", "timerd.sock.lock", "timerd.db", "timerd.log", "SIGNALS"] {
            let found = page.contains(word)
            #expect(found, "\(word)")
        }
    }
}
