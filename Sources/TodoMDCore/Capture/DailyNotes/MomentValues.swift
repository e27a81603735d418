import Foundation

/// The value of each Moment.js token for one local date and time, English locale.
struct MomentValues {
    let date: LocalDate
    let hour: Int
    let minute: Int
    let second: Int

    static let months = ["January", "February", "March", "April", "May", "June", "July",
                         "August", "September", "October", "November", "December"]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Moment's `day()`: 0 = Sunday … 6 = Saturday.
    var day: Int { date.weekday % 7 }

    func value(of token: String) -> String {
        let y = date.year
        switch token {
        case "YYYYYY": return (y < 0 ? "-" : "+") + Self.pad(abs(y), 6)
        case "YYYYY": return Self.pad(y, 5)
        case "YYYY", "Y": return Self.pad(y, 4)
        case "YY": return Self.pad(y % 100, 2)
        case "y": return String(y)  // era years: every LocalDate is AD
        case "yo": return Self.ordinal(y)
        case "yy", "yyy", "yyyy": return Self.pad(y, token.count)
        case "N", "NN", "NNN", "NNNNN": return "AD"
        case "NNNN": return "Anno Domini"
        case "M": return String(date.month)
        case "MM": return Self.pad(date.month, 2)
        case "Mo": return Self.ordinal(date.month)
        case "MMM": return String(Self.months[date.month - 1].prefix(3))
        case "MMMM": return Self.months[date.month - 1]
        case "D": return String(date.day)
        case "DD": return Self.pad(date.day, 2)
        case "Do": return Self.ordinal(date.day)
        case "DDD": return String(date.ordinal)
        case "DDDD": return Self.pad(date.ordinal, 3)
        case "DDDo": return Self.ordinal(date.ordinal)
        case "d", "e": return String(day)  // en weeks start on Sunday, so `e` equals `d`
        case "do": return Self.ordinal(day)
        case "dd": return String(Self.weekdays[day].prefix(2))
        case "ddd": return String(Self.weekdays[day].prefix(3))
        case "dddd": return Self.weekdays[day]
        case "E": return String(date.weekday)
        case "w": return String(localWeek.week)
        case "ww": return Self.pad(localWeek.week, 2)
        case "wo": return Self.ordinal(localWeek.week)
        case "W": return String(isoWeek.week)
        case "WW": return Self.pad(isoWeek.week, 2)
        case "Wo": return Self.ordinal(isoWeek.week)
        case "gg": return Self.pad(localWeek.year % 100, 2)
        case "gggg": return Self.pad(localWeek.year, 4)
        case "ggggg": return Self.pad(localWeek.year, 5)
        case "GG": return Self.pad(isoWeek.year % 100, 2)
        case "GGGG": return Self.pad(isoWeek.year, 4)
        case "GGGGG": return Self.pad(isoWeek.year, 5)
        case "Q": return String(quarter)
        case "Qo": return Self.ordinal(quarter)
        case "H": return String(hour)
        case "HH": return Self.pad(hour, 2)
        case "h": return String(hour12)
        case "hh": return Self.pad(hour12, 2)
        case "k": return String(hour == 0 ? 24 : hour)
        case "kk": return Self.pad(hour == 0 ? 24 : hour, 2)
        case "m": return String(minute)
        case "mm": return Self.pad(minute, 2)
        case "s": return String(second)
        case "ss": return Self.pad(second, 2)
        case "a": return hour < 12 ? "am" : "pm"
        case "A": return hour < 12 ? "AM" : "PM"
        case "X": return String(unixSeconds)
        case "x": return String(unixSeconds * 1000)
        default:
            // `S`…`SSSSSSSSS`: fractions of the second, always zero at this precision.
            return token.allSatisfy({ $0 == "S" }) ? String(repeating: "0", count: token.count) : token
        }
    }

    var quarter: Int { (date.month - 1) / 3 + 1 }
    var hour12: Int { hour % 12 == 0 ? 12 : hour % 12 }
    /// The wall-clock time read as UTC (the engine has no zone here).
    var unixSeconds: Int { date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second }

    /// ISO 8601 weeks: Monday first, week 1 holds January 4.
    var isoWeek: (week: Int, year: Int) { Self.week(of: date, firstDay: 1, januaryDay: 4) }
    /// moment's `en` locale weeks: Sunday first, week 1 holds January 1.
    var localWeek: (week: Int, year: Int) { Self.week(of: date, firstDay: 0, januaryDay: 1) }

    /// The week number and week-year of `date` for weeks starting on `firstDay` (0 = Sunday)
    /// where week 1 is the one holding January `januaryDay` (moment's `dow` and `7 + dow - doy`).
    /// A week belongs to the year of its day `7 - januaryDay` (ISO: its Thursday), which lies in
    /// January 1–7 exactly for week 1.
    static func week(of date: LocalDate, firstDay: Int, januaryDay: Int) -> (week: Int, year: Int) {
        let start = date.adding(days: -((date.weekday % 7 - firstDay + 7) % 7))
        let anchor = start.adding(days: 7 - januaryDay)
        return ((anchor.ordinal - 1) / 7 + 1, anchor.year)
    }

    /// English ordinals: 1st 2nd 3rd 4th … 11th 12th 13th … 21st 22nd 23rd.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        if (n % 100) / 10 == 1 {
            suffix = "th"
        } else {
            switch n % 10 {
            case 1: suffix = "st"
            case 2: suffix = "nd"
            case 3: suffix = "rd"
            default: suffix = "th"
            }
        }
        return String(n) + suffix
    }

    /// `n` zero-padded to at least `width` digits (moment's `zeroFill`).
    static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(abs(n))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return n < 0 ? "-" + padded : padded
    }
}
