import Testing
@testable import timerctl
import Protocol

/// Golden tests of the `ls` table: one set of timers on terminals of every kind.
@Suite struct RenderTableTests {
    /// Wednesday 2 December 2026, 16:30 UTC.
    static let now = instant("2026-12-02T16:30:00Z")

    static func countdown(
        _ name: String, _ state: TimerState = .running, left: Duration, of duration: Duration, message: String? = nil
    ) -> TimerInfo {
        TimerInfo(
            name: name, kind: .countdown, state: state, duration: duration, remaining: left,
            endsAt: state == .paused ? nil : now + left, createdAt: now - duration + left, message: message)
    }

    /// Running, paused, done, missed and a deadline next week; names in four scripts; a long message.
    static let timers: [TimerInfo] = [
        countdown("pasta", left: .seconds(180), of: .seconds(480)),
        countdown("パスタ", .paused, left: .seconds(150), of: .seconds(600), message: "stir\nand taste"),
        countdown("煮海鲜", left: .seconds(3723), of: .seconds(5400), message: "add the clams last"),
        countdown("라면", left: .seconds(45), of: .seconds(240)),
        TimerInfo(
            name: "tea", kind: .countdown, state: .done, duration: .seconds(180), remaining: .zero,
            endsAt: now - .seconds(180), createdAt: now - .seconds(360), firedAt: now - .milliseconds(179_600),
            message: "green tea"),
        // Due at 16:18 while the machine slept; fired when it woke at 16:29:30.
        TimerInfo(
            name: "eggs", kind: .countdown, state: .done, duration: .seconds(420), remaining: .zero,
            endsAt: now - .seconds(12 * 60), createdAt: now - .seconds(19 * 60), firedAt: now - .seconds(30),
            message: "soft"),
        // Due next Monday at 9.
        TimerInfo(
            name: "quarterly report", kind: .deadline, state: .running, duration: .seconds(6 * 86_400),
            remaining: .seconds(4 * 86_400 + 16 * 3600 + 30 * 60), endsAt: instant("2026-12-07T09:00:00Z"),
            createdAt: instant("2026-12-01T09:00:00Z"),
            message: "send the quarterly report to Ana, with the figures from the shop and the notes from Tuesday's meeting"),
    ]

    static func render(_ terminal: Terminal) -> Render {
        Render(now: now, calendar: LocalCalendar(zone: FixedOffsetZone.utc), terminal: terminal)
    }

