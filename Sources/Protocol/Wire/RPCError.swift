/// A JSON-RPC error object: a code from the table below and a message a person can act on.
///
/// | code   | meaning |
/// |--------|---------|
/// | -32700 | parse error: the line is not JSON |
/// | -32600 | invalid request: JSON, but not a JSON-RPC 2.0 request |
/// | -32601 | unknown method |
/// | -32602 | invalid params |
/// | -32603 | internal error |
/// | -32001 | no timer has that name |
/// | -32002 | a timer with that name already exists |
/// | -32003 | the timer is in the wrong state for that (pausing a paused timer…) |
/// | -32004 | a limit was reached (too many timers) |
/// | -32005 | the change could not be saved (disk full, state directory not writable); nothing changed |
public struct RPCError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String
    /// Extra machine-readable detail: for a refusal of the daemon's, its `reason` and the facts
    /// it is about, e.g. `{"reason": "paused", "name": "pasta", "state": "paused"}` (`ErrorReason`).
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { message }

    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    public static let notFoundCode = -32001
    public static let alreadyExistsCode = -32002
    public static let wrongStateCode = -32003
    public static let limitReachedCode = -32004
    public static let storageFailedCode = -32005

    public static func parseError(_ message: String) -> RPCError { RPCError(code: parseErrorCode, message: message) }
    public static func invalidRequest(_ message: String) -> RPCError {
        RPCError(code: invalidRequestCode, message: message)
    }
    public static func invalidParams(_ message: String) -> RPCError {
        RPCError(code: invalidParamsCode, message: message)
    }
}
