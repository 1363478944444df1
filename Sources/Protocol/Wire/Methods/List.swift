extension Methods {
    /// `list`: every timer, oldest first.
    public struct List: RPCMethod {
        public static let method = "list"
        public static let parameters: [String] = []
        public static let documentation = MethodDocumentation(
            params: "none", result: "`{timers: [timer, …]}` (oldest first)")

        public init() {}

        public init(reading params: ParamsReader) {}

        public var params: JSONObject { [:] }
    }
}

extension Request {
    public static let list = Request(Methods.List())
}
