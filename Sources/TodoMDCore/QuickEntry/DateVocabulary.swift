import Foundation

/// English word tables shared by `DatePhraseParser` and `QuickEntryParser`.
/// All lookups take an already lowercased word.
enum DateVocabulary {
    /// ISO weekday (1 = Monday … 7 = Sunday) for a full or short weekday name, and whether the
    /// name is also an ordinary English word (`sun`, `sat`, `wed`), which quick entry only
    /// trusts after a date keyword or `this`/`next`. `mon` is not one (`Standup mon`).
    static func weekday(_ w: String) -> (day: Int, ambiguous: Bool)? {
        switch w {
        case "monday", "mon": return (1, false)
        case "tuesday", "tue", "tues": return (2, false)
        case "wednesday": return (3, false)
        case "wed": return (3, true)
        case "thursday", "thu", "thur", "thurs": return (4, false)
        case "friday", "fri": return (5, false)
        case "saturday": return (6, false)
        case "sat": return (6, true)
        case "sunday": return (7, false)
        case "sun": return (7, true)
        default: return nil
        }
    }

    /// Plural weekday names (`mondays`), used only inside recurrence phrases.
    static func weekdayPlural(_ w: String) -> Bool {
        guard w.hasSuffix("s"), w.count > 4 else { return false }
        return weekday(String(w.dropLast())).map { !$0.ambiguous } ?? false
    }

    /// Month number for a full or abbreviated month name.
    static func month(_ w: String) -> Int? {
        switch w {
        case "january", "jan": return 1
        case "february", "feb": return 2
        case "march", "mar": return 3
        case "april", "apr": return 4
        case "may": return 5
        case "june", "jun": return 6
        case "july", "jul": return 7
        case "august", "aug": return 8
        case "september", "sep", "sept": return 9
        case "october", "oct": return 10
        case "november", "nov": return 11
        case "december", "dec": return 12
        default: return nil
        }
    }

    static let numberWords = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                              "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12]

    /// A count: 1–3 plain digits or one of the words one…twelve.
    static func count(_ w: String) -> Int? {
        if let n = numberWords[w] { return n }
        return digits(w, maxLength: 3)
    }

    /// A string made only of ASCII digits (at most `maxLength`), as an Int.
    static func digits(_ w: some StringProtocol, maxLength: Int) -> Int? {
        guard !w.isEmpty, w.count <= maxLength, w.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(w)
    }

    /// A day of the month, 1–31, written `15` or with an ordinal suffix `15th`/`1st`/`2nd`/`3rd`.
    /// With `requireSuffix` only the suffixed form counts (a bare `15` is just a number).
    static func dayOfMonth(_ w: String, requireSuffix: Bool) -> Int? {
        var core = Substring(w)
        for suffix in ["st", "nd", "rd", "th"] where core.hasSuffix(suffix) {
            core = core.dropLast(2)
            break
        }
        if requireSuffix && core.count == w.count { return nil }
        guard let n = digits(core, maxLength: 2), (1...31).contains(n) else { return nil }
        return n
    }

    /// A four-digit year in a plausible range, so `march 1 2000 sheets` stays text.
    static func year(_ w: String) -> Int? {
        guard w.count == 4, let y = digits(w, maxLength: 4), (1900...2999).contains(y) else { return nil }
        return y
    }

    enum Unit { case day, week, month, year }

    static func unit(_ w: String) -> Unit? {
        switch w {
        case "day", "days": return .day
        case "week", "weeks": return .week
        case "month", "months": return .month
        case "year", "years": return .year
        default: return nil
        }
    }

    static let shortWeekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let shortMonthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                  "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension LocalDate {
    /// Adds a count of calendar units; months and years clamp to the end of a shorter month.
    func adding(_ n: Int, _ unit: DateVocabulary.Unit) -> LocalDate {
        switch unit {
        case .day: return adding(days: n)
        case .week: return adding(days: 7 * n)
        case .month: return adding(months: n)
        case .year: return adding(years: n)
        }
    }

    /// Monday of the ISO week (Mon–Sun) holding this day.
    var mondayOfWeek: LocalDate { adding(days: 1 - weekday) }
}
