/// A zone whose offset from UTC never changes; `FixedOffsetZone.utc` is UTC itself.
public struct FixedOffsetZone: TimeZoneRules, Hashable {
    /// Seconds east of UTC.
    public let seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    /// Coordinated Universal Time.
    public static let utc = FixedOffsetZone(seconds: 0)

    public func utcOffset(atUnixSeconds _: Int64) -> Int { seconds }
}
