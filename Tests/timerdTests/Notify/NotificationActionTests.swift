import Protocol
import Testing

@testable import timerd

@Suite struct NotificationActionTests {
    @Test(arguments: [
        (NotificationAction.snooze(.seconds(60)), "snooze-60", "Snooze 1 min"),
        (.snooze(.seconds(300)), "snooze-300", "Snooze 5 min"),
        (.snooze(.seconds(5400)), "snooze-5400", "Snooze 1 h 30 min"),
        (.snooze(.seconds(45)), "snooze-45", "Snooze 45 s"),
        (.restart, "restart", "Restart"),
        (.dismiss, "dismiss", "Dismiss"),
    ])
    func keysAndLabelsRoundTrip(_ action: NotificationAction, key: String, label: String) {
        #expect(action.key == key)
        #expect(action.label == label)
        #expect(NotificationAction(key: key) == action)
    }

    @Test func aClickOnTheNotificationDismisses() {
        #expect(NotificationAction(key: "default") == .dismiss)
    }

    @Test(arguments: [
        "", "snooze", "snooze-", "snooze-0", "snooze--5", "snooze-abc", "snooze-1.5", "snooze-99999999999999999999",
        "Restart", "DISMISS", "restart ", "close", "snooze60",
    ])
    func otherKeysAreNothing(_ key: String) {
        #expect(NotificationAction(key: key) == nil)
    }
}
