/// Timestamps as RFC 3339 text: what the wire protocol, logs and state files carry.
public enum RFC3339 {
    /// `2026-11-30T18:42:00.123Z`: always UTC, always milliseconds.
    ///
    /// Sub-millisecond digits are cut toward the past (also before 1970), so the
    /// text never names a moment later than `t`.
    public static func format(_ t: Timestamp) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        write(t, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the text `format` returns to `output`, without making a string: a `list` of
    /// many timers writes hundreds of thousands of them.
    public static func write(_ t: Timestamp, into output: inout [UInt8]) {
        let seconds = t.seconds
        let milliseconds = Int(floorModulo(t.nanoseconds, 1_000_000_000) / 1_000_000)
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days))
        appendZeroPadded(date.year, width: 4, to: &output)
        output.append(ASCII.minus)
        appendZeroPadded(date.month, width: 2, to: &output)
        output.append(ASCII.minus)
        appendZeroPadded(date.day, width: 2, to: &output)
        output.append(UInt8(ascii: "T"))
        appendZeroPadded(secondOfDay / 3600, width: 2, to: &output)
        output.append(ASCII.colon)
        appendZeroPadded(secondOfDay / 60 % 60, width: 2, to: &output)
        output.append(ASCII.colon)
        appendZeroPadded(secondOfDay % 60, width: 2, to: &output)
        output.append(ASCII.period)
        appendZeroPadded(milliseconds, width: 3, to: &output)
        output.append(UInt8(ascii: "Z"))
    }

    /// Parses `YYYY-MM-DDThh:mm:ss[.fraction]` followed by `Z` or `±hh:mm`.
    ///
    /// Accepts `T`, `t` or a space between date and time, `Z` or `z`, and a fraction
    /// of 1 to 9 digits. A leap second (`:60`) is read as the first second of the
    /// next minute, since Unix time has no place for it. Returns nil for anything
    /// else, including impossible dates, surrounding whitespace and instants outside
    /// the range of `Timestamp` (years 1678 to 2261).
    public static func parse(_ text: some StringProtocol) -> Timestamp? {
        var scanner = ByteScanner(text)
        guard let year = scanner.number(digits: 4), scanner.consume(UInt8(ascii: "-")),
            let month = scanner.number(digits: 2), scanner.consume(UInt8(ascii: "-")),
            let day = scanner.number(digits: 2),
            scanner.consume(oneOf: [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]) != nil,
            let hour = scanner.number(digits: 2), scanner.consume(UInt8(ascii: ":")),
            let minute = scanner.number(digits: 2), scanner.consume(UInt8(ascii: ":")),
            let second = scanner.number(digits: 2)
        else { return nil }
        guard CivilDate.isValid(year: year, month: month, day: day), hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var nanosecond = 0
        if scanner.consume(UInt8(ascii: ".")) {
            let fraction = scanner.digits()
            guard (1...9).contains(fraction.count) else { return nil }
            nanosecond = ByteScanner.value(of: fraction)
            for _ in fraction.count..<9 { nanosecond *= 10 }
        }

        let offsetSeconds: Int
        if scanner.consume(oneOf: [UInt8(ascii: "Z"), UInt8(ascii: "z")]) != nil {
            offsetSeconds = 0
        } else if let sign = scanner.consume(oneOf: [UInt8(ascii: "+"), UInt8(ascii: "-")]),
            let offsetHours = scanner.number(digits: 2), scanner.consume(UInt8(ascii: ":")),
            let offsetMinutes = scanner.number(digits: 2), offsetHours <= 23, offsetMinutes <= 59
        {
            offsetSeconds = (sign == UInt8(ascii: "-") ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }

        let date = CivilDate(year: year, month: month, day: day)
        let unixSeconds = Int64(date.daysSinceEpoch) * 86_400
            + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        // Before 1970, scale the second one nearer to zero and take the remainder
        // off afterwards: the earliest representable instants would otherwise
        // overflow in the intermediate product.
        let borrow: Int64 = unixSeconds < 0 && nanosecond > 0 ? 1 : 0
        let (scaled, overflow1) = (unixSeconds + borrow).multipliedReportingOverflow(by: 1_000_000_000)
        let (nanoseconds, overflow2) = scaled.addingReportingOverflow(Int64(nanosecond) - borrow * 1_000_000_000)
        guard !overflow1 && !overflow2 else { return nil }
        return Timestamp(nanoseconds: nanoseconds)
    }
}
