extension Methods {
    /// `lap`: a running stopwatch records a lap.
    public struct Lap: NamedTimerMethod {
        public static let method = "lap"
        public static let documentation = MethodDocumentation(
            params: "`{name}`",
            result: "`{timer}`: a running stopwatch records a lap, its elapsed time now and the split since the lap before, at the end of `laps` (at most 1000)")

        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}

extension Request {
    public static func lap(name: String) -> Request { Request(Methods.Lap(name: name)) }
}
