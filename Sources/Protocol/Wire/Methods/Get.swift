extension Methods {
    /// `get`: reads one timer.
    public struct Get: NamedTimerMethod {
        public static let method = "get"
        public static let documentation = MethodDocumentation(
            params: "`{name}`", result: "`{timer}`")

        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}

extension Request {
    public static func get(name: String) -> Request { Request(Methods.Get(name: name)) }
}
