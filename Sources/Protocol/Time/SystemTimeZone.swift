import Glibc

/// The machine's local time zone as the C library sees it: `TZ` if set, otherwise `/etc/localtime`.
///
/// glibc reads the zone once and caches it; `init` calls `tzset()` so that a new
/// `SystemTimeZone` picks up the current `TZ`. Create a new one after the zone changes.
public struct SystemTimeZone: TimeZoneRules {
    public init() {
        tzset()
    }

    public func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int {
        var time = time_t(unixSeconds)
        var parts = tm()
        // localtime_r only fails for years that do not fit in an int; UTC is the
        // least surprising answer for such instants.
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
