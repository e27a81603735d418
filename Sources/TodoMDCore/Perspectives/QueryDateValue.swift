import Foundation

/// The days a date value in a condition stands for, from `start` to `end` (both included):
/// one day for `today` or `2026-03-01`, several for `this week` or `last 7 days`.
public struct DateRange: Sendable, Equatable {
    public var start: LocalDate
    public var end: LocalDate

    public init(_ start: LocalDate, _ end: LocalDate) {
        self.start = start
        self.end = end
    }

    public init(day: LocalDate) { self.init(day, day) }
}

/// Date values of conditions, resolved against today (weeks start on Monday):
/// - a day: `today`, `tomorrow`, `yesterday`, `now`, `2026-03-01`, `+7d`, `-30d`, `+2w`, `+1m`,
///   `+1y`, and the quick-entry phrases (`friday`, `next monday`, `in 3 days`, `dec 25`);
/// - a period: `this week`, `next month`, `last year` (also `this_week`);
/// - an edge of the current period: `start of month`, `end of week`, `start of year`;
/// - a run of days ending or starting today: `last 7 days`, `next 2 weeks`.
public enum QueryDateValue {
    /// The range `text` stands for on `today`, or nil when it is not a date value.
    public static func resolve(_ text: String, today: LocalDate) -> DateRange? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: " ").split(separator: " ").joined(separator: " ")
        guard !t.isEmpty, t.count <= 64 else { return nil }
        if t == "now" { return DateRange(day: today) }
        if let d = DateSpec.resolve(t, today: today) { return DateRange(day: d) }
        let words = t.split(separator: " ").map(String.init)
        if words.count == 2, let unit = Unit(words[1]) {
            switch words[0] {
            case "this", "current": return period(unit, containing: today)
            case "next": return period(unit, containing: unit.add(1, to: today))
            case "last", "previous", "past": return period(unit, containing: unit.add(-1, to: today))
            default: break
            }
        }
        if words.count == 3, words[1] == "of", let unit = Unit(words[2]), unit != .day {
            let r = period(unit, containing: today)
            switch words[0] {
            case "start", "beginning": return DateRange(day: r.start)
            case "end": return DateRange(day: r.end)
            default: break
            }
        }
        if words.count == 3, let n = Int(words[1]), n >= 1, n <= 10_000, let unit = Unit(words[2]) {
            switch words[0] {
            case "last", "past": return DateRange(unit.add(-n, to: today).adding(days: 1), today)
            case "next", "coming": return DateRange(today, unit.add(n, to: today).adding(days: -1))
            default: break
            }
        }
        // Quick entry's phrases (`friday`, `in 3 days`, `dec 25`), read the same way.
        if let d = DatePhraseParser(today: today, now: LocalTime(hour: 0, minute: 0)!).parse(t) { return DateRange(day: d.date) }
        return nil
    }

    /// Whether `text` is a date value (on any day).
    public static func isValid(_ text: String) -> Bool {
        resolve(text, today: LocalDate(year: 2001, month: 1, day: 1)!) != nil
    }

    enum Unit: Equatable {
        case day, week, month, year

        init?(_ word: String) {
            switch word {
            case "day", "days": self = .day
            case "week", "weeks": self = .week
            case "month", "months": self = .month
            case "year", "years": self = .year
            default: return nil
            }
        }

        func add(_ n: Int, to d: LocalDate) -> LocalDate {
            switch self {
            case .day: return d.adding(days: n)
            case .week: return d.adding(days: 7 * n)
            case .month: return d.adding(months: n)
            case .year: return d.adding(years: n)
            }
        }
    }

    static func period(_ unit: Unit, containing d: LocalDate) -> DateRange {
        switch unit {
        case .day: return DateRange(day: d)
        case .week:
            let monday = d.adding(days: 1 - d.weekday)
            return DateRange(monday, monday.adding(days: 6))
        case .month: return DateRange(d.firstOfMonth, d.lastOfMonth)
        case .year: return DateRange(LocalDate(year: d.year, month: 1, day: 1)!, LocalDate(year: d.year, month: 12, day: 31)!)
        }
    }
}
