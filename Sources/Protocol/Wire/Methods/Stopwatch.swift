extension Methods {
    /// `stopwatch`: a new stopwatch, counting up from zero.
    public struct Stopwatch: RPCMethod {
        public static let method = "stopwatch"
        public static let parameters = ["name", "notifyEvery"]
        public static let documentation = MethodDocumentation(
            params: "`{name, notifyEvery?}`: `notifyEvery` in seconds (1 to 365 days)",
            result: "`{timer}`: a stopwatch counting up from 0, running; with `notifyEvery` it notifies each time its elapsed time passes a multiple of it")

        /// The shortest and longest `notifyEvery`.
        public static let notifyEveryRange: ClosedRange<Duration> = .seconds(1)...Limits.maxCountdown

        public var name: String
        public var notifyEvery: Duration?

        public init(name: String, notifyEvery: Duration? = nil) {
            self.name = name
            self.notifyEvery = notifyEvery
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.newName()
            notifyEvery = try params.optionalSeconds("notifyEvery")
            if let notifyEvery, !Self.notifyEveryRange.contains(notifyEvery) {
                throw .invalidParams(
                    "\"notifyEvery\" must be from 1 second to 365 days (31536000 seconds), such as 1500 for every 25 minutes.")
            }
        }

        public var params: JSONObject {
            var p: JSONObject = ["name": .string(name)]
            if let notifyEvery { p["notifyEvery"] = WireTime.seconds(notifyEvery) }
            return p
        }
    }
}

extension Request {
    public static func stopwatch(name: String, notifyEvery: Duration? = nil) -> Request {
        Request(Methods.Stopwatch(name: name, notifyEvery: notifyEvery))
    }
}
