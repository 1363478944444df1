/// Why a command could not be carried out, with the exit status it maps to.
struct CtlFailure: Error, CustomStringConvertible {
    enum Kind {
        /// The daemon answered with an error (not found, wrong state…): exit 1.
        case refused
        /// The command line or its values were wrong: exit 2.
        case usage
        /// No daemon could be reached: exit 3.
        case unreachable
    }

    var kind: Kind
    var message: String
    /// For a usage failure, the command whose usage to print after the message.
    var topic: String?

    var exitCode: Int32 {
        switch kind {
        case .refused: 1
        case .usage: 2
        case .unreachable: 3
        }
    }

    var description: String { message }

    /// A usage failure as the refusal it is, for `Refusal.text`; nil for the other kinds.
    var usageError: UsageError? { kind == .usage ? UsageError(message: message, topic: topic) : nil }

    static func refused(_ message: String) -> CtlFailure { CtlFailure(kind: .refused, message: message) }
    static func usage(_ message: String, topic: String? = nil) -> CtlFailure {
        CtlFailure(kind: .usage, message: message, topic: topic)
    }
    static func unreachable(_ message: String) -> CtlFailure { CtlFailure(kind: .unreachable, message: message) }
}
