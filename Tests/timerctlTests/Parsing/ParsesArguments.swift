import Testing
@testable import timerctl

/// The suites on parsing arguments share how they parse them (and others call `ArgumentsTests.command`).
protocol ParsesArguments {}

extension ParsesArguments {
    static func command(_ arguments: [String]) throws -> any Command {
        try Arguments.parse(arguments).command
    }

    /// The usage error `arguments` are refused with.
    static func refusal(_ arguments: [String]) throws -> UsageError {
        try #require(throws: UsageError.self) { try Arguments.parse(arguments) }
    }
}
