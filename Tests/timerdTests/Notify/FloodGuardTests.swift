import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start.boot

@Suite struct FloodGuardTests {
    /// A notification about one timer.
    static func about(_ name: String) -> NotificationContent {
        NotificationContent(summary: name, body: "", timers: [name])
    }

    /// Admits a notification for each name, `apart` after the one before, from `start`; returns
    /// the names of those shown at once.
    static func admit(
        _ names: [String], to floodGuard: inout FloodGuard, from start: BootInstant, apart: Duration = .zero,
        foldable: Bool = true
    ) -> [String] {
        var shown: [String] = []
        for (i, name) in names.enumerated()
        where floodGuard.admit(about(name), foldable: foldable, at: start + apart * i) {
            shown.append(name)
        }
        return shown
    }

    static let ten = (1...10).map { "t\($0)" }

    @Test func fiveInASecondAreShownAndTheRestFoldedInOrder() {
        var floodGuard = FloodGuard()
        #expect(floodGuard.flushAt == nil)
        let shown = Self.admit(Self.ten, to: &floodGuard, from: t0, apart: .milliseconds(100))
        #expect(shown == ["t1", "t2", "t3", "t4", "t5"])
        #expect(floodGuard.folded == ["t6", "t7", "t8", "t9", "t10"])
        #expect(floodGuard.flushAt == t0 + .seconds(1))
    }

    @Test func theFoldedTimersOfAGroupedNotificationAreAllKept() {
        var floodGuard = FloodGuard()
        _ = Self.admit(Array(Self.ten.prefix(5)), to: &floodGuard, from: t0)
        let group = NotificationContent(summary: "3 timers done", body: "", timers: ["a", "b", "c"])
        let admitted = floodGuard.admit(group, foldable: true, at: t0)
        #expect(!admitted)
        #expect(floodGuard.folded == ["a", "b", "c"])
    }

    @Test func theSummaryComesWhenTheWindowEndsNotBefore() throws {
        var floodGuard = FloodGuard()
        _ = Self.admit(Self.ten, to: &floodGuard, from: t0, apart: .milliseconds(10))
        let early = floodGuard.flush(at: t0 + .seconds(1) - .nanoseconds(1))
        #expect(early == nil)
        #expect(floodGuard.flushAt == t0 + .seconds(1), "still due")

        let flushed = floodGuard.flush(at: t0 + .seconds(1))
        let summary = try #require(flushed)
        #expect(summary == NotificationContent.folded(["t6", "t7", "t8", "t9", "t10"]))
        #expect(summary.summary == "5 more timers done: t6, t7, t8, t9, t10")
        #expect(summary.timers == ["t6", "t7", "t8", "t9", "t10"])
        #expect(floodGuard.flushAt == nil)
        let again = floodGuard.flush(at: t0 + .seconds(2))
        #expect(again == nil, "told once")
    }

    @Test func theSummaryListsFiveNamesThenHowManyMore() throws {
        var floodGuard = FloodGuard()
        let names = (1...30).map { "t\($0)" }
        _ = Self.admit(names, to: &floodGuard, from: t0)
        let flushed = floodGuard.flush(at: t0 + .seconds(1))
        let summary = try #require(flushed)
        #expect(summary.summary == "25 more timers done: t6, t7, t8, t9, t10 and 20 more")
        #expect(summary.timers == Array(names.dropFirst(5)))
    }

    @Test func aTimerFoldedManyTimesIsNamedOnceWithHowOften() throws {
        var floodGuard = FloodGuard()
        _ = Self.admit(Array(repeating: "pomo", count: 201), to: &floodGuard, from: t0)
        let flushed = floodGuard.flush(at: t0 + .seconds(1))
        let summary = try #require(flushed)
        #expect(summary.summary == "pomo done 196 more times")
        #expect(summary.body == "pomo (196 times)")
        #expect(summary.timers == ["pomo"])
    }

    @Test func repeatedAndSingleTimersAreEachNamedOnceInOrder() {
        let summary = NotificationContent.folded(["pomo", "tea", "pomo", "eggs", "pomo", "tea"])
        #expect(summary.summary == "3 more timers done: pomo (3 times), tea (2 times), eggs")
        #expect(summary.body == "pomo (3 times)\ntea (2 times)\neggs")
        #expect(summary.timers == ["pomo", "tea", "eggs"])
        let many = NotificationContent.folded((1...8).flatMap { ["t\($0)", "t\($0)"] })
        #expect(many.summary == "8 more timers done: t1 (2 times), t2 (2 times), t3 (2 times), t4 (2 times), t5 (2 times) and 3 more")
    }

