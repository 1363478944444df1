import Testing
import Protocol

/// The rules for a timer's name, as every method reads it.
@Suite struct RequestNamesTests: ReadsRequests {
    @Test(arguments: [
        ("", "needs a name"),
        (String(repeating: "a", count: 65), "too long"),
        (String(repeating: "パ", count: 65), "too long"),
        ("pas\nta", "control character"),
        ("pas\tta", "control character"),
        ("pasta\u{7F}", "control character"),
        ("pasta\u{85}", "control character"),
        (" pasta", "starts or ends with a space"),
        ("pasta ", "starts or ends with a space"),
        ("\u{3000}pasta", "starts or ends with a space"),
    ])
    func namesBreakingTheRulesAreRefused(name: String, problem: String) throws {
        for method in ["start", "get", "cancel"] {
            var params: JSONObject = ["name": .string(name)]
            if method == "start" { params["seconds"] = 480 }
            let error = try #require(Self.refusal(method, .object(params)))
            #expect(error.code == RPCError.invalidParamsCode)
            #expect(error.message.contains(problem), "\(error.message)")
        }
    }

    @Test(arguments: ["パスタ", "煮海鲜", "라면", "🍝", "tea break", "e\u{301}clair", String(repeating: "🍝", count: 64)])
    func namesInAnyScriptAreAccepted(name: String) throws {
        let request = try Request(method: "start", params: ["name": .string(name), "seconds": 480])
        #expect(request == .start(name: name, spec: .countdown(.seconds(480)), message: nil))
        #expect(try Request(method: "get", params: ["name": .string(name)]) == .get(name: name))
    }

    /// A new timer's name follows every rule; looking one up only needs a name a timer may
    /// have, so that one saved before a rule was added stays reachable.
    @Test(arguments: ["tea\u{200B}", "\u{FEFF}tea", "tea\u{2060}", "tea\u{AD}", "\u{200D}", "\u{200F}", "\u{301}tea"])
    func lookAlikeNamesAreRefusedForNewTimersOnly(name: String) throws {
        let error = try #require(Self.refusal("start", ["name": .string(name), "seconds": 480]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == TimerText.problem(withName: name))
        let then = try #require(Self.refusal(
            "start", ["name": "focus", "seconds": 1_500, "then": ["name": .string(name), "seconds": 300]]))
        #expect(then.message == "\"then\": " + TimerText.problem(withName: name)!)
        #expect(try Request(method: "get", params: ["name": .string(name)]) == .get(name: name))
        #expect(try Request(method: "cancel", params: ["name": .string(name)]) == .cancel(name: name))
    }

    @Test func namesAreReadInNFC() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        guard let start = try Request(
            method: "start", params: ["name": .string(decomposed), "seconds": 480, "then": ["name": .string(decomposed + "!"), "seconds": 60]]).body
            as? Methods.Start
        else {
            Issue.record("not a start")
            return
        }
        let (name, repeats) = (start.name, start.repeats)
        #expect(Array(name.utf8) == Array(composed.utf8))
        #expect(Array(try #require(repeats?.then?.name).utf8) == Array((composed + "!").utf8))
        guard case .one(let cancelled)? = (try Request(method: "cancel", params: ["name": .string(decomposed)]).body as? Methods.Cancel)?.target else {
            Issue.record("not a cancel")
            return
        }
        #expect(Array(cancelled.utf8) == Array(composed.utf8))
    }

    @Test func sixtyFourCharactersIsTheLongestName() throws {
        let name = String(repeating: "a", count: 64)
        #expect(try Request(method: "get", params: ["name": .string(name)]) == .get(name: name))
    }
}
