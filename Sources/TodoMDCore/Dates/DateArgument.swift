/// Dates typed as command arguments: exact `YYYY-MM-DD` / `YYYY-MM-DDTHH:MM`, `+Nd`/`-Nd` (also
/// `w`, `m`, `y`), and every phrase `DatePhraseParser` knows (`tomorrow`, `next friday`,
/// `march 1`, `in 3 days`, `eom`, `friday 17:00`…), with the same conventions as quick entry.
public enum DateArgument {
    public static func parse(_ raw: String, today: LocalDate, now: LocalTime = LocalTime(hour: 0, minute: 0)!) throws -> LocalDateTime {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if let d = LocalDateTime(trimmed) { return d }
        let s = trimmed.lowercased()
        if let sign = s.first, sign == "+" || sign == "-", s.count >= 3 {
            let unit = s.last!
            let digits = s.dropFirst().dropLast()
            if digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n <= 100_000 {
                let k = sign == "+" ? n : -n
                var d: LocalDate?
                switch unit {
                case "d": d = today.adding(days: k)
                case "w": d = today.adding(days: 7 * k)
                case "m": d = today.adding(months: k)
                case "y": d = today.adding(years: k)
                default: break
                }
                if let d {
                    guard (1...9999).contains(d.year) else {
                        throw TodoError.invalidArgument("\"\(raw)\" is outside the years 1 to 9999")
                    }
                    return LocalDateTime(date: d)
                }
            }
        }
        if let d = DatePhraseParser(today: today, now: now).parse(trimmed) { return d }
        throw TodoError.invalidArgument("not a date: \"\(raw)\" (try YYYY-MM-DD, today, tomorrow, friday, next week, march 1, in 3 days, +3d)")
    }

    /// Parses with today and the time of day from `clock`.
    public static func parse(_ raw: String, clock: Clock) throws -> LocalDateTime {
        try parse(raw, today: clock.today, now: clock.timeOfDay)
    }
}
