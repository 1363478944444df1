@testable import timerd

/// A `HookRunner` that keeps what it was asked to start and stop, in order, and how many
/// notifications had been shown when each hook was started. Nothing runs: a test reports ends
/// itself with `Scheduler.hookFinished`.
final class RecordingHookRunner: HookRunner {
    enum Call: Equatable {
        case run(HookPlan.Launch, shownBefore: Int)
        case stop(UInt64, force: Bool)
    }

    private let log = PthreadLock<[Call]>([])
    private let notifier: RecordingNotifier

    init(notifier: RecordingNotifier) { self.notifier = notifier }

    func run(_ launch: HookPlan.Launch) {
        let shown = notifier.shown.count
        log.withLock { $0.append(.run(launch, shownBefore: shown)) }
    }

    func stop(_ id: UInt64, force: Bool) { log.withLock { $0.append(.stop(id, force: force)) } }

    var calls: [Call] { log.withLock { $0 } }
    var launches: [HookPlan.Launch] { calls.compactMap { if case .run(let launch, _) = $0 { launch } else { nil } } }
    var stops: [Call] { calls.filter { if case .stop = $0 { true } else { false } } }
}

extension HookPlan.Launch {
    /// The value of one of its facts.
    func fact(_ name: String) -> String? {
        hook.facts.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }
}
