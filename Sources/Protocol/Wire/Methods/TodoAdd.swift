extension Methods {
    /// `todo.add`: adds items to a timer's checklist, in order.
    public struct TodoAdd: ActsOnNamedTimer {
        public static let method = "todo.add"
        public static let parameters = ["name", "items"]
        public static let documentation = MethodDocumentation(
            params: "`{name, items}`: `items` an array of 1–1000 strings",
            result: "`{timer}`: the items are added at the end of its checklist, not done")

        public var name: String
        public var texts: [String]

        public init(name: String, texts: [String]) {
            self.name = name
            self.texts = texts
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.name()
            guard case .array(let items)? = params.value("items"), !items.isEmpty, items.count <= TodoItem.maxItems else {
                throw .invalidParams("todo.add needs \"items\": an array of 1 to \(TodoItem.maxItems) strings, such as [\"write intro\"].")
            }
            texts = []
            for item in items {
                guard case .string(let text) = item else {
                    throw .invalidParams("Each of \"items\" must be a string, such as \"write intro\".")
                }
                if let problem = TodoItem.problem(withText: text) { throw .invalidParams(problem) }
                texts.append(text)
            }
        }

        public var params: JSONObject { ["name": .string(name), "items": .array(texts.map { .string($0) })] }
    }
}

extension Request {
    public static func todoAdd(name: String, texts: [String]) -> Request { Request(Methods.TodoAdd(name: name, texts: texts)) }
}
