extension Methods {
    /// `resume`: runs a paused countdown on.
    public struct Resume: RPCMethod {
        public static let method = "resume"
        public static let parameters = ["name"]
        public static let documentation = MethodDocumentation(
            params: "`{name}`", result: "`{timer}`: a paused countdown runs on from where it was")

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
    public static func resume(name: String) -> Request { Request(Methods.Resume(name: name)) }
}
