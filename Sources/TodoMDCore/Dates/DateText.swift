/// Short human spellings of dates: `Fri 27 Nov`, with the year when it is not this year.
public enum DateText {
    static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func short(_ d: LocalDate, today: LocalDate? = nil) -> String {
        let base = "\(weekdays[d.weekday - 1]) \(d.day) \(months[d.month - 1])"
        if let today, today.year == d.year { return base }
        return base + " \(d.year)"
    }

    public static func short(_ d: LocalDateTime, today: LocalDate? = nil) -> String {
        short(d.date, today: today) + (d.time.map { " \($0)" } ?? "")
    }

    /// `today`, `tomorrow`, `yesterday`, else the short form.
    public static func relative(_ d: LocalDate, today: LocalDate) -> String {
        switch today.days(until: d) {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        default: return short(d, today: today)
        }
    }
}
