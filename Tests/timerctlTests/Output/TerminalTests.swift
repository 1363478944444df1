import Glibc
import Testing
@testable import timerctl

@Suite struct TerminalTests {
    static let utf8 = ["LANG": "en_US.UTF-8", "TERM": "xterm-256color"]

    static func detect(_ environment: [String: String], terminal: Bool = true, window: Int? = 100) -> Terminal {
        Terminal.detect(environment: environment, isTerminal: terminal, windowWidth: window)
    }

    @Test func aTerminalInAUTF8LocaleGetsEverything() {
        #expect(Self.detect(Self.utf8) == Terminal(width: 100, color: true, unicode: true))
    }

    @Test func pipedIsUnlimitedAndUncolored() {
        #expect(Self.detect(Self.utf8, terminal: false, window: nil) == Terminal(width: nil, color: false, unicode: true))
    }

    // MARK: Width

    @Test func columnsWinsOverTheWindowPipedOrNot() {
        #expect(Self.detect(Self.utf8.merging(["COLUMNS": "60"]) { $1 }).width == 60)
        #expect(Self.detect(Self.utf8.merging(["COLUMNS": "60"]) { $1 }, terminal: false, window: nil).width == 60)
    }

    @Test(arguments: ["", "0", "-40", "eighty", "80x", " 80"])
    func columnsThatAreNotAPositiveNumberAreIgnored(columns: String) {
        #expect(Self.detect(Self.utf8.merging(["COLUMNS": columns]) { $1 }).width == 100)
        #expect(Self.detect(Self.utf8.merging(["COLUMNS": columns]) { $1 }, terminal: false, window: nil).width == nil)
    }

    @Test func aTerminalThatCannotTellItsWidthIsUnlimited() {
        #expect(Self.detect(Self.utf8, window: nil).width == nil)
    }

    // MARK: Color

    @Test(arguments: [
        (["NO_COLOR": "1"], false), (["NO_COLOR": "0"], false), (["NO_COLOR": ""], true),
        (["TERM": "dumb"], false), (["TERM": "xterm"], true), ([:], true),
    ])
    func color(environment: [String: String], colored: Bool) {
        #expect(Self.detect(environment).color == colored)
        #expect(Self.detect(environment, terminal: false, window: nil).color == false)
    }

    // MARK: Unicode

    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], true), (["LANG": "de_DE.utf8"], true), (["LANG": "C.UTF-8"], true),
        (["LANG": "ja_JP.eucJP"], false), (["LANG": "C"], false), ([:], false), (["LANG": "POSIX"], false),
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false), (["LC_ALL": "", "LC_CTYPE": "ko_KR.UTF-8", "LANG": "C"], true),
        (["LC_CTYPE": "C", "LANG": "en_US.UTF-8"], false), (["LC_CTYPE": "", "LANG": "zh_CN.Utf-8"], true),
    ])
    func unicode(environment: [String: String], unicode: Bool) {
        #expect(Self.detect(environment).unicode == unicode)
    }

    // MARK: The system calls

    @Test func aPipeIsNotATerminal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(Terminal.detect(environment: Self.utf8, fd: ends[1]) == Terminal(width: nil, color: false, unicode: true))
        #expect(Terminal.detect(environment: ["COLUMNS": "72"], fd: ends[1]) == Terminal(width: 72, color: false, unicode: false))
    }

    // MARK: paint

    @Test func paintResetsAfterEachSpanAndOnlyWhenColored() {
        let colored = Terminal(width: nil, color: true, unicode: true)
        #expect(colored.paint("4:00", .green) == "\u{1B}[32m4:00\u{1B}[0m")
        #expect(colored.paint("2:30", .yellow) == "\u{1B}[33m2:30\u{1B}[0m")
        #expect(colored.paint("done", .red) == "\u{1B}[31mdone\u{1B}[0m")
        #expect(colored.paint("NAME", .dim) == "\u{1B}[2mNAME\u{1B}[0m")
        #expect(colored.paint("", .red) == "")
        #expect(colored.paint("pasta", nil) == "pasta")
        #expect(Terminal.plain.paint("done", .red) == "done")
    }
}
