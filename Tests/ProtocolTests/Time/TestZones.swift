import Protocol

// Time zones computed in pure code, so DST tests need neither a tz database nor `TZ`.
// Their transition instants are checked against published dates in TimeZoneRulesTests.

/// EU rules, as in Europe/Berlin (standard offset 3600) or Europe/London (0):
/// summer time, one hour ahead, from the last Sunday of March 01:00 UTC
/// to the last Sunday of October 01:00 UTC.
struct EURulesZone: TimeZoneRules {
    var standardOffset: Int

    static let berlin = EURulesZone(standardOffset: 3600)

    func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int {
        let year = utcYear(of: unixSeconds)
        let start = utcSeconds(of: lastSunday(year: year, month: 3), hour: 1)
        let end = utcSeconds(of: lastSunday(year: year, month: 10), hour: 1)
        return (start..<end).contains(unixSeconds) ? standardOffset + 3600 : standardOffset
    }
}

/// US rules, as in America/New_York (standard offset -18000): daylight time, one
/// hour ahead, from the second Sunday of March 02:00 local standard time to the
/// first Sunday of November 02:00 local daylight time.
struct USRulesZone: TimeZoneRules {
    var standardOffset: Int

    static let newYork = USRulesZone(standardOffset: -18_000)

    func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int {
        let year = utcYear(of: unixSeconds)
        let start = utcSeconds(of: firstSunday(year: year, month: 3).adding(days: 7), hour: 2)
            - Int64(standardOffset)
        let end = utcSeconds(of: firstSunday(year: year, month: 11), hour: 2) - Int64(standardOffset + 3600)
        return (start..<end).contains(unixSeconds) ? standardOffset + 3600 : standardOffset
    }
}

/// A zone whose offset changes once, at `instant`: for odd cases such as Samoa
/// skipping 30 December 2011 or a transition at local midnight.
struct OneTransitionZone: TimeZoneRules {
    var instant: Int64
    var before: Int
    var after: Int

    func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int {
        unixSeconds < instant ? before : after
    }
}

private func utcYear(of unixSeconds: Int64) -> Int {
    let days = unixSeconds >= 0 ? unixSeconds / 86_400 : -((-unixSeconds + 86_399) / 86_400)
    return CivilDate(daysSinceEpoch: Int(days)).year
}

private func utcSeconds(of date: CivilDate, hour: Int) -> Int64 {
    Int64(date.daysSinceEpoch) * 86_400 + Int64(hour) * 3600
}

private func lastSunday(year: Int, month: Int) -> CivilDate {
    let last = CivilDate(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month))
    return last.adding(days: -last.weekday.rawValue)
}

private func firstSunday(year: Int, month: Int) -> CivilDate {
    let first = CivilDate(year: year, month: month, day: 1)
    return first.adding(days: (7 - first.weekday.rawValue) % 7)
}

/// Calendars on the test zones.
extension LocalCalendar {
    static let berlin = LocalCalendar(zone: EURulesZone.berlin)
    static let newYork = LocalCalendar(zone: USRulesZone.newYork)
    static let utc = LocalCalendar(zone: FixedOffsetZone.utc)
}

/// A test calendar by name, so that argument tables can name zones.
func calendar(_ name: String) -> LocalCalendar {
    switch name {
    case "berlin": .berlin
    case "newYork": .newYork
    default: .utc
    }
}

/// Lord Howe Island (Australia/Lord_Howe): +10:30, and +11:00 from the first Sunday of
/// October 02:00 local to the first Sunday of April 02:00 local: a change of 30 minutes.
struct LordHoweZone: TimeZoneRules {
    func utcOffset(atUnixSeconds unixSeconds: Int64) -> Int {
        let year = utcYear(of: unixSeconds)
        let end = utcSeconds(of: firstSunday(year: year, month: 4), hour: 2) - 39_600
        let start = utcSeconds(of: firstSunday(year: year, month: 10), hour: 2) - 37_800
        return unixSeconds < end || unixSeconds >= start ? 39_600 : 37_800
    }
}

extension LocalCalendar {
    static let lordHowe = LocalCalendar(zone: LordHoweZone())
    /// Samoa (Pacific/Apia), which went from UTC-10 to UTC+14 at the end of 29 December 2011
    /// and had no 30 December.
    static let apia = LocalCalendar(
        zone: OneTransitionZone(instant: RFC3339.parse("2011-12-30T10:00:00Z")!.seconds, before: -36_000, after: 50_400))
}
