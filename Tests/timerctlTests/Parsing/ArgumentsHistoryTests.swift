import Protocol
import Testing
@testable import timerctl

/// `history -n`.
@Suite struct ArgumentsHistoryTests: ParsesArguments {
    @Test(arguments: ["0", "1001", "-1", "2.5", "20x", "twenty", "", " 20", "1e3", "99999999999999999999"])
    func historyLimitOutOfRangeOrNotAWholeNumberIsRefusedWithAnExample(limit: String) throws {
        for arguments in [["history", "-n", limit], ["history", "--limit", limit], ["history", "--limit=\(limit)"]] {
            let error = try Self.refusal(arguments)
            #expect(error.message == """
                -n/--limit must be a whole number from 1 to 1000, not \(TimerText.quoted(limit)); \
                e.g. `timerctl history -n 20` shows the last 20.
                """)
            #expect(error.topic == "history")
        }
    }

    @Test func historyLimitWithoutItsValueIsRefused() throws {
        #expect(try Self.refusal(["history", "-n"]).message == "-n needs a value.")
        #expect(try Self.refusal(["history", "--limit"]).message == "--limit needs a value.")
    }

    @Test func historyWithACountForAnArgumentSaysToUseN() throws {
        let error = try Self.refusal(["history", "20"])
        #expect(error.message == "history takes no arguments; for the last 20, type `timerctl history -n 20`.")
        #expect(error.topic == "history")
    }

    /// Only `-n` and digits is `-n` with its value; anything else after `-n` is not an option we know.
    @Test(arguments: ["-nx", "-n-5", "-name", "-n２０"])
    func dashNWithOtherThanDigitsIsAnUnknownOption(argument: String) throws {
        #expect(try Self.refusal(["history", argument]).message == "history has no option \(argument).")
    }
}
