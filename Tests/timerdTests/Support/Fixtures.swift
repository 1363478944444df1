import Protocol

@testable import timerd

/// A timestamp from RFC 3339 text. Traps on a malformed literal: a mistake in the test itself.
func instant(_ text: String) -> Timestamp {
    guard let t = RFC3339.parse(text) else { fatalError("bad test timestamp \(text)") }
    return t
}

extension Moment {
    /// Friday 2026-11-27 18:34:00 UTC on the wall clock; the boot clock reads something
    /// unrelated (an hour and a bit after boot), as it does on a real machine.
    static let start = Moment(boot: BootInstant(nanoseconds: 4_321_000_000_000), wall: instant("2026-11-27T18:34:00Z"))

    /// Only the wall clock moves (the clock was set); the boot clock does not.
    func wallJumped(by d: Duration) -> Moment { Moment(boot: boot, wall: wall + d) }

    /// Only the boot clock moves.
    func bootAdvanced(by d: Duration) -> Moment { Moment(boot: boot + d, wall: wall) }
}

extension TimerTable {
    /// Runs `command` expecting a refusal; nil when it succeeded (and the test should fail).
    mutating func refusal(_ command: (inout TimerTable) throws -> Outcome) -> TableError? {
        do {
            _ = try command(&self)
            return nil
        } catch {
            return error as? TableError
        }
    }

    /// Starts a countdown; the name is `name`, the length `length`.
    @discardableResult
    mutating func startCountdown(
        _ name: String, _ length: Duration, message: String? = nil, reminders: [Duration] = [], at now: Moment
    ) throws(TableError) -> Outcome {
        try start(name: name, schedule: .countdown(length), message: message, reminders: reminders, at: now)
    }

    /// Starts a deadline at `at`.
    @discardableResult
    mutating func startDeadline(
        _ name: String, at deadline: Timestamp, message: String? = nil, reminders: [Duration] = [], at now: Moment
    ) throws(TableError) -> Outcome {
        try start(name: name, schedule: .deadline(deadline), message: message, reminders: reminders, at: now)
    }
}

extension Effect {
    /// The event of an `.event` effect, nil for a notification.
    var event: TimerEvent? {
        if case .event(let event, _) = self { event } else { nil }
    }

    /// The firings of a `.notify` effect, nil for an event.
    var firings: [Firing]? {
        if case .notify(let firings) = self { firings } else { nil }
    }

    /// The reminder of a `.remind` effect, nil otherwise.
    var reminding: Reminding? {
        if case .remind(let reminding) = self { reminding } else { nil }
    }
}

/// The names of the timers a notification is about.
func names(_ effects: [Effect]) -> [String] {
    effects.compactMap(\.firings).flatMap { $0.map(\.info.name) }
}

extension Duration {
    static func minutes(_ n: Int64) -> Duration { .seconds(n * 60) }
    static func hours(_ n: Int64) -> Duration { .seconds(n * 3600) }
    static func days(_ n: Int64) -> Duration { .seconds(n * 86_400) }
}

extension TableError {
    /// The refusal's error code as a word, to compare refusals without pinning every word.
    enum Kind: Equatable { case notFound, alreadyExists, wrongState, invalid, limitReached }

    var kind: Kind {
        switch reason.code {
        case RPCError.notFoundCode: .notFound
        case RPCError.alreadyExistsCode: .alreadyExists
        case RPCError.wrongStateCode: .wrongState
        case RPCError.limitReachedCode: .limitReached
        default: .invalid
        }
    }

    /// The timer the refusal is about, for the cases that name one.
    var name: String? { facts.first { $0.0 == .name }?.1.stringValue }
}
