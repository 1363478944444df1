extension Methods {
    /// `ping`: whether the daemon answers, and which one it is.
    public struct Ping: RPCMethod {
        public static let method = "ping"
        public static let parameters: [String] = []
        public static let documentation = MethodDocumentation(
            params: "none",
            result: #"`{version, protocol, startedBy}`, e.g. `{"version":"0.1.0","protocol":2,"startedBy":"systemd"}` (`startedBy`: `systemd`, `autostart`, `timerctl` or `hand`; `protocol`: see [Versions](#versions))"#)

        public init() {}

        public init(reading params: ParamsReader) {}

        public var params: JSONObject { [:] }
    }
}

extension Request {
    public static let ping = Request(Methods.Ping())
}
