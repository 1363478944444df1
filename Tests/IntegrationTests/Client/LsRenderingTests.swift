import Protocol
import Testing

/// `timerctl ls` through a pipe, as the environment sets it up: the locale chooses Unicode or
/// ASCII, `COLUMNS` the width, and a pipe gets no colors.
@Suite("ls follows the environment")
struct LsRenderingTests {
    static let message = "stir now and then, and taste before you drain it"

    /// The locale, the width and the colors as the test says, not as the runner's environment has them.
    static func ls(_ daemon: Daemon, _ environment: [String: String]) throws -> [String] {
        let clean = ["LC_ALL": "", "LC_CTYPE": "", "LANG": "", "COLUMNS": "", "NO_COLOR": "", "TERM": "xterm-256color"]
        let result = try daemon.ctl(["ls"], environment: clean.merging(environment) { $1 })
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("\u{1B}"), "a pipe gets no colors: \(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("Unicode in a UTF-8 locale, ASCII in another, lines cut to COLUMNS")
    func localeAndWidth() throws {
        let daemon = try Daemon(bus: TimerctlTests.noBus)
        #expect(try daemon.ctl("start", "パスタ", "8m", "-m", Self.message).status == 0)
        #expect(try daemon.ctl("start", "tea", "3m").status == 0)

        let unicode = try Self.ls(daemon, ["LANG": "C.UTF-8"])
        #expect(unicode.first?.hasPrefix("  NAME ") == true, "\(unicode)")
        #expect(unicode.dropFirst().allSatisfy { $0.hasPrefix("► ") }, "\(unicode)")
        #expect(unicode.contains { $0.hasSuffix(Self.message) }, "piped, nothing is cut: \(unicode)")

        let ascii = try Self.ls(daemon, ["LC_ALL": "C", "LANG": "en_US.UTF-8"])
        #expect(ascii.dropFirst().allSatisfy { $0.hasPrefix("> ") && $0.contains("[") }, "\(ascii)")

        // Where there is room for some of it, the message is cut.
        let cut = try Self.ls(daemon, ["LANG": "C.UTF-8", "COLUMNS": "60"])
        #expect(cut.allSatisfy { TextColumns.width(of: $0) <= 60 }, "\(cut)")
        #expect(cut.contains { $0.contains("パスタ") && $0.hasSuffix("…") }, "\(cut)")

        // Narrower, the message goes first: name, time left and end stay.
        let narrow = try Self.ls(daemon, ["LANG": "C.UTF-8", "COLUMNS": "40"])
        #expect(narrow.allSatisfy { TextColumns.width(of: $0) <= 40 }, "\(narrow)")
        #expect(narrow.first?.contains("ENDS") == true && narrow.first?.contains("MESSAGE") == false, "\(narrow)")
        #expect(narrow.dropFirst().allSatisfy { $0.wholeMatch(of: /. \S+ +\d+:\d\d  .*\d\d:\d\d/) != nil }, "\(narrow)")
    }
}
