extension Methods {
    /// `snooze`: runs a finished timer again for `by` (default 5 min): "remind me again later".
    public struct Snooze: ActsOnNamedTimer {
        public static let method = "snooze"
        public static let parameters = ["name", "seconds"]
        public static let documentation = MethodDocumentation(
            params: "`{name, seconds?}` (default: the first of timerd.conf's `snooze` lengths, else 300)",
            result: "`{timer}`: a *done* timer runs again for `seconds` (a countdown of that length; a deadline moved to that far from now)")

        public var name: String
        /// nil: the daemon's default.
        public var by: Duration?

        public init(name: String, by: Duration?) {
            self.name = name
            self.by = by
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            name = try params.name()
            by = try params.optionalSeconds("seconds")
        }

        public var params: JSONObject {
            var p: JSONObject = ["name": .string(name)]
            if let by { p["seconds"] = WireTime.seconds(by) }
            return p
        }
    }
}

extension Request {
    public static func snooze(name: String, by: Duration?) -> Request { Request(Methods.Snooze(name: name, by: by)) }
}
