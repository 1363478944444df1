import Foundation
import Testing

@testable import timerd

/// The notifier's wait for what it was handed, against the real session bus and notification
/// server of `make test` (skipped without them).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TIMERD_TEST_DESKTOP"] == "1"))
struct LibNotifyNotifierTests {
    @Test func awaitShownReturnsWhenTheServerHasAnsweredAndAtOnceWhenNothingIsNew() {
        let notifier = LibNotifyNotifier(appName: "timerd-tests")
        for index in 1...3 {
            notifier.show(NotificationContent(summary: "awaitShown test \(index)", body: "handed over, then waited for", urgency: .low))
        }
        let limit: Duration = .seconds(60)
        let shown = ContinuousClock().measure { notifier.awaitShown(upTo: limit) }
        #expect(notifier.finished.load(ordering: .acquiring) == 3, "returned before libnotify had shown all three")
        // The limit is far beyond a round trip to dunst, even on a loaded machine.
        #expect(shown < limit / 2, "waited \(shown): the wait ran to its limit instead of ending with the notifications")
        let again = ContinuousClock().measure { notifier.awaitShown(upTo: limit) }
        #expect(again < .seconds(1), "nothing new was handed over, yet it waited \(again)")
    }
}
