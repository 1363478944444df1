import Protocol
import Testing
@testable import timerctl

/// `Refusal`: the one funnel of usage refusals.
@Suite struct RefusalTests {
    @Test func aRefusalForACommandEndsWithItsUsage() {
        #expect(Refusal.text(UsageError(message: "show takes only one name.", topic: "show"))
            == "show takes only one name.\nUsage: timerctl show NAME [--json]")
    }

    @Test func aRefusalForNoCommandIsItsMessageAlone() {
        #expect(Refusal.text(UsageError(message: "--limit needs a value.")) == "--limit needs a value.")
    }

    /// Usage failures found while running (a duration that is none) pass the same way.
    @Test func aUsageFailureAtRunTimeIsTheSameRefusal() throws {
        let failure = CtlFailure.usage("No preset.", topic: "start")
        #expect(failure.exitCode == 2)
        #expect(try Refusal.text(#require(failure.usageError)) == "No preset.\nUsage: timerctl start NAME [DURATION] [OPTIONS]")
        #expect(CtlFailure.refused("no").usageError == nil)
        #expect(CtlFailure.unreachable("no").usageError == nil)
    }
}
