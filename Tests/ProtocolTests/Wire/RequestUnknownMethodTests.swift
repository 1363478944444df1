import Testing
import Protocol

/// Method names that are not one.
@Suite struct RequestUnknownMethodTests: ReadsRequests {
    @Test(arguments: ["stop", "", "list_timers", "ping "])
    func unknownMethodListsTheMethods(method: String) throws {
        let error = try #require(Self.refusal(method, nil))
        #expect(error.code == RPCError.methodNotFoundCode)
        #expect(error.message == """
            Unknown method "\(method)"; the methods are start, list, get, pause, resume, reset, cancel, extend, \
            snooze, dismiss, toggle, skip, stopwatch, lap, subscribe, ping, history, todo.add, todo.set, todo.remove.
            """)
    }

    @Test(arguments: [("START", "start"), ("Start", "start"), ("PING", "ping"), ("sUbScRiBe", "subscribe")])
    func wrongCaseGetsADidYouMean(method: String, meant: String) throws {
        let error = try #require(Self.refusal(method, nil))
        #expect(error.code == RPCError.methodNotFoundCode)
        #expect(error.message == "Unknown method \"\(method)\"; did you mean \"\(meant)\"? Method names are lower case.")
    }

    @Test func unknownMethodWithAControlCharacterIsShownEscaped() throws {
        let error = try #require(Self.refusal("pi\u{1}ng", nil))
        #expect(error.message.hasPrefix(#"Unknown method "pi\u{1}ng";"#))
    }
}
