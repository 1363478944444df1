extension Methods {
    /// `pause`: holds a running countdown.
    public struct Pause: NamedTimerMethod {
        public static let method = "pause"
        public static let documentation = MethodDocumentation(
            params: "`{name}`", result: "`{timer}`: a running countdown keeps its remaining time")

        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}

extension Request {
    public static func pause(name: String) -> Request { Request(Methods.Pause(name: name)) }
}
