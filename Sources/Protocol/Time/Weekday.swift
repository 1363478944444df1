/// A day of the week, numbered as C's `tm_wday` does (Sunday is 0).
public enum Weekday: Int, Hashable, Sendable, CaseIterable {
    case sunday = 0, monday, tuesday, wednesday, thursday, friday, saturday

    /// The three-letter English abbreviation used in displays: `Sun`, `Mon`, …
    public var abbreviation: String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][rawValue]
    }

    /// The full English name in lower case: `sunday`, `monday`, …
    public var name: String {
        ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][rawValue]
    }

    /// Days from `self` forward to `other`, in `0...6` (zero when they are the same day).
    public func days(until other: Weekday) -> Int {
        floorModulo(other.rawValue - rawValue, 7)
    }
}
