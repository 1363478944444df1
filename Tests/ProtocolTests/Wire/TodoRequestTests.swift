import Testing
import Protocol

/// `todo.add`, `todo.set` and `todo.remove`: what they accept and how they refuse the rest.
@Suite struct TodoRequestTests {
    static func refusal(_ method: String, _ params: JSONValue) -> RPCError? {
        RequestTests.refusal(method, params)
    }

    static let refused: [(String, JSONValue, String)] = [
        ("todo.add", ["name": "report"], #"todo.add needs "items": an array of 1 to 1000 strings, such as ["write intro"]."#),
        ("todo.add", ["name": "report", "items": []], #"todo.add needs "items": an array of 1 to 1000 strings, such as ["write intro"]."#),
        ("todo.add", ["name": "report", "items": "write intro"],
         #"todo.add needs "items": an array of 1 to 1000 strings, such as ["write intro"]."#),
        ("todo.add", ["name": "report", "items": .array(Array(repeating: "x", count: 1001))],
         #"todo.add needs "items": an array of 1 to 1000 strings, such as ["write intro"]."#),
        ("todo.add", ["name": "report", "items": ["ok", 3]], #"Each of "items" must be a string, such as "write intro"."#),
        ("todo.add", ["name": "report", "items": ["  "]], #"A checklist item needs some text, such as "write intro"."#),
        ("todo.add", ["name": "report", "items": .array([.string(String(repeating: "a", count: 501))])],
         "A checklist item is at most 500 characters; this one has 501. Split it in two."),
        ("todo.add", ["name": "report", "items": ["line one\nline two"]],
         "A checklist item is one line of printable text; remove the control characters (newlines, tabs)."),
        ("todo.add", ["name": "report", "items": ["sign \u{202E}ereh"]],
         "A checklist item contains a bidirectional formatting character, which shows text in another order than it has; remove it (right-to-left scripts need none)."),
        ("todo.set", ["name": "report", "done": true], #"todo.set needs "id", the item's id (a positive whole number), such as 2."#),
        ("todo.set", ["name": "report", "id": 0, "done": true], #"todo.set needs "id", the item's id (a positive whole number), such as 2."#),
        ("todo.set", ["name": "report", "id": "2", "done": true], #"todo.set needs "id", the item's id (a positive whole number), such as 2."#),
        ("todo.set", ["name": "report", "id": 2], #"todo.set changes "done" (true or false) or "text", or both; give at least one."#),
        ("todo.set", ["name": "report", "id": 2, "done": "yes"], #""done" must be true or false."#),
        ("todo.set", ["name": "report", "id": 2, "text": ""], #"A checklist item needs some text, such as "write intro"."#),
        ("todo.remove", ["name": "report"], #"todo.remove takes either "ids" (such as [2]) or "done": true, one of them."#),
        ("todo.remove", ["name": "report", "ids": []], #"todo.remove takes either "ids" (such as [2]) or "done": true, one of them."#),
        ("todo.remove", ["name": "report", "ids": [2], "done": true],
         #"todo.remove takes either "ids" (such as [2]) or "done": true, one of them."#),
        ("todo.remove", ["name": "report", "done": false], #""done" may only be true (remove every item that is done)."#),
        ("todo.remove", ["name": "report", "ids": [2, -1]], #""ids" must hold item ids, such as [2, 5]."#),
        ("todo.remove", ["name": "report", "ids": 2], #""ids" must be an array of item ids, such as [2, 5]."#),
    ]

    @Test(arguments: refused)
    func badParamsAreRefusedSayingWhatToSend(method: String, params: JSONValue, message: String) throws {
        let error = try #require(Self.refusal(method, params))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message == message)
    }

    static let nameless: [(String, JSONValue)] = [
        ("todo.add", ["items": ["x"]]), ("todo.set", ["id": 1, "done": true]), ("todo.remove", ["done": true]),
    ]

    @Test(arguments: nameless)
    func everyTodoMethodNeedsAName(method: String, params: JSONValue) throws {
        let error = try #require(Self.refusal(method, params))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"name\""))
    }

    @Test func anUnknownParamIsNamed() throws {
        let error = try #require(Self.refusal("todo.set", ["name": "report", "id": 2, "checked": true]))
        #expect(error.code == RPCError.invalidParamsCode)
        #expect(error.message.contains("\"checked\""))
    }

    @Test func fiveHundredCharactersAndAThousandItemsAreAccepted() throws {
        let text = String(repeating: "é", count: 500)
        #expect(throws: Never.self) { try Request(method: "todo.add", params: ["name": "report", "items": [.string(text)]]) }
        let many = JSONValue.array(Array(repeating: "x", count: 1000))
        #expect(throws: Never.self) { try Request(method: "todo.add", params: ["name": "report", "items": many]) }
    }
}
