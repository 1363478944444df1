import Testing

@testable import timerd

@Suite struct NotificationBacklogTests {
    static func about(_ names: String..., summary: String? = nil) -> NotificationContent {
        NotificationContent(summary: summary ?? names.joined(separator: ", "), body: "", timers: names)
    }

    @Test func whatNoServerTookWaitsAndANewerOneForItsTimersReplacesIt() {
        var backlog = NotificationBacklog()
        backlog.keep(Self.about("tea", summary: "tea: 1 minute left"))
        backlog.keep(Self.about("eggs"))
        backlog.keep(Self.about("tea", summary: "tea"))
        #expect(backlog.pending.map(\.summary) == ["eggs", "tea"])
        #expect(backlog.takePending().count == 2)
        #expect(backlog.isEmpty)
    }

    @Test func anUnansweredOneIsNotShownAgainWhileItsServerAnswers() {
        var backlog = NotificationBacklog()
        backlog.sentWithoutAnswer(Self.about("tea"))
        #expect(backlog.pending.isEmpty, "not to be sent again")
        backlog.serverAnswered()
        #expect(backlog.isEmpty)
        // The server is alive: it had it to show. Going away later changes nothing.
        backlog.serverGone()
        #expect(backlog.pending.isEmpty)
    }

    @Test func anUnansweredOneGoesToTheNextServerIfItsServerGoes() {
        var backlog = NotificationBacklog()
        backlog.sentWithoutAnswer(Self.about("tea"))
        backlog.keep(Self.about("eggs"))
        backlog.serverGone()
        #expect(backlog.pending.map(\.summary) == ["tea", "eggs"], "oldest first")
        #expect(backlog.unanswered.isEmpty)
    }

    @Test func aNewerNotificationForTheSameTimersWinsOverAnUnansweredOne() {
        var backlog = NotificationBacklog()
        backlog.sentWithoutAnswer(Self.about("tea", summary: "tea: 1 minute left"))
        backlog.keep(Self.about("tea", summary: "tea"))
        backlog.serverGone()
        #expect(backlog.pending.map(\.summary) == ["tea"])

        var grouped = NotificationBacklog()
        grouped.sentWithoutAnswer(Self.about("tea"))
        grouped.keep(Self.about("tea", "eggs"))
        grouped.serverGone()
        #expect(grouped.pending.map(\.summary) == ["tea, eggs"])
    }

    @Test func closingATimerDropsWhatWaitsAboutIt() {
        var backlog = NotificationBacklog()
        backlog.keep(Self.about("tea", "eggs"))
        backlog.keep(Self.about("rice"))
        backlog.sentWithoutAnswer(Self.about("pasta"))
        backlog.drop(timers: ["eggs", "pasta"])
        #expect(backlog.pending.map(\.summary) == ["rice"])
        #expect(backlog.unanswered.isEmpty)
    }

    @Test func eachIsBoundedTheOldestDropped() {
        var backlog = NotificationBacklog()
        for i in 0..<30 {
            backlog.keep(Self.about("p\(i)"))
            backlog.sentWithoutAnswer(Self.about("u\(i)"))
        }
        #expect(backlog.pending.count == NotificationBacklog.limit)
        #expect(backlog.pending.first?.summary == "p10")
        #expect(backlog.unanswered.count == NotificationBacklog.limit)
        backlog.serverGone()
        #expect(backlog.pending.count == NotificationBacklog.limit)
        #expect(backlog.pending.last?.summary == "p29", "what waited longest is dropped first")
    }

    @Test func aNotificationAboutNoTimerIsNotKept() {
        var backlog = NotificationBacklog()
        backlog.keep(NotificationContent(summary: "timerd could not read its saved timers", body: "", urgency: .normal))
        #expect(backlog.isEmpty)
    }
}
