extension Methods {
    /// `todo.remove`: removes items by id, or (`doneOnly`) every item that is done.
    public struct TodoRemove: ActsOnNamedTimer {
        public static let method = "todo.remove"
        public static let parameters = ["name", "ids", "done"]
        public static let documentation = MethodDocumentation(
            params: "`{name, ids}` or `{name, done: true}`",
            result: "`{timer}`: the items with those ids removed, or every item that is done")

        public var name: String
        public var ids: [Int]
        public var doneOnly: Bool

        public init(name: String, ids: [Int], doneOnly: Bool) {
            self.name = name
            self.ids = ids
            self.doneOnly = doneOnly
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.name()
            switch params.value("done") {
            case nil: doneOnly = false
            case .bool(true)?: doneOnly = true
            default: throw .invalidParams("\"done\" may only be true (remove every item that is done).")
            }
            ids = []
            if case .array(let items)? = params.value("ids") {
                for item in items {
                    guard let id = item.int64Value, id > 0 else { throw .invalidParams("\"ids\" must hold item ids, such as [2, 5].") }
                    ids.append(Int(id))
                }
            } else if params.value("ids") != nil {
                throw .invalidParams("\"ids\" must be an array of item ids, such as [2, 5].")
            }
            guard doneOnly != !ids.isEmpty else {
                throw .invalidParams("todo.remove takes either \"ids\" (such as [2]) or \"done\": true, one of them.")
            }
        }

        public var params: JSONObject {
            var p: JSONObject = ["name": .string(name)]
            if doneOnly { p["done"] = true } else { p["ids"] = .array(ids.map { .integer(Int64($0)) }) }
            return p
        }
    }
}

extension Request {
    public static func todoRemove(name: String, ids: [Int], doneOnly: Bool) -> Request {
        Request(Methods.TodoRemove(name: name, ids: ids, doneOnly: doneOnly))
    }
}
