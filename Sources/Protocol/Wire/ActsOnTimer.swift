/// A method that acts on one existing timer named in its params: timerd replaces a selector
/// there (`@next`, `@ringing`) by the name of the timer it chooses before it acts.
public protocol ActsOnTimer: RPCMethod {
    /// The name sent; nil when the method acts on every timer (`"all": true`).
    var targetName: String? { get set }
}

/// An `ActsOnTimer` whose `name` param is always there.
public protocol ActsOnNamedTimer: ActsOnTimer {
    var name: String { get set }
}

extension ActsOnNamedTimer {
    public var targetName: String? {
        get { name }
        set { if let newValue { name = newValue } }
    }
}

/// An `ActsOnTimer` that takes a name or `"all": true` (`TimerTarget`).
public protocol ActsOnTarget: ActsOnTimer {
    var target: TimerTarget { get set }
}

extension ActsOnTarget {
    public var targetName: String? {
        get { if case .one(let name) = target { name } else { nil } }
        set { if let newValue, case .one = target { target = .one(name: newValue) } }
    }
}

extension Request {
    /// The selector standing in its timer's name, if it names one.
    public var selector: TimerSelector? {
        (body as? any ActsOnTimer)?.targetName.flatMap(TimerSelector.init(name:))
    }

    /// The request with `name` for the timer it acts on (the one its selector chose).
    public func naming(_ name: String) -> Request {
        guard var method = body as? any ActsOnTimer else { return self }
        method.targetName = name
        return Request(method)
    }
}
