extension Methods {
    /// `dismiss`: answers a timer that is done, as its notification's Dismiss button does: its
    /// alarm stops ringing and its notification closes; the timer stays done. With `"all":
    /// true`, every ringing timer.
    public struct Dismiss: ActsOnTarget {
        public static let method = "dismiss"
        public static let parameters = ["name", "all"]
        public static let documentation = MethodDocumentation(
            params: "`{name}`, or `{all: true}`",
            result: "`{timer}`: its alarm stops ringing and its notification closes; it stays as it is (a *done* timer stays done). With `all: true`: `{dismissed: N}`, the N timers that were ringing answered")

        public typealias Target = TimerTarget

        public var target: Target

        public init(_ target: Target) {
            self.target = target
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            target = try Target(reading: params, method: Self.method, every: "every ringing timer")
        }

        public var params: JSONObject { target.params }
    }
}

extension Request {
    public static func dismiss(name: String) -> Request { Request(Methods.Dismiss(.one(name: name))) }
    /// Answers every ringing timer at once (`dismiss` with `"all": true`).
    public static let dismissAll = Request(Methods.Dismiss(.all))
}
