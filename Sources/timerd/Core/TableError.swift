import Protocol

/// Why the core refused a command. Each carries a sentence for a person: what is wrong and
/// what to do instead.
enum TableError: Error, Equatable, Sendable {
    /// No timer has that name.
    case notFound(name: String)
    /// A timer that is not done already has that name.
    case alreadyExists(name: String, message: String)
    /// The timer exists but the command does not apply to it now (pausing a paused timer…).
    case wrongState(name: String, message: String)
    /// The parameters make no sense (a duration of zero, a deadline in the past…).
    case invalid(String)
    /// A limit on the number of timers was reached.
    case limitReached(String)

    var message: String {
        switch self {
        case .notFound(let name):
            "There is no timer named \(TimerText.quoted(name)); `timerctl ls` lists the timers."
        case .alreadyExists(_, let message), .wrongState(_, let message), .invalid(let message),
            .limitReached(let message):
            message
        }
    }
}

extension RPCError {
    /// The protocol's error for a refusal of the core: its code, its message, and the timer's
    /// name as data where there is one.
    init(_ error: TableError) {
        switch error {
        case .notFound(let name):
            self.init(code: RPCError.notFoundCode, message: error.message, data: ["name": .string(name)])
        case .alreadyExists(let name, _):
            self.init(code: RPCError.alreadyExistsCode, message: error.message, data: ["name": .string(name)])
        case .wrongState(let name, _):
            self.init(code: RPCError.wrongStateCode, message: error.message, data: ["name": .string(name)])
        case .invalid:
            self.init(code: RPCError.invalidParamsCode, message: error.message)
        case .limitReached:
            self.init(code: RPCError.limitReachedCode, message: error.message)
        }
    }
}
