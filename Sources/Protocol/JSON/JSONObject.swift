/// The members of a JSON object: unique keys, kept in insertion order.
///
/// Order is what the writer emits (so replies read the way they were built), but it is
/// not part of equality: two objects are equal when they have the same keys with equal
/// values, as JSON means it. Keys compare as Swift strings, that is by Unicode canonical
/// equivalence, so `"é"` and `"e\u{301}"` are the same key.
///
/// Wire objects have a handful of members, so lookup scans the keys; past
/// `linearScanLimit` members a hash index takes over, which keeps hostile input with
/// thousands of keys from turning duplicate detection quadratic.
public struct JSONObject: Sendable {
    /// The keys in insertion order.
    public private(set) var keys: [String] = []
    /// The values, in the order of `keys`.
    public private(set) var values: [JSONValue] = []
    /// Position of each key, only kept once the object is too large to scan.
    private var index: [String: Int]?

    static let linearScanLimit = 16

    public init() {}

    /// An object with the given members in order. Repeating a key is a programming error and traps.
    public init(uniqueKeysWithValues members: some Sequence<(String, JSONValue)>) {
        var keys: [String] = []
        var values: [JSONValue] = []
        for (key, value) in members {
            keys.append(key)
            values.append(value)
        }
        do {
            try self.init(keys: keys, values: values)
        } catch {
            preconditionFailure("duplicate key \"\(keys[error.position])\" in JSONObject")
        }
    }

    /// Thrown by `init(keys:values:)`: where the first key that repeats an earlier one sits.
    struct DuplicateKey: Error {
        let position: Int
    }

    /// Adopts parallel arrays in one go, checking uniqueness once instead of per insert.
    init(keys: [String], values: [JSONValue]) throws(DuplicateKey) {
        assert(keys.count == values.count)
        if keys.count > Self.linearScanLimit {
            var index: [String: Int] = [:]
            index.reserveCapacity(keys.count)
            for (position, key) in keys.enumerated() where index.updateValue(position, forKey: key) != nil {
                throw DuplicateKey(position: position)
            }
            self.index = index
        } else {
            for position in keys.indices.dropFirst() where keys[..<position].contains(keys[position]) {
                throw DuplicateKey(position: position)
            }
        }
        self.keys = keys
        self.values = values
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`, or nil. Assigning a value replaces it in place or appends it;
    /// assigning nil removes the key.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Replaces the value of an existing key (keeping its place) or appends a new member.
    /// Returns the value replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = position(of: key) {
            let old = values[position]
            values[position] = value
            return old
        }
        keys.append(key)
        values.append(value)
        if index != nil {
            index![key] = keys.count - 1
        } else if keys.count > Self.linearScanLimit {
            rebuildIndex()
        }
        return nil
    }

    /// Removes `key` and returns its value; later members keep their order.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        keys.remove(at: position)
        let old = values.remove(at: position)
        if index != nil { rebuildIndex() }
        return old
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    private mutating func rebuildIndex() {
        guard keys.count > Self.linearScanLimit else {
            index = nil
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { index[key] = position }
        self.index = index
    }
}

extension JSONObject: Sequence {
    public typealias Element = (key: String, value: JSONValue)

    /// Walks the members in insertion order.
    public struct Iterator: IteratorProtocol {
        private let object: JSONObject
        private var position = 0

        init(_ object: JSONObject) { self.object = object }

        public mutating func next() -> Element? {
            guard position < object.keys.count else { return nil }
            defer { position += 1 }
            return (object.keys[position], object.values[position])
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }
    public var underestimatedCount: Int { keys.count }
}

extension JSONObject: Hashable {
    /// Same keys with equal values, in any order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        guard a.count == b.count else { return false }
        // Objects built the same way have the same order; skip the lookups then.
        if a.keys == b.keys { return a.values == b.values }
        for (key, value) in a where b[key] != value { return false }
        return true
    }

    /// Order-independent, to agree with `==`: members are hashed one by one and summed.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, value) in self {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            sum &+= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
