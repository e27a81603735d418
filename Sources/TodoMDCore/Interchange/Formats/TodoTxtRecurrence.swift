import Foundation

/// todo.txt's `rec:` key (the convention of the `rec` add-on, Simpletask and topydo):
/// `rec:[+]N<unit>`, units `d` `w` `m` `y` and `b` (business days). With `+` the next date
/// counts from the due date (strict), without it from the completion day.
enum TodoTxtRecurrence {
    static let weekdays: [RecurrenceWeekdayNum] = [.monday, .tuesday, .wednesday, .thursday, .friday].map { RecurrenceWeekdayNum($0) }

    /// The RRULE of `rec:` and whether it is strict (`+`); nil for text it does not read.
    static func rule(_ text: String) -> (rule: String, strict: Bool)? {
        var t = Substring(text)
        let strict = t.hasPrefix("+")
        if strict { t = t.dropFirst() }
        guard let unit = t.last?.lowercased() else { return nil }
        let digits = t.dropLast()
        let n = digits.isEmpty ? 1 : Int(digits) ?? 0
        guard n >= 1, n <= 10_000, digits.allSatisfy(\.isNumber) else { return nil }
        var rule: RecurrenceRule
        switch unit {
        case "d": rule = RecurrenceRule(frequency: .daily, interval: n)
        case "w": rule = RecurrenceRule(frequency: .weekly, interval: n)
        case "m": rule = RecurrenceRule(frequency: .monthly, interval: n)
        case "y": rule = RecurrenceRule(frequency: .yearly, interval: n)
        case "b" where n == 1:
            // Every 2nd business day has no RRULE; one business day is every weekday.
            rule = RecurrenceRule(frequency: .weekly)
            rule.byDay = weekdays
        default: return nil
        }
        return (rule.rruleString, strict)
    }

    /// `rec:` text for a task's rule (`+1w`, `2d`), or nil when todo.txt cannot say it: a COUNT
    /// or UNTIL, or days other than the anchor date's own (`every Saturday` for a task due on a
    /// Saturday is `+1w`; `every Monday and Friday` is not expressible).
    static func text(for t: TodoTask) -> String? {
        guard let raw = t.recurrence, let parsed = try? RecurrencePlanner.parse(raw) else { return nil }
        var r = parsed.rule
        guard r.count == nil, r.until == nil, r.bySecond.isEmpty, r.byMinute.isEmpty, r.byHour.isEmpty, r.byYearDay.isEmpty,
              r.byWeekNo.isEmpty, r.bySetPos.isEmpty else { return nil }
        let plus = t.effectiveRepeatMode == .every ? "+" : ""
        if r.interval == 1, r.byDay == weekdays, r.byMonthDay.isEmpty, r.byMonth.isEmpty,
           r.frequency == .weekly || r.frequency == .daily {
            return plus + "1b"
        }
        // A BY part that only repeats the anchor's own weekday, day or month says nothing more.
        if let anchor = (t.due ?? t.scheduled ?? t.deferDate)?.date {
            if r.frequency == .weekly, r.byDay.count == 1, r.byDay[0].ordinal == nil, r.byDay[0].weekday.rawValue == anchor.weekday {
                r.byDay = []
            }
            if r.frequency == .monthly || r.frequency == .yearly, r.byMonthDay == [anchor.day] { r.byMonthDay = [] }
            if r.frequency == .yearly, r.byMonth == [anchor.month] { r.byMonth = [] }
        }
        guard r.byDay.isEmpty, r.byMonthDay.isEmpty, r.byMonth.isEmpty else { return nil }
        let unit: String
        switch r.frequency {
        case .daily: unit = "d"
        case .weekly: unit = "w"
        case .monthly: unit = "m"
        case .yearly: unit = "y"
        default: return nil
        }
        return plus + String(r.interval) + unit
    }
}
