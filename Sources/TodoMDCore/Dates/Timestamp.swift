import Foundation

/// `created`, `modified` and `completed` are instants written as UTC ISO-8601 with `Z`
/// (`2025-02-26T14:30:00Z`). Reading is lenient: fractional seconds, numeric offsets, a space
/// instead of `T`, and a bare local date-time (read in the given zone) are all accepted.
public enum Timestamp {
    /// Formats an instant as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func format(_ date: Date) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(20)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DDTHH:MM:SSZ` as ASCII.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        let secs = Int(date.timeIntervalSince1970.rounded(.down))
        let day = LocalDate(dayNumber: Int((Double(secs) / 86_400).rounded(.down)))
        var rem = secs - day.dayNumber * 86_400
        day.appendDigits(to: &bytes)
        bytes.append(0x54)
        LocalDate.append(rem / 3600, width: 2, to: &bytes)
        rem %= 3600
        bytes.append(0x3A)
        LocalDate.append(rem / 60, width: 2, to: &bytes)
        bytes.append(0x3A)
        LocalDate.append(rem % 60, width: 2, to: &bytes)
        bytes.append(0x5A)
    }

    /// Parses an ISO-8601 date-time. Without an offset the text is local time in `zone`;
    /// a date alone is local midnight. Nil when the instant falls outside the years 0001 to
    /// 9999 in UTC (`0001-01-01` east of Greenwich is in year 0): `format` could not write it
    /// back in a form this reads.
    public static func parse(_ raw: String, zone: TimeZone = TimeZone(identifier: "UTC")!) -> Date? {
        guard let d = parseAnyYear(raw, zone: zone), writable.contains(d.timeIntervalSince1970) else { return nil }
        return d
    }

    /// 0001-01-01T00:00:00Z up to the end of 9999-12-31, in seconds since 1970.
    static let writable = Double(LocalDate(year: 1, month: 1, day: 1)!.dayNumber * 86_400)
        ..< Double((LocalDate(year: 9999, month: 12, day: 31)!.dayNumber + 1) * 86_400)

    private static func parseAnyYear(_ raw: String, zone: TimeZone) -> Date? {
        let text = raw.trimmedSpaces
        let u = Array(text.utf8)
        guard u.count >= 10, let date = LocalDate(text.prefix(10)) else { return nil }
        if u.count == 10 { return date.startInstant(in: zone) }
        guard u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: "t") || u[10] == UInt8(ascii: " ") else { return nil }
        var i = 11
        func digits(_ n: Int) -> Int? {
            guard i + n <= u.count else { return nil }
            var v = 0
            for k in i..<(i + n) {
                guard u[k] >= 0x30, u[k] <= 0x39 else { return nil }
                v = v * 10 + Int(u[k] - 0x30)
            }
            i += n
            return v
        }
        guard let h = digits(2), i < u.count, u[i] == 0x3A else { return nil }
        i += 1
        guard let m = digits(2) else { return nil }
        var s = 0
        var frac = 0.0
        if i < u.count, u[i] == 0x3A {
            i += 1
            guard let sec = digits(2) else { return nil }
            s = sec
            if i < u.count, u[i] == 0x2E || u[i] == 0x2C {
                i += 1
                var scale = 0.1
                let start = i
                while i < u.count, u[i] >= 0x30, u[i] <= 0x39 {
                    frac += Double(u[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
        }
        guard h <= 24, m <= 59, s <= 60 else { return nil }
        let localSeconds = Double(date.dayNumber * 86_400 + h * 3600 + m * 60 + s) + frac
        if i == u.count {
            if date.year < LocalDate.julianBefore { return LocalDate.wallTime(localSeconds, in: zone) }
            // No offset: local wall time in `zone`. Resolve via Calendar so DST gaps are handled.
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = zone
            let comps = DateComponents(year: date.year, month: date.month, day: date.day,
                                       hour: h, minute: m, second: s)
            return cal.date(from: comps).map { $0.addingTimeInterval(frac) }
        }
        let rest = String(decoding: u[i...], as: UTF8.self)
        if rest == "Z" || rest == "z" { return Date(timeIntervalSince1970: localSeconds) }
        let ru = Array(rest.utf8)
        guard ru.count == 6 || ru.count == 5 || ru.count == 3, ru[0] == 0x2B || ru[0] == 0x2D else { return nil }
        let sign = ru[0] == 0x2B ? 1 : -1
        let digitsOnly = ru.dropFirst().filter { $0 != 0x3A }
        guard digitsOnly.count == 2 || digitsOnly.count == 4,
              digitsOnly.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let nums = digitsOnly.map { Int($0 - 0x30) }
        let oh = nums[0] * 10 + nums[1]
        let om = nums.count == 4 ? nums[2] * 10 + nums[3] : 0
        return Date(timeIntervalSince1970: localSeconds - Double(sign * (oh * 3600 + om * 60)))
    }
}
