extension Methods {
    /// `history`: recently fired timers, newest first; at most `limit` (default and maximum:
    /// `Limits.historyLength`).
    public struct History: RPCMethod {
        public static let method = "history"
        public static let parameters = ["limit"]
        public static let documentation = MethodDocumentation(
            params: "`{limit?}` (1–1000, default 1000)", result: "`{entries: [entry, …]}`, newest first")

        public var limit: Int?

        public init(limit: Int?) {
            self.limit = limit
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            guard let raw = params.value("limit") else { return }
            guard let limit = raw.int64Value, (1...Int64(Limits.historyLength)).contains(limit) else {
                throw .invalidParams("\"limit\" must be a whole number from 1 to \(Limits.historyLength), such as 20.")
            }
            self.limit = Int(limit)
        }

        public var params: JSONObject {
            guard let limit else { return [:] }
            return ["limit": .integer(Int64(limit))]
        }
    }
}

extension Request {
    public static func history(limit: Int?) -> Request { Request(Methods.History(limit: limit)) }
}

extension Request.MethodPattern {
    /// Any `history`, whatever its limit.
    public static let history = Request.MethodPattern(method: Methods.History.self)
}
