import Protocol
import Testing

/// The order a glance wants, and what the selectors choose from it.
@Suite struct TimerSelectorTests {
    static let t0 = RFC3339.parse("2026-11-30T12:00:00Z")!

    static func timer(_ name: String, _ state: TimerState, left: Int64 = 0, firedAgo: Int64? = nil, ringing: Bool = false)
        -> TimerInfo
    {
        TimerInfo(
            name: name, kind: .countdown, state: state, duration: .seconds(600), remaining: .seconds(left),
            endsAt: state == .paused ? nil : t0 + .seconds(left), createdAt: t0 - .seconds(600),
            firedAt: firedAgo.map { t0 - .seconds($0) }, ringing: ringing)
    }

    static let timers = [
        timer("old", .done, firedAgo: 3600), timer("report", .running, left: 90_000), timer("tea", .paused, left: 120),
        timer("pasta", .running, left: 462), timer("eggs", .done, firedAgo: 10, ringing: true),
        timer("rice", .done, firedAgo: 5, ringing: true), timer("new", .done, firedAgo: 1),
    ]

    @Test func ringingThenLeastTimeLeftThenDone() {
        #expect(TimerSelector.glanceOrder(Self.timers).map(\.name) == ["rice", "eggs", "tea", "pasta", "report", "new", "old"])
    }

    @Test func whatEachChooses() {
        #expect(TimerSelector.next.choose(from: Self.timers)?.name == "rice")
        #expect(TimerSelector.ringing.choose(from: Self.timers)?.name == "rice")
        let quiet = Self.timers.filter { !$0.ringing }
        #expect(TimerSelector.next.choose(from: quiet)?.name == "tea")
        #expect(TimerSelector.ringing.choose(from: quiet) == nil)
        #expect(TimerSelector.next.choose(from: []) == nil)
    }

    @Test func onlyTheirOwnNamesAreSelectors() {
        #expect(TimerSelector(name: "@next") == .next)
        #expect(TimerSelector(name: "@ringing") == .ringing)
        #expect(TimerSelector(name: "@Next") == nil)
        #expect(TimerSelector(name: "next") == nil)
    }
}
