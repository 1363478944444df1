import Testing
import Protocol

/// The registry of methods: each declared once, found by its name, refusing what it does not take.
@Suite struct MethodsTests {
    @Test func namesAreUniqueAndInTheRegistrysOrder() {
        #expect(Set(Methods.names).count == Methods.all.count)
        #expect(Methods.names == [
            "start", "list", "get", "pause", "resume", "reset", "cancel", "extend", "snooze", "dismiss", "toggle", "skip",
            "stopwatch", "lap", "subscribe", "ping",
            "history",
            "todo.add", "todo.set", "todo.remove",
        ])
    }

    @Test func everyMethodIsFoundByItsNameAndNoOther() throws {
        for method in Methods.all {
            #expect(try Methods.named(method.method) == method)
        }
        #expect(throws: RPCError.self) { try Methods.named("stop") }
    }

    /// What the "unknown param" refusal lists is the method's own declaration.
    @Test func anUnknownParamIsRefusedListingTheDeclaredOnes() throws {
        for method in Methods.all {
            let error = try #require(RequestTests.refusal(method.method, ["nonsense": 1]))
            let known = method.parameters.isEmpty ? "it takes no params" : "it takes \(method.parameters.joined(separator: ", "))"
            #expect(error.message == "\(method.method) has no parameter \"nonsense\"; \(known).")
        }
    }

    @Test func everyMethodHasItsDocumentation() {
        for method in Methods.all {
            #expect(!method.documentation.params.isEmpty && !method.documentation.result.isEmpty, "\(method.method)")
        }
    }

    @Test func aRequestIsItsMethodsNameAndParams() {
        let request = Request(Methods.Extend(name: "pasta", by: .seconds(60)))
        #expect(request == .extend(name: "pasta", by: .seconds(60)))
        #expect(request != .extend(name: "pasta", by: .seconds(61)))
        #expect(request != .snooze(name: "pasta", by: .seconds(60)), "same params, another method")
        #expect(request.method == "extend")
        #expect(request.params == ["name": "pasta", "seconds": 60])
        #expect(Request.cancelAll != .cancel(name: "pasta"))
        #expect(Request.cancelAll.method == Request.cancel(name: "pasta").method)
    }

    @Test func aMethodPatternMatchesAnyParams() {
        for limit in [nil, 1, 20] {
            guard case .history = Request.history(limit: limit) else {
                Issue.record("history(limit: \(String(describing: limit)))")
                continue
            }
        }
        if case .history = Request.list { Issue.record("list matched history") }
    }
}
