import Protocol
import Testing

@testable import timerd

private let t0 = Moment.start

@Suite struct SavePlanTests {
    static let entry = HistoryEntry(
        name: "pasta", kind: .countdown, dueAt: t0.wall, firedAt: t0.wall, duration: .minutes(8), message: nil)

    static func saved(_ id: UInt64) -> PersistedTimer {
        PersistedTimer(
            id: id, name: "t\(id)", kind: .countdown, state: .done, length: .seconds(10), total: .seconds(10),
            endWall: t0.wall, endBoot: nil, bootID: nil, remaining: nil, firedAt: t0.wall, createdAt: t0.wall,
            startedAt: t0.wall)
    }

    @Test func withNothingPendingNoSaveIsPut() {
        var plan = SavePlan(delay: .milliseconds(10))
        let due = plan.isDue(at: t0.boot)
        #expect(!due)
        #expect(plan.due == nil && !plan.isPending)
    }

    @Test func whatFiredIsSavedTheDelayLaterAndThenNoLongerPut() {
        var plan = SavePlan(delay: .milliseconds(10))
        plan.keep([3])
        plan.keep(history: [Self.entry])
        let dueNow = plan.isDue(at: t0.boot)
        #expect(!dueNow)
        #expect(plan.due == t0.boot + .milliseconds(10))
        let dueEarly = plan.isDue(at: t0.boot + .milliseconds(9))
        #expect(!dueEarly, "a later wake-up does not put it off")
        #expect(plan.due == t0.boot + .milliseconds(10))
        let dueLater = plan.isDue(at: t0.boot + .milliseconds(10))
        #expect(dueLater)
        #expect(plan.due == nil)
        #expect(plan.isPending, "what is pending stays until it is saved")
    }

    @Test func withoutADelayTheSaveIsDueAtOnce() {
        var plan = SavePlan(delay: .zero)
        plan.keep([3])
        let due = plan.isDue(at: t0.boot)
        #expect(due)
    }

    @Test func theWritesHoldEachTimersStateOrItsDeletionAndTheHistory() {
        var plan = SavePlan(delay: .zero)
        plan.keep(history: [Self.entry])
        let writes = plan.writes(for: [1, 2]) { $0 == 1 ? Self.saved(1) : nil }
        #expect(writes == StoreWrites(upserts: [Self.saved(1)], deletes: [2], history: [Self.entry]))
        #expect(SavePlan(delay: .zero).writes(for: []) { _ in nil }.isEmpty)
    }

    @Test func aSaveThatWorksLeavesNothingPending() {
        var plan = SavePlan(delay: .milliseconds(10))
        plan.keep([3])
        plan.keep(history: [Self.entry])
        _ = plan.isDue(at: t0.boot)
        let hadFailed = plan.saved()
        #expect(!hadFailed, "it had not failed before")
        #expect(!plan.isPending && plan.due == nil)
    }

    @Test func aFailedSaveKeepsWhatItTriedAndIsNewsOnlyOnce() {
        var plan = SavePlan(delay: .zero)
        plan.keep(history: [Self.entry])
        let full = StoreError("the disk is full")
        let news = plan.failed(full, ids: [1, 2])
        #expect(news)
        #expect(plan.unsaved == [1, 2] && plan.history == [Self.entry])
        let newsAgain = plan.failed(full, ids: [1, 2, 3])
        #expect(!newsAgain, "the same failure again is not logged again")
        #expect(plan.unsaved == [1, 2, 3])
        let otherNews = plan.failed(StoreError("the file is gone", remedy: "restart timerd"), ids: [1])
        #expect(otherNews)
        let worksAgain = plan.saved()
        #expect(worksAgain, "saving works again")
        #expect(!plan.isPending && plan.failure == nil)
    }

    @Test func theRefusalSaysWhyAndWhatToDo() {
        var plan = SavePlan(delay: .zero)
        _ = plan.failed(StoreError("the disk is full"), ids: [1])
        #expect(plan.refusal == RPCError(
            code: RPCError.storageFailedCode,
            message: "timerd could not save this change, so it was not made: the disk is full. "
                + "Timers already set keep running; try again once the disk has room."))
        _ = plan.failed(StoreError("the file was replaced.", remedy: "restart timerd"), ids: [1])
        #expect(plan.refusal.message.hasSuffix("the file was replaced. Timers already set keep running; restart timerd."))
    }

    @Test func aHookFailureGoesIntoItsPendingEntryOrWaitsToMarkASavedOne() {
        var plan = SavePlan(delay: .zero)
        plan.keep(history: [Self.entry])
        plan.keep(hookFailure: HookFailureMark(name: "pasta", firedAt: t0.wall, failure: "hook exit 1"))
        plan.keep(hookFailure: HookFailureMark(name: "pasta", firedAt: t0.wall, failure: "hook exit 2"))
        #expect(plan.history.map(\.hookFailure) == ["hook exit 1, hook exit 2"])
        #expect(plan.hookFailures.isEmpty)
        _ = plan.saved()
        let later = HookFailureMark(name: "pasta", firedAt: t0.wall, failure: "hook timed out")
        plan.keep(hookFailure: later)
        #expect(plan.isPending)
        #expect(plan.writes(for: []) { _ in nil } == StoreWrites(hookFailures: [later]))
        _ = plan.saved()
        #expect(!plan.isPending)
    }
}
