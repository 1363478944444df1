extension Methods {
    /// `todo.set`: ticks, unticks or rewords one item, by its id.
    public struct TodoSet: ActsOnNamedTimer {
        public static let method = "todo.set"
        public static let parameters = ["name", "id", "done", "text"]
        public static let documentation = MethodDocumentation(
            params: "`{name, id, done?, text?}` (at least one of `done`, `text`)",
            result: "`{timer}`: the item ticked (`done: true`), unticked or reworded")

        public var name: String
        public var id: Int
        public var change: TodoChange

        public init(name: String, id: Int, change: TodoChange) {
            self.name = name
            self.id = id
            self.change = change
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.name()
            guard let id = params.value("id")?.int64Value, id > 0 else {
                throw .invalidParams("todo.set needs \"id\", the item's id (a positive whole number), such as 2.")
            }
            self.id = Int(id)
            change = TodoChange()
            switch params.value("done") {
            case nil: break
            case .bool(let done)?: change.done = done
            default: throw .invalidParams("\"done\" must be true or false.")
            }
            if let text = try params.optionalString("text", example: "\"proofread\"") {
                if let problem = TodoItem.problem(withText: text) { throw .invalidParams(problem) }
                change.text = text
            }
            guard change.done != nil || change.text != nil else {
                throw .invalidParams("todo.set changes \"done\" (true or false) or \"text\", or both; give at least one.")
            }
        }

        public var params: JSONObject {
            var p: JSONObject = ["name": .string(name), "id": .integer(Int64(id))]
            if let done = change.done { p["done"] = .bool(done) }
            if let text = change.text { p["text"] = .string(text) }
            return p
        }
    }
}

extension Request {
    public static func todoSet(name: String, id: Int, change: TodoChange) -> Request {
        Request(Methods.TodoSet(name: name, id: id, change: change))
    }
}
