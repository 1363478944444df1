extension Methods {
    /// `pause`: holds a running countdown.
    public struct Pause: RPCMethod {
        public static let method = "pause"
        public static let parameters = ["name"]
        public static let documentation = MethodDocumentation(
            params: "`{name}`", result: "`{timer}`: a running countdown keeps its remaining time")

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
    public static func pause(name: String) -> Request { Request(Methods.Pause(name: name)) }
}
