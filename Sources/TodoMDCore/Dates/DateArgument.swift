/// Dates typed as command arguments: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `today`, `tomorrow`,
/// `yesterday`, weekday names (the next such day, never today), `+Nd`/`+Nw` and `-Nd`.
public enum DateArgument {
    public static func parse(_ raw: String, today: LocalDate) throws -> LocalDateTime {
        if let d = LocalDateTime(raw.trimmingCharacters(in: .whitespaces)) { return d }
        let s = raw.trimmingCharacters(in: .whitespaces).lowercased()
        switch s {
        case "today", "tod": return LocalDateTime(date: today)
        case "tomorrow", "tom": return LocalDateTime(date: today.adding(days: 1))
        case "yesterday": return LocalDateTime(date: today.adding(days: -1))
        default: break
        }
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        if let idx = names.firstIndex(where: { $0 == s || ($0.hasPrefix(s) && s.count >= 3) }) {
            var ahead = (idx + 1 - today.weekday + 7) % 7
            if ahead == 0 { ahead = 7 }
            return LocalDateTime(date: today.adding(days: ahead))
        }
        if let sign = s.first, sign == "+" || sign == "-", s.count >= 3 {
            let unit = s.last!
            if let n = Int(s.dropFirst().dropLast()), n <= 100_000 {
                let k = sign == "+" ? n : -n
                switch unit {
                case "d": return LocalDateTime(date: today.adding(days: k))
                case "w": return LocalDateTime(date: today.adding(days: 7 * k))
                case "m": return LocalDateTime(date: today.adding(months: k))
                case "y": return LocalDateTime(date: today.adding(years: k))
                default: break
                }
            }
        }
        throw TodoError.invalidArgument("not a date: \"\(raw)\" (use YYYY-MM-DD, today, tomorrow, a weekday or +Nd)")
    }
}
