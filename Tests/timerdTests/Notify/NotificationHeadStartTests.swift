import Foundation
import Testing

@testable import timerd

/// The head start's wait for what the notifier was handed.
@Suite struct NotificationHeadStartTests {
    /// Against the real session bus and notification server of `make test` (skipped without them).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TIMERD_TEST_DESKTOP"] == "1"))
    func theWaitEndsWhenTheServerHasAnsweredAndAtOnceWhenNothingIsNew() {
        let notifier = LibNotifyNotifier(appName: "timerd-tests")
        for index in 1...3 {
            notifier.show(NotificationContent(summary: "head start test \(index)", body: "handed over, then waited for", urgency: .low))
        }
        let limit: Duration = .seconds(60)
        var headStart = WaitForNotifications(progress: notifier.progress, limit: limit)
        let shown = ContinuousClock().measure { headStart.give() }
        #expect(notifier.progress.finished.load(ordering: .acquiring) == 3, "returned before libnotify had shown all three")
        // The limit is far beyond a round trip to dunst, even on a loaded machine.
        #expect(shown < limit / 2, "waited \(shown): the wait ran to its limit instead of ending with the notifications")
        let again = ContinuousClock().measure { headStart.give() }
        #expect(again < .seconds(1), "nothing new was handed over, yet it waited \(again)")
    }

    @Test func withNothingShownTheWaitReturnsAtOnceAndAtTheLimitWhenNothingFinishes() {
        let progress = NotificationProgress()
        var headStart = WaitForNotifications(progress: progress, limit: .milliseconds(20))
        let idle = ContinuousClock().measure { headStart.give() }
        #expect(idle < .milliseconds(15), "nothing was handed over, yet it waited \(idle)")
        progress.handOver()
        let stuck = ContinuousClock().measure { headStart.give() }
        #expect(stuck >= .milliseconds(20), "it gave up after \(stuck), before its limit")
        progress.finish()
        let done = ContinuousClock().measure { headStart.give() }
        #expect(done < .milliseconds(15), "what it waited for once is not waited for again")
    }
}
