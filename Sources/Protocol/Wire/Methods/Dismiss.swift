extension Methods {
    /// `dismiss`: answers a timer that is done, as its notification's Dismiss button does: its
    /// alarm stops ringing and its notification closes; the timer stays done. With `"all":
    /// true`, every ringing timer.
    public struct Dismiss: RPCMethod {
        public static let method = "dismiss"
        public static let parameters = ["name", "all"]
        public static let documentation = MethodDocumentation(
            params: "`{name}`, or `{all: true}`",
            result: "`{timer}`: its alarm stops ringing and its notification closes; it stays as it is (a *done* timer stays done). With `all: true`: `{dismissed: N}`, the N timers that were ringing answered")

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
                        "dismiss needs \"name\", the timer's name (a string such as \"pasta\"), or \"all\": true to dismiss every ringing timer.")
                }
                target = .one(name: try params.name())
            case .bool(true)?:
                guard params.value("name") == nil else {
                    throw .invalidParams("dismiss takes either \"name\" (one timer) or \"all\": true (every ringing timer), not both.")
                }
                target = .all
            default:
                throw .invalidParams("\"all\" may only be true (dismiss every ringing timer); to dismiss one timer, give its \"name\" alone.")
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
    public static func dismiss(name: String) -> Request { Request(Methods.Dismiss(.one(name: name))) }
    /// Answers every ringing timer at once (`dismiss` with `"all": true`).
    public static let dismissAll = Request(Methods.Dismiss(.all))
}
