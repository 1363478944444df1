extension Methods {
    /// `cancel`: removes one timer, or (`"all": true`) every timer in one transaction.
    public struct Cancel: ActsOnTarget {
        public static let method = "cancel"
        public static let parameters = ["name", "all"]
        public static let documentation = MethodDocumentation(
            params: "`{name}`, or `{all: true}`",
            result: "`{timer}` as it was; the timer is removed. With `all: true`: `{cancelled: N}`, every timer removed (below)")

        public typealias Target = TimerTarget

        public var target: Target

        public init(_ target: Target) {
            self.target = target
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            target = try Target(reading: params, method: Self.method, every: "every timer")
        }

        public var params: JSONObject { target.params }
    }
}

extension Request {
    public static func cancel(name: String) -> Request { Request(Methods.Cancel(.one(name: name))) }
    /// Cancels every timer at once, in one transaction (`cancel` with `"all": true`).
    public static let cancelAll = Request(Methods.Cancel(.all))
}