    @Test func oneFoldedTimerIsSingular() throws {
        var floodGuard = FloodGuard()
        _ = Self.admit(Array(Self.ten.prefix(6)), to: &floodGuard, from: t0)
        let flushed = floodGuard.flush(at: t0 + .seconds(1))
        #expect(flushed?.summary == "1 more timer done: t6")
    }

    @Test func theSummaryOpensANewWindowAsItsFirst() throws {
        var floodGuard = FloodGuard()
        _ = Self.admit(Self.ten, to: &floodGuard, from: t0)
        let flushed = t0 + .seconds(1) + .milliseconds(300)  // the alarm was late
        let summary = floodGuard.flush(at: flushed)
        #expect(summary != nil)
        #expect(floodGuard.windowStart == flushed)

        // Four more fit in the new window; the fifth waits for the next summary.
        let more = Self.admit(
            ["u1", "u2", "u3", "u4", "u5", "u6"], to: &floodGuard, from: flushed, apart: .milliseconds(100))
        #expect(more == ["u1", "u2", "u3", "u4"])
        #expect(floodGuard.flushAt == flushed + .seconds(1))
        let next = floodGuard.flush(at: flushed + .seconds(1))
        #expect(next?.timers == ["u5", "u6"])
    }

    @Test func afterAQuietSecondANewBurstGetsFiveAgain() {
        var floodGuard = FloodGuard()
        #expect(Self.admit(Array(Self.ten.prefix(5)), to: &floodGuard, from: t0).count == 5)
        #expect(floodGuard.flushAt == nil, "nothing held back")

        let later = Self.admit(Self.ten, to: &floodGuard, from: t0 + .seconds(1), apart: .milliseconds(10))
        #expect(later == ["t1", "t2", "t3", "t4", "t5"])
        #expect(floodGuard.flushAt == t0 + .seconds(2))
    }

    @Test func theWindowLastsASecondFromItsFirstNotification() {
        var floodGuard = FloodGuard()
        _ = Self.admit(Array(Self.ten.prefix(5)), to: &floodGuard, from: t0)
        let admitted = floodGuard.admit(Self.about("late"), foldable: true, at: t0 + .seconds(1) - .nanoseconds(1))
        #expect(!admitted)
        #expect(floodGuard.folded == ["late"])
    }

    @Test func afterASummaryAndAQuietSecondANewBurstGetsFive() throws {
        var floodGuard = FloodGuard()
        _ = Self.admit(Self.ten, to: &floodGuard, from: t0)
        let summary = floodGuard.flush(at: t0 + .seconds(1))
        #expect(summary != nil)
        let later = Self.admit(Self.ten, to: &floodGuard, from: t0 + .seconds(2))
        #expect(later == ["t1", "t2", "t3", "t4", "t5"])
    }

    @Test func remindersOverTheLimitAreDroppedNotFolded() {
        var floodGuard = FloodGuard()
        _ = Self.admit(Array(Self.ten.prefix(5)), to: &floodGuard, from: t0)
        #expect(Self.admit(["r1", "r2"], to: &floodGuard, from: t0, foldable: false).isEmpty)
        #expect(floodGuard.folded.isEmpty)
        #expect(floodGuard.flushAt == nil)

        // A reminder within the limit is shown, and counts.
        var fresh = FloodGuard()
        #expect(Self.admit(["r1"], to: &fresh, from: t0, foldable: false) == ["r1"])
        #expect(Self.admit(Self.ten, to: &fresh, from: t0).count == 4)
    }

    @Test func tenThousandInOneSecondMakeFiveNotificationsAndOneSummary() throws {
        var floodGuard = FloodGuard()
        let names = (0..<10_000).map { "timer \($0)" }
        let shown = Self.admit(names, to: &floodGuard, from: t0, apart: .microseconds(99))
        #expect(shown == Array(names.prefix(5)))
        #expect(floodGuard.flushAt == t0 + .seconds(1))
        let flushed = floodGuard.flush(at: t0 + .seconds(1))
        let summary = try #require(flushed)
        #expect(summary.summary == "9995 more timers done: timer 5, timer 6, timer 7, timer 8, timer 9 and 9990 more")
        #expect(summary.timers.count == 9_995)
        #expect(summary.body.split(separator: "\n").count == NotificationContent.linesInBody + 1)
        #expect(summary.body.hasSuffix("\n… and 9975 more"))
        #expect(floodGuard.flushAt == nil)
    }
}
