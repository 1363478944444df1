/// An item of a timer's checklist (a deadline's TODO list).
public struct TodoItem: Sendable, Equatable {
    /// Stable for the item's life; not its position.
    public var id: Int
    public var text: String
    public var done: Bool

    public init(id: Int, text: String, done: Bool = false) {
        self.id = id
        self.text = text
        self.done = done
    }

    public static let maxTextCharacters = 500
    public static let maxItems = 1_000

    /// Nil when `text` is acceptable, else a sentence saying what to do.
    public static func problem(withText text: String) -> String? {
        if text.allSatisfy(\.isWhitespace) { return "A checklist item needs some text, such as \"write intro\"." }
        if text.count > maxTextCharacters || text.utf8.count > 4 * maxTextCharacters {
            return "A checklist item is at most \(maxTextCharacters) characters; this one has \(text.count). Split it in two."
        }
        if text.unicodeScalars.contains(where: TimerText.isControl) {
            return "A checklist item is one line of printable text; remove the control characters (newlines, tabs)."
        }
        if text.unicodeScalars.contains(where: TimerText.isBidiFormatting) {
            return "A checklist item contains \(TimerText.bidiFormattingProblem)"
        }
        return nil
    }

    public var json: JSONValue { ["id": .integer(Int64(id)), "text": .string(text), "done": .bool(done)] }

    public init(json: JSONValue) throws(RPCError) {
        guard let id = json["id"]?.int64Value, let text = json["text"]?.stringValue, let done = json["done"]?.boolValue else {
            throw RPCError(code: RPCError.internalErrorCode, message: "The daemon sent a checklist item this timerctl cannot read.")
        }
        self.init(id: Int(id), text: text, done: done)
    }
}

/// What `todo.set` changes in an item.
public struct TodoChange: Sendable, Equatable {
    public var done: Bool?
    public var text: String?
    public init(done: Bool? = nil, text: String? = nil) {
        self.done = done
        self.text = text
    }
}
