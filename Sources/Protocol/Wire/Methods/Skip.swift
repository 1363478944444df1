extension Methods {
    /// `skip`: a recurring deadline passes over its next occurrence and waits for the one after.
    public struct Skip: NamedTimerMethod {
        public static let method = "skip"
        public static let documentation = MethodDocumentation(
            params: "`{name}`",
            result: "`{timer}`: a recurring deadline (`every`) goes on to the occurrence after its next, which does not fire; other timers are refused")

        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}

extension Request {
    public static func skip(name: String) -> Request { Request(Methods.Skip(name: name)) }
}
