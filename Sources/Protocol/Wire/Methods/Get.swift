extension Methods {
    /// `get`: reads one timer.
    public struct Get: RPCMethod {
        public static let method = "get"
        public static let parameters = ["name"]
        public static let documentation = MethodDocumentation(
            params: "`{name}`", result: "`{timer}`")

        public var name: String

        public init(name: String) {
            self.name = name
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.name()
        }

        public var params: JSONObject { ["name": .string(name)] }
    }
}

extension Request {
    public static func get(name: String) -> Request { Request(Methods.Get(name: name)) }
}
