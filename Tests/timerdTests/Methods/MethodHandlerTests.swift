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

    @Test func aRefusalOfTheCoreKeepsItsCodeMessageAndName() {
        let error = RPCError(TableError.wrongState(name: "pasta", message: "\"pasta\" is already running."))
        #expect(error == RPCError(code: RPCError.wrongStateCode, message: "\"pasta\" is already running.", data: ["name": "pasta"]))
        #expect(RPCError(TableError.notFound(name: "x")).code == RPCError.notFoundCode)
        #expect(RPCError(TableError.invalid("no")).data == nil)
        #expect(RPCError(TableError.limitReached("full")).code == RPCError.limitReachedCode)
        #expect(RPCError(TableError.alreadyExists(name: "x", message: "m")).code == RPCError.alreadyExistsCode)
    }
}
