/// One JSON-RPC method, declared once: its name on the wire, the params it accepts, its line in
/// docs/protocol.md's table of methods, how it is read from params (refusing anything off with
/// a message that names the problem) and how it is written back to them.
///
/// Each method is a value type in `Methods/`, listed once in `Methods.all`; the parser, the
/// "unknown method" error and the tests are derived from that list.
public protocol RPCMethod: Sendable, Equatable {
    /// The method's name, as on the wire.
    static var method: String { get }
    /// The params it takes, in the order error messages list them.
    static var parameters: [String] { get }
    /// Its row in docs/protocol.md's table of methods.
    static var documentation: MethodDocumentation { get }
    /// Reads the method from its params; the reader has already refused unknown keys.
    init(reading params: ParamsReader) throws(RPCError)
    /// Its params, as on the wire (empty for none).
    var params: JSONObject { get }
}

/// A method's row in docs/protocol.md's table: its params and its result, in Markdown.
public struct MethodDocumentation: Sendable, Equatable {
    public var params: String
    public var result: String

    public init(params: String, result: String) {
        self.params = params
        self.result = result
    }
}

extension RPCMethod {
    /// Whether `other` is this very method with the same params.
    func isEqual(to other: any RPCMethod) -> Bool {
        (other as? Self) == self
    }
}

/// A method whose only param is the timer's name (`get`, `pause`, `resume`, `reset`,
/// `toggle`): it declares its name and documentation, and the reading and writing of `{name}`
/// come from here.
public protocol NamedTimerMethod: ActsOnNamedTimer {
    init(name: String)
}

extension NamedTimerMethod {
    public static var parameters: [String] { ["name"] }

    public init(reading params: ParamsReader) throws(RPCError) {
        self.init(name: try params.name())
    }

    public var params: JSONObject { ["name": .string(name)] }
}
