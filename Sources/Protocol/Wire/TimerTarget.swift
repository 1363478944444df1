/// One timer by its name, or every timer (`"all": true`): what `cancel` and `dismiss` act on.
public enum TimerTarget: Sendable, Equatable {
    case one(name: String)
    case all

    /// Reads `name` or `"all": true` (never both) for `method`, whose `all` acts on `every`
    /// ("every timer", "every ringing timer").
    init(reading params: ParamsReader, method: String, every: String) throws(RPCError) {
        switch params.value("all") {
        case nil:
            guard params.value("name") != nil else {
                throw .invalidParams(
                    "\(method) needs \"name\", the timer's name (a string such as \"pasta\"), or \"all\": true to \(method) \(every).")
            }
            self = .one(name: try params.name())
        case .bool(true)?:
            guard params.value("name") == nil else {
                throw .invalidParams("\(method) takes either \"name\" (one timer) or \"all\": true (\(every)), not both.")
            }
            self = .all
        default:
            throw .invalidParams("\"all\" may only be true (\(method) \(every)); to \(method) one timer, give its \"name\" alone.")
        }
    }

    var params: JSONObject {
        switch self {
        case .one(let name): ["name": .string(name)]
        case .all: ["all": true]
        }
    }
}
