extension Methods {
    /// `subscribe`: events from now on, on this connection.
    public struct Subscribe: RPCMethod {
        public static let method = "subscribe"
        public static let parameters: [String] = []
        public static let documentation = MethodDocumentation(
            params: "none", result: "`{subscribed: true}`, then events on this connection")

        public init() {}

        public init(reading params: ParamsReader) {}

        public var params: JSONObject { [:] }
    }
}

extension Request {
    public static let subscribe = Request(Methods.Subscribe())
}
