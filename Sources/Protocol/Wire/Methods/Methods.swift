/// Every method of the protocol, one line each, in the order docs/protocol.md lists them. To
/// add a method: a file in this folder declaring it, its line here, and its handler in timerd
/// (Sources/timerd/Methods/); the tests check that all three agree with docs/protocol.md.
public enum Methods {
    public static let all: [any RPCMethod.Type] = [
        Start.self,
        List.self,
        Get.self,
        Pause.self,
        Resume.self,
        Reset.self,
        Cancel.self,
        Extend.self,
        Snooze.self,
        Dismiss.self,
        Toggle.self,
        Skip.self,
        Stopwatch.self,
        Lap.self,
        Subscribe.self,
        Ping.self,
        History.self,
        TodoAdd.self,
        TodoSet.self,
        TodoRemove.self,
    ]

    /// Every method's name, as on the wire, in order.
    public static let names = all.map { $0.method }

    private static let byName: [String: any RPCMethod.Type] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.method, $0) })

    /// The method named `name`, or the "unknown method" error naming the methods there are.
    public static func named(_ name: String) throws(RPCError) -> any RPCMethod.Type {
        if let method = byName[name] { return method }
        var hint = "the methods are \(names.joined(separator: ", "))."
        if let near = names.first(where: { $0 == name.lowercased() }) {
            hint = "did you mean \"\(near)\"? Method names are lower case."
        }
        throw RPCError(code: RPCError.methodNotFoundCode, message: "Unknown method \(TimerText.quoted(name)); \(hint)")
    }
}
