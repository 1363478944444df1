/// Why a duration or deadline typed by a person was refused.
///
/// `message` is a whole sentence (or two) meant to be shown as is: it quotes the
/// input, says what is wrong and shows what would be accepted.
public struct TimeParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
