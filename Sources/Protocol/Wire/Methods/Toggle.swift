extension Methods {
    /// `toggle`: what a single button on a timer does: pauses it when it runs, resumes it when
    /// paused, and answers its alarm when it rings.
    public struct Toggle: NamedTimerMethod {
        public static let method = "toggle"
        public static let documentation = MethodDocumentation(
            params: "`{name}`",
            result: "`{timer}`: a running countdown pauses, a paused one resumes, a ringing timer is dismissed (as `dismiss`); a deadline that runs and a done timer that does not ring are refused as `pause` and `resume` refuse them")

        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}

extension Request {
    public static func toggle(name: String) -> Request { Request(Methods.Toggle(name: name)) }
}
