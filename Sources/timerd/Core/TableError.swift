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
