import Foundation

/// English words shared by the text-rule parser and describer.
enum TextRuleWords {
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august",
                         "september", "october", "november", "december"]
    static let monthNames = months.map { $0.prefix(1).uppercased() + $0.dropFirst() }

    /// 1…12 for a full or three-letter month name (`jan`, `sept` too).
    static func month(_ w: String) -> Int? {
        if let i = months.firstIndex(of: w) { return i + 1 }
        if w == "sept" { return 9 }
        guard w.count == 3 || (w.count == 4 && w.hasSuffix(".")) else { return nil }
        let k = w.prefix(3)
        return months.firstIndex { $0.hasPrefix(k) }.map { $0 + 1 }
    }

    /// A weekday from `monday`, `mondays`, `mon`, `mo`, `tues`, `thurs`…
    static func weekday(_ w0: String) -> RecurrenceWeekday? {
        var w = w0
        if w.hasSuffix(".") { w.removeLast() }
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        if let i = names.firstIndex(of: w) { return RecurrenceWeekday(rawValue: i + 1) }
        if w.hasSuffix("s"), let i = names.firstIndex(of: String(w.dropLast())) { return RecurrenceWeekday(rawValue: i + 1) }
        let short: [String: Int] = ["mon": 1, "mo": 1, "tue": 2, "tues": 2, "tu": 2, "wed": 3, "we": 3,
                                    "thu": 4, "thur": 4, "thurs": 4, "th": 4, "fri": 5, "fr": 5, "sat": 6,
                                    "sa": 6, "sun": 7, "su": 7]
        return short[w].flatMap { RecurrenceWeekday(rawValue: $0) }
    }

    static let ordinalWords = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5]

    /// `1st`, `22nd`, `first`… → n (no sign).
    static func ordinal(_ w: String) -> Int? {
        if let n = ordinalWords[w] { return n }
        for suffix in ["st", "nd", "rd", "th"] where w.hasSuffix(suffix) {
            if let n = Int(w.dropLast(2)), n > 0 { return n }
        }
        return nil
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `21st`…
    static func ordinalString(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// `last` for -1, `2nd last` for -2, `15th` for 15.
    static func signedOrdinal(_ n: Int) -> String {
        n == -1 ? "last" : n < 0 ? ordinalString(-n) + " last" : ordinalString(n)
    }

    static let numberWords = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                              "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "other": 2]

    /// `a, b and c`.
    static func list(_ items: [String], conjunction: String = "and") -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
        }
    }
}
