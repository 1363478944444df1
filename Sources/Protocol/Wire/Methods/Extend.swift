extension Methods {
    /// `extend`: adds time to a timer (or takes it off), or moves a deadline.
    public struct Extend: ActsOnNamedTimer {
        public static let method = "extend"
        public static let parameters = ["name", "seconds"]
        public static let documentation = MethodDocumentation(
            params: "`{name, seconds}`",
            result: "`{timer}`: adds `seconds` (negative takes time off) to a countdown's remaining time and duration, or moves a deadline; a done countdown runs again for `seconds`")

        public var name: String
        public var by: Duration

        public init(name: String, by: Duration) {
            self.name = name
            self.by = by
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.name()
            guard let seconds = try params.optionalSeconds("seconds") else {
                throw .invalidParams("extend needs \"seconds\": the time to add (negative to take off), e.g. 120.")
            }
            by = seconds
        }

        public var params: JSONObject { ["name": .string(name), "seconds": WireTime.seconds(by)] }
    }
}

extension Request {
    public static func extend(name: String, by: Duration) -> Request { Request(Methods.Extend(name: name, by: by)) }
}
