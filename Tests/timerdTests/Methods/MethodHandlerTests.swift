import Testing
import Protocol
@testable import timerd

/// Every method of the protocol has its handler in timerd and its row in docs/protocol.md.
@Suite struct MethodHandlerTests {
    @Test func everyMethodHasAHandler() {
        for method in Methods.all {
            #expect(method is any MethodHandler.Type, "\(method.method) has no handler in Sources/timerd/Methods")
        }
    }

    /// docs/protocol.md's table of methods, row for row, is what the methods declare.
    @Test func theProtocolsTableListsExactlyTheMethods() throws {
        let page = try ManualTests.read("docs/protocol.md")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: "| method | params | result |"))
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        let declared = Methods.all.map { "| `\($0.method)` | \($0.documentation.params) | \($0.documentation.result) |" }
        #expect(Array(rows) == declared)
    }

    @Test func aRefusalOfTheCoreKeepsItsCodeMessageReasonAndFacts() {
        let error = RPCError(TableError.running(name: "pasta"))
        #expect(
            error == RPCError(
                code: RPCError.wrongStateCode, message: "\"pasta\" is already running.",
                data: ["reason": "running", "name": "pasta", "state": "running"]))
        #expect(RPCError(TableError.notFound(name: "x")).code == RPCError.notFoundCode)
        #expect(RPCError(TableError.invalid("no")).data == ["reason": "invalid"])
        #expect(RPCError(TableError.tooManyTimers(limit: 3)).code == RPCError.limitReachedCode)
        #expect(
            RPCError(TableError.exists(name: "x", kind: .countdown, state: .paused, remaining: .seconds(1))).code
                == RPCError.alreadyExistsCode)
    }
}
