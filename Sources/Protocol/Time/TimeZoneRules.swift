/// The one question `LocalCalendar` asks a time zone: what offset from UTC is in effect at an instant.
///
/// Keeping the interface this small lets tests supply zones computed in pure code
/// (no tz database, no `TZ` variable) and lets the calendar work with any source of rules.
public protocol TimeZoneRules: Sendable {
    /// Seconds east of UTC in effect at the instant `unixSeconds` (Berlin in winter: 3600).
    func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int
}
