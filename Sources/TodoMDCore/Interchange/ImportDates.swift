import Foundation

/// The date and time spellings other apps export: `2026-11-27`, `20261127`,
/// `2026-11-27T09:30[:00[.000]]` with `Z`, `±HH:MM` or `±HHMM` or no zone, and the compact
/// `20261127T093000Z` of iCalendar and Taskwarrior.
public enum ImportDates {
    /// A local date-time. A zoned instant is shown in `zone`; with `midnightIsDay`, midnight
    /// there is the day alone (apps that store every date as an instant).
    public static func local(_ text: String, zone: TimeZone, midnightIsDay: Bool = false) -> LocalDateTime? {
        guard let p = parse(text) else { return nil }
        if let offset = p.offset {
            let date = p.instant(offset: offset)
            let local = LocalDateTime(instant: date, in: zone)
            if midnightIsDay, let t = local.time, t.hour == 0, t.minute == 0 { return LocalDateTime(date: local.date) }
            return local
        }
        if p.time == nil || (midnightIsDay && p.time?.hour == 0 && p.time?.minute == 0) { return LocalDateTime(date: p.date) }
        return LocalDateTime(date: p.date, time: p.time)
    }

    /// An instant; a value without a zone is read in `zone`, a date alone as its midnight.
    public static func instant(_ text: String, zone: TimeZone) -> Date? {
        guard let p = parse(text) else { return nil }
        if let offset = p.offset { return p.instant(offset: offset) }
        return LocalDateTime(date: p.date, time: p.time ?? LocalTime(hour: 0, minute: 0)).instant(in: zone).addingTimeInterval(TimeInterval(p.seconds))
    }

    /// `27.11.2026` (and `27.11.2026 09:30`): day, month, year, as spreadsheets in Germany,
    /// Russia and elsewhere write dates with dots.
    public static func dotted(_ text: String) -> LocalDateTime? {
        let parts = text.trimmed.split(separator: " ", maxSplits: 1)
        let dmy = parts.first?.split(separator: ".", omittingEmptySubsequences: false) ?? []
        guard dmy.count == 3, let d = Int(dmy[0]), let m = Int(dmy[1]), let y = Int(dmy[2]), dmy[2].count == 4,
              let date = LocalDate(year: y, month: m, day: d) else { return nil }
        guard parts.count == 2 else { return LocalDateTime(date: date) }
        let hm = parts[1].split(separator: ":")
        guard hm.count >= 2, let h = Int(hm[0]), let mi = Int(hm[1]), let time = LocalTime(hour: h, minute: mi) else { return nil }
        return LocalDateTime(date: date, time: time)
    }

    struct Parsed {
        var date: LocalDate
        var time: LocalTime?
        var seconds = 0
        /// Seconds east of UTC; nil for a floating (local) value.
        var offset: Int?

        func instant(offset: Int) -> Date {
            let utc = TimeZone(identifier: "UTC")!
            let t = time ?? LocalTime(hour: 0, minute: 0)!
            return LocalDateTime(date: date, time: t).instant(in: utc).addingTimeInterval(TimeInterval(seconds - offset))
        }
    }

    static func parse(_ text: String) -> Parsed? {
        let b = Array(text.trimmedSpaces.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in i..<(i + n) {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                v = v * 10 + Int(b[k] - 0x30)
            }
            i += n
            return v
        }
        func skip(_ c: UInt8) -> Bool {
            if i < b.count, b[i] == c { i += 1; return true }
            return false
        }
        guard let y = digits(4) else { return nil }
        let dashed = skip(0x2D)
        guard let m = digits(2) else { return nil }
        if dashed, !skip(0x2D) { return nil }
        guard let d = digits(2), let date = LocalDate(year: y, month: m, day: d) else { return nil }
        var p = Parsed(date: date)
        if i == b.count { return p }
        guard skip(0x54) || skip(0x20) || skip(0x74) else { return nil }
        guard let hh = digits(2) else { return nil }
        let colon = skip(0x3A)
        guard let mm = digits(2), let time = LocalTime(hour: hh, minute: mm) else { return nil }
        p.time = time
        if colon ? skip(0x3A) : (i < b.count && b[i] >= 0x30 && b[i] <= 0x39) {
            guard let ss = digits(2), ss < 61 else { return nil }
            p.seconds = ss
            if skip(0x2E) || skip(0x2C) { while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 } }
        }
        if i == b.count { return p }
        if skip(0x5A) || skip(0x7A) {
            p.offset = 0
        } else if i < b.count, b[i] == 0x2B || b[i] == 0x2D {
            let sign = b[i] == 0x2D ? -1 : 1
            i += 1
            guard let oh = digits(2) else { return nil }
            _ = skip(0x3A)
            let om = i < b.count ? (digits(2) ?? 0) : 0
            p.offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        return i == b.count ? p : nil
    }
}

extension LocalDateTime {
    /// The local date and minute of `instant` in `zone`.
    public init(instant: Date, in zone: TimeZone) {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        // An instant outside years 1–9999 (`9999-12-31T23:00-05:00` is in year 10000) is clamped, never a crash.
        let date = LocalDate(year: c.year ?? 1, month: c.month ?? 1, day: c.day ?? 1)
            ?? ((c.year ?? 1) < 1 ? LocalDate(year: 1, month: 1, day: 1)! : LocalDate(year: 9999, month: 12, day: 31)!)
        self.init(date: date, time: LocalTime(hour: c.hour ?? 0, minute: c.minute ?? 0))
    }
}
