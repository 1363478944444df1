import Testing
@testable import timerctl
import Protocol

@Suite struct RenderHistoryTests {
    /// Monday 30 November 2026, noon UTC.
    static let now = RenderTests.now
    static let render = RenderTests.render

    /// Due at 11:57, fired 0.4 s later.
    static let tea = HistoryEntry(
        name: "tea", kind: .countdown, dueAt: now - .seconds(180), firedAt: now - .milliseconds(179_600),
        duration: .seconds(180), message: "green tea")
    /// Due at 11:48 while the machine slept; fired when it woke at 11:59:30.
    static let eggs = HistoryEntry(
        name: "eggs", kind: .countdown, dueAt: now - .seconds(12 * 60), firedAt: now - .seconds(30),
        duration: .seconds(420), message: "soft")
    /// Due Friday 17:00; timerd was not running until Saturday 08:12.
    static let report = HistoryEntry(
        name: "report", kind: .deadline, dueAt: instant("2026-11-27T17:00:00Z"), firedAt: instant("2026-11-28T08:12:00Z"),
        duration: .seconds(4 * 86_400), message: "send it\nto Ana")
    static let pasta = HistoryEntry(
        name: "パスタ", kind: .countdown, dueAt: instant("2026-11-02T18:42:00Z"), firedAt: instant("2026-11-02T18:42:00.002Z"),
        duration: .seconds(480), message: nil)
    static let teaBreak = HistoryEntry(
        name: "tea break", kind: .countdown, dueAt: instant("2025-11-29T10:00:00Z"),
        firedAt: instant("2025-11-29T10:00:01Z"), duration: .seconds(210), message: "")

    @Test func table() {
        #expect(Self.render.history([Self.eggs, Self.tea, Self.report, Self.pasta, Self.teaBreak]) == """
            NAME       DUE               FIRED                     LENGTH  MESSAGE
            eggs       11:48             missed, 11 min late       7m      soft
            tea        11:57             on time                   3m      green tea
            report     Fri 17:00         missed, 15 h 12 min late  4d      send it
            パスタ     Nov 2 18:42       on time                   8m
            tea break  2025-11-29 10:00  on time                   3m30s

            """)
    }

    @Test func aFailedHookShowsInAColumnOfItsOwnOnlyWhenOneFailed() {
        var tea = Self.tea
        tea.hookFailure = "hook exit 1"
        #expect(Self.render.history([Self.eggs, tea, Self.pasta]) == """
            NAME    DUE          FIRED                LENGTH  HOOK         MESSAGE
            eggs    11:48        missed, 11 min late  7m                   soft
            tea     11:57        on time              3m      hook exit 1  green tea
            パスタ  Nov 2 18:42  on time              8m

            """)
    }

    @Test func rowsKeepTheDaemonsOrder() {
        let rows = Self.render.history([Self.tea, Self.pasta, Self.eggs]).split(separator: "\n").dropFirst()
        #expect(rows.map { $0.split(separator: " ", maxSplits: 1)[0] } == ["tea", "パスタ", "eggs"])
    }

    @Test func emptyHistoryIsASentence() {
        #expect(Self.render.history([]) == "Nothing has fired yet.\n")
    }

    @Test func withoutMessagesNoTrailingSpaces() {
        #expect(Self.render.history([Self.pasta]) == """
            NAME    DUE          FIRED    LENGTH  MESSAGE
            パスタ  Nov 2 18:42  on time  8m

            """)
    }

    // MARK: The FIRED cell

    @Test(arguments: [
        (Duration.zero, "on time"),
        (.milliseconds(1500), "on time"),
        (.seconds(2), "on time"),
        (.milliseconds(2001), "missed, 2 s late"),
        (.seconds(12 * 60 + 59), "missed, 12 min late"),
        (.seconds(2 * 86_400 + 3600), "missed, 2 days late"),
    ])
    func fired(late: Duration, text: String) {
        var entry = Self.tea
        entry.firedAt = entry.dueAt + late
        #expect(Self.render.fired(entry) == text)
    }

    @Test func dueIsShownInTheCalendarsZone() {
        let tokyo = Render(now: Self.now, calendar: LocalCalendar(zone: FixedOffsetZone(seconds: 9 * 3600)))
        #expect(tokyo.history([Self.tea]).contains("\ntea   20:57  on time"))
    }
}