    static func table(_ terminal: Terminal, _ timers: [TimerInfo] = timers) -> String {
        render(terminal).table(timers)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The SGR escapes as tags, so that colored goldens can be read: `<green>►</>`.
    static func tagged(_ text: String) -> String {
        let names = ["32": "green", "33": "yellow", "31": "red", "2": "dim", "0": "/"]
        let pieces = text.split(separator: "\u{1B}", omittingEmptySubsequences: false)
        return pieces.dropFirst().reduce(String(pieces[0])) { out, piece in
            guard piece.first == "[", let m = piece.firstIndex(of: "m") else { return out + "<ESC?>" + piece }
            let code = String(piece[piece.index(after: piece.startIndex)..<m])
            return out + "<\(names[code] ?? "?\(code)")>" + piece[piece.index(after: m)...]
        }
    }

    // MARK: Goldens

    @Test func unicodeInColorOn120Columns() {
        let table = Self.table(Terminal(width: 120, color: true, unicode: true))
        #expect(Self.tagged(table) == """
            <dim>  NAME                         LEFT  PROGRESS          ENDS       MESSAGE</>
            <green>►</> 라면                         <green>0:45</>  █████████████░░░  16:30
            <yellow>‖</> パスタ                       <yellow>2:30</>  ████████████░░░░  -          stir
            <green>►</> pasta                        <green>3:00</>  ██████████░░░░░░  16:33
            <green>►</> 煮海鲜                    <green>1:02:03</>  ████▉░░░░░░░░░░░  17:32      add the clams last
            <green>►</> quarterly report  <green>4 days 16:30:00</>  ███▌░░░░░░░░░░░░  Mon 09:00  send the quarterly report to Ana, with the figures fr…
            <red>✓</> tea               <red>done 3 min ago</>                     16:27      green tea
            <red>!</> eggs              <red>missed, due 12 min ago</>             16:18      soft

            """)
        // The escapes themselves: each colored span is reset after itself.
        #expect(Self.lines(table)[1] == "\u{1B}[32m►\u{1B}[0m 라면                         \u{1B}[32m0:45\u{1B}[0m  █████████████░░░  16:30")
        #expect(Self.lines(table)[0].hasPrefix("\u{1B}[2m  NAME "))
        #expect(Self.lines(table)[0].hasSuffix("MESSAGE\u{1B}[0m"))
    }

    @Test func unicodeWithoutColorOn80Columns() {
        #expect(Self.table(Terminal(width: 80, color: false, unicode: true)) == """
              NAME                         LEFT  PROGRESS          ENDS       MESSAGE
            ► 라면                         0:45  █████████████░░░  16:30
            ‖ パスタ                       2:30  ████████████░░░░  -          stir
            ► pasta                        3:00  ██████████░░░░░░  16:33
            ► 煮海鲜                    1:02:03  ████▉░░░░░░░░░░░  17:32      add the clams…
            ► quarterly report  4 days 16:30:00  ███▌░░░░░░░░░░░░  Mon 09:00  send the quar…
            ✓ tea               done 3 min ago                     16:27      green tea
            ! eggs              missed, due 12 min ago             16:18      soft

            """)
    }

    @Test func asciiWithoutColorOn80Columns() {
        #expect(Self.table(Terminal(width: 80, color: false, unicode: false)) == """
              NAME                         LEFT  PROGRESS          ENDS       MESSAGE
            > 라면                         0:45  [###########...]  16:30
            = パスタ                       2:30  [##########....]  -          stir
            > pasta                        3:00  [########......]  16:33
            > 煮海鲜                    1:02:03  [####..........]  17:32      add the cla...
            > quarterly report  4 days 16:30:00  [###...........]  Mon 09:00  send the qu...
            * tea               done 3 min ago                     16:27      green tea
            ! eggs              missed, due 12 min ago             16:18      soft

            """)
    }

    /// The messages give way first: cut while there is room for a few words, then gone; the
    /// bar stays.
    @Test func sixtyColumnsDropTheMessagesFirst() {
        #expect(Self.table(Terminal(width: 60, color: false, unicode: true)) == """
              NAME                         LEFT  PROGRESS      ENDS
            ► 라면                         0:45  █████████▊░░  16:30
            ‖ パスタ                       2:30  █████████░░░  -
            ► pasta                        3:00  ███████▌░░░░  16:33
            ► 煮海鲜                    1:02:03  ███▋░░░░░░░░  17:32
            ► quarterly report  4 days 16:30:00  ██▋░░░░░░░░░  Mon 09:00
            ✓ tea               done 3 min ago                 16:27
            ! eggs              missed, due 12 min ago         16:18

            """)
    }

    /// Then the bar goes, and names are cut to 8 columns, so that name, time left and end stay.
    @Test func fortyColumnsKeepNameLeftAndEnd() {
        #expect(Self.table(Terminal(width: 40, color: false, unicode: true)) == """
              NAME          LEFT  ENDS
            ► 라면          0:45  16:30
            ‖ パスタ        2:30  -
            ► pasta         3:00  16:33
            ► 煮海鲜     1:02:03  17:32
            ► quarter…  4d16h30m  Mon 09:00
            ✓ tea       done      16:27
            ! eggs      missed    16:18

            """)
    }

    /// LEFT in short (`done`, `missed`, days as `start` takes them), and last ENDS goes; the
    /// names take back what it gave.
    @Test func twentyFourColumnsShortenLeftThenDropEnds() {
        #expect(Self.table(Terminal(width: 24, color: false, unicode: true)) == """
              NAME              LEFT
            ► 라면              0:45
            ‖ パスタ            2:30
            ► pasta             3:00
            ► 煮海鲜         1:02:03
            ► quarterly r…  4d16h30m
            ✓ tea           done
            ! eggs          missed

            """)
        #expect(Self.table(Terminal(width: 24, color: false, unicode: false)) == """
              NAME              LEFT
            > 라면              0:45
            = パスタ            2:30
            > pasta             3:00
            > 煮海鲜         1:02:03
            > quarterly...  4d16h30m
            * tea           done
            ! eggs          missed

            """)
    }

    /// Whatever does not fit after all is cut at the edge, with one ellipsis.
    @Test func twelveColumnsCutEachLine() {
        #expect(Self.tagged(Self.table(Terminal(width: 12, color: true, unicode: true))) == """
            <dim>  NAME…</>
            <green>►</> 라면…
            <yellow>‖</> パスタ…
            <green>►</> pasta…
            <green>►</> 煮海鲜…
            <green>►</> quarter…
            <red>✓</> tea…
            <red>!</> eggs…

            """)
    }

    /// Piped: everything, uncut, uncolored.
    @Test func pipedShowsEverything() {
        #expect(Self.table(.plain) == """
              NAME                         LEFT  PROGRESS          ENDS       MESSAGE
            ► 라면                         0:45  █████████████░░░  16:30
            ‖ パスタ                       2:30  ████████████░░░░  -          stir
            ► pasta                        3:00  ██████████░░░░░░  16:33
            ► 煮海鲜                    1:02:03  ████▉░░░░░░░░░░░  17:32      add the clams last
            ► quarterly report  4 days 16:30:00  ███▌░░░░░░░░░░░░  Mon 09:00  send the quarterly report to Ana, with the figures from the shop and the notes from Tuesday's meeting
            ✓ tea               done 3 min ago                     16:27      green tea
            ! eggs              missed, due 12 min ago             16:18      soft

            """)
    }

    // MARK: Properties

    static let terminals: [Terminal] = [false, true].flatMap { color in
        [false, true].map { unicode in Terminal(width: nil, color: color, unicode: unicode) }
    }

    @Test(arguments: terminals)
    func nothingWrapsAtAnyWidth(terminal: Terminal) {
        for width in 1...140 {
            var terminal = terminal
            terminal.width = width
            let lines = Self.lines(Self.table(terminal))
            #expect(lines.count == Self.timers.count + 1)
            for line in lines {
                #expect(TextWidth.of(line) <= width, "\(width): \(line)")
                #expect(line.last != " ", "\(width): \(line)")
                #expect(!line.contains("……"), "\(width): \(line)")
                if !terminal.color { #expect(!line.contains("\u{1B}")) }
                if !terminal.unicode { #expect(!line.contains(where: Self.ours.contains), "\(width): \(line)") }
            }
        }
    }

    /// What the table draws with on a Unicode terminal; on an ASCII one only the names are not ASCII.
    static let ours = Set("…►‖✓▏▎▍▌▋▊▉█")

    @Test func linesAreAsWideAsTheTerminalAllowsWhenTheyHaveMore() {
        let lines = Self.lines(Self.table(Terminal(width: 120, color: true, unicode: true)))
        #expect(lines.map(TextWidth.of).max() == 120)
    }

    @Test func wideNamesAlignWithASCIIOnes() {
        let names = ["pasta", "煮海鲜", "라면", "🍝", "e\u{301}clair", "パスタ"]
        let timers = names.enumerated().map { n, name in
            Self.countdown(name, left: .seconds(60 * (n + 1) + 3600 * n), of: .seconds(86_400))
        }
        let table = Self.table(.plain, timers + [Self.timers[4]])
        let lines = Self.lines(table)
        // LEFT ends in the same column on every countdown line, header included...
        let ends = lines.dropLast().map { line in
            let left = line.firstRange(of: #/\d+:\d\d(:\d\d)?|LEFT/#)!
            return TextWidth.of(String(line[..<left.upperBound]))
        }
        #expect(Set(ends).count == 1, "\(table)")
        // ...and a done timer's sentence starts two columns after the widest name (6).
        #expect(lines.last.map { TextWidth.of(String($0[..<$0.firstRange(of: "done")!.lowerBound])) } == 2 + 6 + 2)
        #expect(table == """
              NAME       LEFT  PROGRESS          ENDS   MESSAGE
            ► pasta      1:00  ███████████████▉  16:31
            ► 煮海鲜  1:02:00  ███████████████▎  17:32
            ► 라면    2:03:00  ██████████████▋░  18:33
            ► 🍝      3:04:00  █████████████▉░░  19:34
            ► éclair  4:05:00  █████████████▎░░  20:35
            ► パスタ  5:06:00  ████████████▌░░░  21:36
            ✓ tea     done 3 min ago             16:27  green tea

            """)
    }

    @Test func noColorMeansNoEscapes() {
        let terminal = Terminal.detect(environment: ["NO_COLOR": "1", "TERM": "xterm-256color"], isTerminal: true, windowWidth: 100)
        #expect(terminal == Terminal(width: 100, color: false, unicode: false))
        #expect(!Self.table(terminal).contains("\u{1B}"))
        let colored = Terminal.detect(environment: ["TERM": "xterm-256color"], isTerminal: true, windowWidth: 100)
        #expect(Self.table(colored).contains("\u{1B}[31m"))
    }

    // MARK: Columns that come and go

    @Test func noMessageColumnWithoutMessages() {
        #expect(Self.table(.plain, [Self.timers[0], Self.timers[3]]) == """
              NAME   LEFT  PROGRESS          ENDS
            ► 라면   0:45  █████████████░░░  16:30
            ► pasta  3:00  ██████████░░░░░░  16:33

            """)
    }

    @Test func noProgressColumnWhenEveryTimerIsDone() {
        #expect(Self.table(.plain, [Self.timers[4], Self.timers[5]]) == """
              NAME  LEFT                    ENDS   MESSAGE
            ✓ tea   done 3 min ago          16:27  green tea
            ! eggs  missed, due 12 min ago  16:18  soft

            """)
    }

    @Test func emptyTableSaysHowToStart() {
        #expect(Self.table(Terminal(width: 80, color: true, unicode: true), []) == "No timers. Start one with `timerctl start pasta 8m`; `timerctl help` lists every command.\n")
    }

    /// The hook for repeating timers: `2/4` after the name, kept when the name is cut.
    @Test func cyclesFollowTheName() {
        let render = Self.render(Terminal(width: 36, color: false, unicode: true))
        var rows = [Self.timers[3], Self.timers[6]].map(render.row)
        rows[0].cycle = (run: 2, of: 4)
        rows[1].cycle = (run: 1, of: 12)
        #expect(render.table(rows: rows) == """
              NAME               LEFT  ENDS
            ► 라면 2/4           0:45  16:30
            ► quarter… 1/12  4d16h30m  Mon 09:00

            """)
    }

    /// A checklist's tally follows the name (and a repeating timer's round): `[1/3]`, or
    /// `[3/3 done]` when every task is done; kept when the name is cut.
    @Test func checklistsFollowTheName() {
        let render = Self.render(Terminal(width: 44, color: false, unicode: true))
        var timers = [Self.timers[3], Self.timers[6]]
        timers[0].todos = [TodoItem(id: 1, text: "a", done: true), TodoItem(id: 2, text: "b"), TodoItem(id: 3, text: "c")]
        timers[1].todos = [TodoItem(id: 1, text: "a", done: true), TodoItem(id: 2, text: "b", done: true)]
        var rows = timers.map(render.row)
        rows[0].cycle = (run: 2, of: 4)
        #expect(render.table(rows: rows) == """
              NAME                     LEFT  ENDS
            ► 라면 2/4 [1/3]           0:45  16:30
            ► quarter… [2/2 done]  4d16h30m  Mon 09:00

            """)
    }

    // MARK: Symbols

    @Test(arguments: [Render.Status.running, .paused, .done, .missed])
    func symbolsAreOneColumnAndNeverEmoji(status: Render.Status) {
        let unicode = status.symbol(unicode: true)
        #expect(TextWidth.of(unicode) == 1)
        #expect(unicode.unicodeScalars.allSatisfy { !$0.properties.isEmoji })
        let ascii = status.symbol(unicode: false)
        #expect(ascii.count == 1 && ascii.unicodeScalars.allSatisfy(\.isASCII))
    }
}

extension RenderTableTests {
    @Test func aRingingTimerShowsANoteAndSaysSo() {
        var pasta = Self.countdown("pasta", .done, left: .zero, of: .seconds(480))
        pasta.firedAt = pasta.endsAt
        pasta.ringing = true
        let tea = Self.timers[4]
        let plain = Self.lines(Self.table(Terminal(width: 80, color: false, unicode: true), [pasta, tea]))
        #expect(plain.contains { $0.hasPrefix("♪ pasta  ringing") }, "\(plain)")
        #expect(plain.contains { $0.hasPrefix("✓ tea    done") }, "\(plain)")
        let ascii = Self.lines(Self.table(Terminal(width: 80, color: false, unicode: false), [pasta]))
        #expect(ascii[1].hasPrefix("~ pasta  ringing"), "\(ascii)")
    }
}
