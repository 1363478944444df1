/// A protocol request: one method (see `RPCMethod`, `Methods.all`) with its parameters, typed.
///
/// `Request` knows how to become the `method`/`params` pair of a JSON-RPC request and how to
/// be read back from one, refusing anything off with a message that names the problem. Each
/// method's file gives it a factory, such as `.pause(name:)`.
public struct Request: Sendable, Equatable {
    /// The method called and its params.
    public let body: any RPCMethod

    public init(_ body: some RPCMethod) {
        self.body = body
    }

    /// Reads a request from its method and params (absent params count as `{}`).
    public init(method: String, params: JSONValue?) throws(RPCError) {
        let type = try Methods.named(method)
        body = try type.init(reading: ParamsReader(method: method, accepted: type.parameters, params: params))
    }

    /// The method's name, as on the wire.
    public var method: String { type(of: body).method }

    public var params: JSONObject { body.params }

    public static func == (a: Request, b: Request) -> Bool {
        a.body.isEqual(to: b.body)
    }
}

extension Request: CustomStringConvertible {
    public var description: String { "\(method) \(JSONWriter.string(.object(params)))" }
}

extension Request {
    /// Matches a request by its method, whatever its params, as an enum case pattern without
    /// its values did: `case .success(.history)`.
    public struct MethodPattern: Sendable {
        let method: any RPCMethod.Type
    }

    public static func ~= (pattern: MethodPattern, request: Request) -> Bool {
        type(of: request.body) == pattern.method
    }
}
