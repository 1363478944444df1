extension Methods {
    /// `resume`: runs a paused countdown on.
    public struct Resume: NamedTimerMethod {
        public static let method = "resume"
        public static let documentation = MethodDocumentation(
            params: "`{name}`", result: "`{timer}`: a paused countdown runs on from where it was")

        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}

extension Request {
    public static func resume(name: String) -> Request { Request(Methods.Resume(name: name)) }
}
