/// A JSON value as the wire carries it.
///
/// Numbers keep the distinction the text made: a literal without fraction or exponent
/// that fits `Int64` is `.integer`, anything else is `.number`. Equality is structural,
/// so `.integer(480) != .number(480)`; code that does not care which form arrived should
/// read numbers through `int64Value` or `doubleValue`, which accept both. As with
/// `Double`, `.number(.nan)` is not equal to itself; the parser never produces it.
///
/// Values are trees and equality, hashing, writing and destruction recurse through them;
/// the parser bounds nesting (`maxDepth`), so that recursion is bounded too.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` if this is an object that has one; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    public var stringValue: String? {
        guard case .string(let s) = self else { return nil }
        return s
    }

    /// The number as a `Double`, whichever form it arrived in. Integers beyond 2^53 round.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    /// The number as an `Int64` if it is one exactly: `.integer`, or a `.number` that is
    /// integral and in range (`480.0` → 480, `-0.0` → 0, `0.5` and `1e19` → nil).
    public var int64Value: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }

    public var boolValue: Bool? {
        guard case .bool(let b) = self else { return nil }
        return b
    }

    public var arrayValue: [JSONValue]? {
        guard case .array(let a) = self else { return nil }
        return a
    }

    public var objectValue: JSONObject? {
        guard case .object(let o) = self else { return nil }
        return o
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value, as `JSONWriter` writes it.
    public var description: String { JSONWriter.string(self) }
}
