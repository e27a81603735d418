import Foundation

extension RecurrenceRule {
    /// Parses an RFC 5545 RRULE value. Accepts an optional `RRULE:` prefix and an optional
    /// `DTSTART:` part, either `;`-joined as TaskNotes writes it (`DTSTART:20250804;FREQ=DAILY`)
    /// or on its own line. Keys are case-insensitive. Throws `RecurrenceRuleError` naming the bad part.
    public init(rrule text: String) throws {
        var start: RecurrenceInstant?
        var startUTC = false
        var parts: [String] = []
        var pendingStart = false
        // Lines may be `DTSTART:…`, `RRULE:…` or a bare rule; each line may itself hold `;` parts.
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.uppercased().hasPrefix("RRULE:") { line = String(line.dropFirst(6)) }
            for p in line.split(separator: ";", omittingEmptySubsequences: true) {
                let part = p.trimmingCharacters(in: .whitespaces)
                if part.isEmpty { continue }
                let up = part.uppercased()
                if up.hasPrefix("RRULE:") {
                    parts.append(String(part.dropFirst(6)))
                } else if up == "DTSTART" {
                    pendingStart = true  // `DTSTART;VALUE=DATE:20250804`: the value is in a later part
                } else if pendingStart, up.hasPrefix("VALUE=") || up.hasPrefix("TZID="), let colon = part.lastIndex(of: ":") {
                    pendingStart = false
                    let value = String(part[part.index(after: colon)...])
                    guard let (inst, utc) = Self.parseDateValue(value) else {
                        throw RecurrenceRuleError("DTSTART=\(value): not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS[Z])")
                    }
                    if start != nil { throw RecurrenceRuleError("DTSTART given twice") }
                    start = inst
                    startUTC = utc
                } else if up.hasPrefix("DTSTART") {
                    // `DTSTART:20250804`, `DTSTART;VALUE=DATE:…` joined by `;`, `DTSTART=…`.
                    guard let sep = part.lastIndex(where: { $0 == ":" || $0 == "=" }) else {
                        throw RecurrenceRuleError("\(part): DTSTART has no value")
                    }
                    let value = String(part[part.index(after: sep)...])
                    guard let (inst, utc) = Self.parseDateValue(value) else {
                        throw RecurrenceRuleError("DTSTART=\(value): not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS[Z])")
                    }
                    if start != nil { throw RecurrenceRuleError("DTSTART given twice") }
                    start = inst
                    startUTC = utc
                } else if up.hasPrefix("VALUE=") || up.hasPrefix("TZID=") {
                    continue  // parameters of a `DTSTART;VALUE=DATE:…` split at `;`
                } else {
                    parts.append(part)
                }
            }
        }
        var freq: RecurrenceFrequency?
        var seen = Set<String>()
        var rule = RecurrenceRule(frequency: .daily)
        for part in parts {
            guard let eq = part.firstIndex(of: "=") else {
                throw RecurrenceRuleError("\(part): expected NAME=VALUE")
            }
            let key = part[..<eq].trimmingCharacters(in: .whitespaces).uppercased()
            let value = part[part.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            let shown = "\(key)=\(value)"
            guard !seen.contains(key) else { throw RecurrenceRuleError("\(key) given twice") }
            seen.insert(key)
            guard !value.isEmpty else { throw RecurrenceRuleError("\(shown): empty value") }
            func ints(_ lo: Int, _ hi: Int, negative: Bool) throws -> [Int] {
                let range = negative ? "\(lo)…\(hi) or -\(hi)…-\(lo)" : "\(lo)…\(hi)"
                return try value.split(separator: ",", omittingEmptySubsequences: false).map { s in
                    let t = s.trimmingCharacters(in: .whitespaces)
                    guard let n = Int(t) else { throw RecurrenceRuleError("\(shown): \(t.isEmpty ? "empty item" : "'\(t)' is not a number")") }
                    let ok = (lo...hi).contains(n) || (negative && (-hi ... -lo).contains(n))
                    guard ok else { throw RecurrenceRuleError("\(shown): value out of range \(range)") }
                    return n
                }
            }
            switch key {
            case "FREQ":
                guard let f = RecurrenceFrequency(rawValue: value.uppercased()) else {
                    throw RecurrenceRuleError("\(shown): unknown frequency (expected SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY)")
                }
                freq = f
            case "INTERVAL":
                guard let n = Int(value), n >= 1 else { throw RecurrenceRuleError("\(shown): must be a positive integer") }
                rule.interval = n
            case "COUNT":
                guard let n = Int(value), n >= 1 else { throw RecurrenceRuleError("\(shown): must be a positive integer") }
                rule.count = n
            case "UNTIL":
                guard let (inst, utc) = Self.parseDateValue(value) else {
                    throw RecurrenceRuleError("\(shown): not a date (YYYYMMDD) or date-time (YYYYMMDDTHHMMSS[Z])")
                }
                rule.until = inst
                rule.untilIsUTC = utc
            case "BYSECOND": rule.bySecond = try ints(0, 59, negative: false)
            case "BYMINUTE": rule.byMinute = try ints(0, 59, negative: false)
            case "BYHOUR": rule.byHour = try ints(0, 23, negative: false)
            case "BYMONTHDAY": rule.byMonthDay = try ints(1, 31, negative: true)
            case "BYYEARDAY": rule.byYearDay = try ints(1, 366, negative: true)
            case "BYWEEKNO": rule.byWeekNo = try ints(1, 53, negative: true)
            case "BYMONTH": rule.byMonth = try ints(1, 12, negative: false)
            case "BYSETPOS": rule.bySetPos = try ints(1, 366, negative: true)
            case "BYDAY":
                rule.byDay = try value.split(separator: ",", omittingEmptySubsequences: false).map { s in
                    let t = s.trimmingCharacters(in: .whitespaces).uppercased()
                    guard t.count >= 2, let wd = RecurrenceWeekday(code: String(t.suffix(2))) else {
                        throw RecurrenceRuleError("\(shown): '\(t)' is not a weekday (MO…SU, optionally with an ordinal like 2TU or -1FR)")
                    }
                    let prefix = String(t.dropLast(2))
                    if prefix.isEmpty { return RecurrenceWeekdayNum(wd) }
                    guard let n = Int(prefix), n != 0, (-53...53).contains(n) else {
                        throw RecurrenceRuleError("\(shown): ordinal '\(prefix)' out of range 1…53 or -53…-1")
                    }
                    return RecurrenceWeekdayNum(wd, ordinal: n)
                }
            case "WKST":
                guard let wd = RecurrenceWeekday(code: value) else {
                    throw RecurrenceRuleError("\(shown): not a weekday (MO…SU)")
                }
                rule.weekStart = wd
            default:
                throw RecurrenceRuleError("unknown part \(key)")
            }
        }
        guard let freq else { throw RecurrenceRuleError("FREQ is required") }
        if rule.count != nil && rule.until != nil {
            throw RecurrenceRuleError("COUNT and UNTIL cannot both be set")
        }
        rule.frequency = freq
        rule.start = start
        rule.startIsUTC = startUTC
        self = rule
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ` (also tolerates ISO dashes/colons).
    static func parseDateValue(_ raw: String) -> (RecurrenceInstant, Bool)? {
        var s = raw.uppercased().filter { $0 != "-" && $0 != ":" }
        var utc = false
        if s.hasSuffix("Z") { utc = true; s.removeLast() }
        let u = Array(s.utf8)
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard i < u.count, u[i] >= 0x30, u[i] <= 0x39 else { return nil }
                v = v * 10 + Int(u[i] - 0x30)
            }
            return v
        }
        guard u.count >= 8, let y = num(0..<4), let m = num(4..<6), let d = num(6..<8),
              let date = LocalDate(year: y, month: m, day: d) else { return nil }
        if u.count == 8 { return utc ? nil : (RecurrenceInstant(date: date), false) }
        guard u[8] == 0x54 else { return nil }
        let timeLen = u.count - 9
        guard timeLen == 4 || timeLen == 6, let h = num(9..<11), let mi = num(11..<13) else { return nil }
        let sec = timeLen == 6 ? num(13..<15) : 0
        guard let sec, let t = RecurrenceTime(hour: h, minute: mi, second: sec) else { return nil }
        return (RecurrenceInstant(date: date, time: t), utc)
    }

    static func formatDateValue(_ i: RecurrenceInstant, utc: Bool) -> String {
        let d = String(format: "%04d%02d%02d", i.date.year, i.date.month, i.date.day)
        guard let t = i.time else { return d }
        return d + String(format: "T%02d%02d%02d", t.hour, t.minute, t.second) + (utc ? "Z" : "")
    }

    /// The canonical RRULE value (no `RRULE:` prefix, no DTSTART): FREQ first, then the parts in
    /// RFC 5545 order, lists sorted. Parsing it gives back an equal rule (minus `start`).
    public var rruleString: String {
        var p = ["FREQ=\(frequency.rawValue)"]
        if let until { p.append("UNTIL=" + Self.formatDateValue(until, utc: untilIsUTC)) }
        if let count { p.append("COUNT=\(count)") }
        if interval != 1 { p.append("INTERVAL=\(interval)") }
        func list(_ name: String, _ v: [Int]) {
            if !v.isEmpty { p.append(name + "=" + v.map(String.init).joined(separator: ",")) }
        }
        list("BYSECOND", bySecond)
        list("BYMINUTE", byMinute)
        list("BYHOUR", byHour)
        if !byDay.isEmpty { p.append("BYDAY=" + byDay.map(\.description).joined(separator: ",")) }
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
        list("BYWEEKNO", byWeekNo)
        list("BYMONTH", byMonth)
        list("BYSETPOS", bySetPos)
        if let weekStart { p.append("WKST=\(weekStart.code)") }
        return p.joined(separator: ";")
    }

    /// The rule as TaskNotes stores it: `DTSTART:…;` prefix when a start is attached, then `rruleString`.
    public var stringWithStart: String {
        guard let start else { return rruleString }
        return "DTSTART:" + Self.formatDateValue(start, utc: startIsUTC) + ";" + rruleString
    }
}
