extension Methods {
    /// `cancel`: removes one timer, or (`"all": true`) every timer in one transaction.
    public struct Cancel: RPCMethod {
        public static let method = "cancel"
        public static let parameters = ["name", "all"]
        public static let documentation = MethodDocumentation(
            params: "`{name}`, or `{all: true}`",
            result: "`{timer}` as it was; the timer is removed. With `all: true`: `{cancelled: N}`, every timer removed (below)")

        public enum Target: Sendable, Equatable {
            case one(name: String)
            case all
        }

        public var target: Target

        public init(_ target: Target) {
            self.target = target
        }

        public init(reading params: ParamsReader) throws(RPCError) {
            switch params.value("all") {
            case nil:
                guard params.value("name") != nil else {
                    throw .invalidParams(
                        "cancel needs \"name\", the timer's name (a string such as \"pasta\"), or \"all\": true to cancel every timer.")
                }
                target = .one(name: try params.name())
            case .bool(true)?:
                guard params.value("name") == nil else {
                    throw .invalidParams("cancel takes either \"name\" (one timer) or \"all\": true (every timer), not both.")
                }
                target = .all
            default:
                throw .invalidParams("\"all\" may only be true (cancel every timer); to cancel one timer, give its \"name\" alone.")
            }
        }

        public var params: JSONObject {
            switch target {
            case .one(let name): ["name": .string(name)]
            case .all: ["all": true]
            }
        }
    }
}

extension Request {
    public static func cancel(name: String) -> Request { Request(Methods.Cancel(.one(name: name))) }
    /// Cancels every timer at once, in one transaction (`cancel` with `"all": true`).
    public static let cancelAll = Request(Methods.Cancel(.all))
}
