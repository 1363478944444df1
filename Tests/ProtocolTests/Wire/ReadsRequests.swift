import Protocol

/// The suites on reading requests share how they read one (and others call `RequestTests.refusal`).
protocol ReadsRequests {}

extension ReadsRequests {
    /// The request read from `method` and `params`, or the error it was refused with.
    static func read(_ method: String, _ params: JSONValue?) -> Result<Request, RPCError> {
        Result { () throws(RPCError) in try Request(method: method, params: params) }
    }

    /// The error `method` with `params` is refused with, or nil if it is accepted.
    static func refusal(_ method: String, _ params: JSONValue?) -> RPCError? {
        read(method, params).failure
    }
}
