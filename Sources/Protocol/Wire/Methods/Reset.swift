extension Methods {
    /// `reset`: runs a countdown again from its original length.
    public struct Reset: NamedTimerMethod {
        public static let method = "reset"
        public static let documentation = MethodDocumentation(
            params: "`{name}`", result: "`{timer}`: a countdown runs again from its original length (extensions dropped), from any state")

        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}

extension Request {
    public static func reset(name: String) -> Request { Request(Methods.Reset(name: name)) }
}
