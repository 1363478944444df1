/// How times are written on the wire.
public enum WireTime {
    /// Seconds as a JSON number, to the millisecond.
    public static func seconds(_ d: Duration) -> JSONValue {
        let ms = (Double(d.nanoseconds) / 1e6).rounded()
        if ms.truncatingRemainder(dividingBy: 1000) == 0 { return .integer(Int64(ms / 1000)) }
        return .number(ms / 1000)
    }

    public static func instant(_ t: Timestamp?) -> JSONValue {
        guard let t else { return .null }
        return .string(RFC3339.format(t))
    }
}
