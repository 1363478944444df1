/// Converts between instants and what the wall clock shows in one time zone.
///
/// Local times that the clock skips or shows twice are resolved like this:
/// - **Gap** (spring forward, e.g. 02:30 on the last Sunday of March in Berlin):
///   the instant the clock would have shown that reading had it not jumped, i.e.
///   the reading moved forward by the size of the gap (02:30 becomes 03:30 CEST).
/// - **Overlap** (fall back, e.g. 02:30 on the last Sunday of October in Berlin):
///   the earlier of the two instants (02:30 CEST, not 02:30 CET).
///
/// The calendar only ever asks the zone for `utcOffset`, so it works for any
/// `TimeZoneRules`, provided the zone's offset changes at most once within about
/// two days around the time asked about (true of every real zone's regular rules).
/// Local times must lie within the years a `Timestamp` can hold (1678 to 2261).
public struct LocalCalendar: Sendable {
    public let zone: any TimeZoneRules

    public init(zone: any TimeZoneRules) { self.zone = zone }

    /// What the wall clock shows at `t`.
    public func local(_ t: Timestamp) -> LocalDateTime {
        let seconds = t.seconds
        let wall = seconds + Int64(zone.utcOffset(atUnixSeconds: seconds))
        let days = floorDivide(wall, 86_400)
        let secondOfDay = Int(wall - days * 86_400)
        return LocalDateTime(
            date: CivilDate(daysSinceEpoch: Int(days)),
            hour: secondOfDay / 3600,
            minute: secondOfDay / 60 % 60,
            second: secondOfDay % 60,
            nanosecond: Int(floorModulo(t.nanoseconds, 1_000_000_000)))
    }

    /// The instant at which the wall clock shows `l`; see the type's documentation
    /// for readings that fall in a gap or an overlap.
    public func timestamp(_ l: LocalDateTime) -> Timestamp {
        occurrences(l)[0]
    }

    /// Every instant at which the wall clock shows `l`, earliest first: one
    /// normally, two in an overlap. In a gap, where there is none, the single
    /// element is the instant `timestamp(_:)` chooses.
    func occurrences(_ l: LocalDateTime) -> [Timestamp] {
        let wall = l.wallSeconds
        // The offsets a day either side of the reading are those before and after
        // any transition near it; offsets never exceed a day, so both are on the
        // right side. Each candidate is kept only if the zone confirms it.
        let before = zone.utcOffset(atUnixSeconds: wall - 86_400)
        let after = zone.utcOffset(atUnixSeconds: wall + 86_400)
        let candidates = [before, zone.utcOffset(atUnixSeconds: wall), after]
        var confirmed: [Int64] = []
        for offset in candidates {
            let unix = wall - Int64(offset)
            if zone.utcOffset(atUnixSeconds: unix) == offset && !confirmed.contains(unix) {
                confirmed.append(unix)
            }
        }
        // In a gap no offset fits; reading the clock with the offset from before
        // the jump lands after it, by exactly the size of the gap.
        let seconds = confirmed.isEmpty ? [wall - Int64(before)] : confirmed.sorted()
        return seconds.map { Timestamp(nanoseconds: $0 * 1_000_000_000 + Int64(l.nanosecond)) }
    }

    /// The first instant strictly after `now` at which the wall clock shows `l`,
    /// or nil when every such instant is at or before `now`. In an overlap this is
    /// the second pass of the reading when the first has already gone by.
    func firstOccurrence(of l: LocalDateTime, after now: Timestamp) -> Timestamp? {
        occurrences(l).first { $0 > now }
    }
}
