import Foundation

extension TextRule {
    /// Readable English for any rule, in the phrasing `parse` reads back: for every rule,
    /// `parse(describe(r)).rule == r` (a DTSTART attached to the rule is not described).
    /// Common rules read as Obsidian Tasks writes them (`every week on Monday`,
    /// `every January on the 15th`); exotic ones are spelt out part by part
    /// (`every year in week 20 on Monday`).
    public static func describe(_ rule: RecurrenceRule) -> String {
        var r = rule
        var words: [String] = ["every"]
        let unit: String = {
            switch r.frequency {
            case .yearly: return "year"
            case .monthly: return "month"
            case .weekly: return "week"
            case .daily: return "day"
            case .hourly: return "hour"
            case .minutely: return "minute"
            case .secondly: return "second"
            }
        }()
        let workdays = TextRuleParser.workdays
        let onlyFilter = r.byMonthDay.isEmpty && r.byYearDay.isEmpty && r.byWeekNo.isEmpty && r.byMonth.isEmpty
            && r.bySetPos.isEmpty

        if r.frequency == .weekly && r.interval == 1 && r.byDay == workdays && onlyFilter {
            words.append("weekday")
            r.byDay = []
        } else if r.frequency == .yearly && r.interval == 1 && r.byMonth.count == 1 && r.byWeekNo.isEmpty && r.byYearDay.isEmpty {
            words.append(TextRuleWords.monthNames[r.byMonth[0] - 1])
            r.byMonth = []
        } else {
            words.append(r.interval == 1 ? unit : "\(r.interval) \(unit)s")
        }

        if !r.byMonth.isEmpty {
            words.append("in " + TextRuleWords.list(r.byMonth.map { TextRuleWords.monthNames[$0 - 1] }))
        }
        if !r.byWeekNo.isEmpty {
            if r.byWeekNo.allSatisfy({ $0 > 0 }) {
                words.append((r.byWeekNo.count == 1 ? "in week " : "in weeks ") + TextRuleWords.list(r.byWeekNo.map(String.init)))
            } else {
                words.append("in the " + TextRuleWords.list(r.byWeekNo.map(TextRuleWords.signedOrdinal))
                             + (r.byWeekNo.count == 1 ? " week" : " weeks"))
            }
        }
        if !r.byYearDay.isEmpty {
            words.append("on the " + TextRuleWords.list(r.byYearDay.map(TextRuleWords.signedOrdinal))
                         + (r.byYearDay.count == 1 ? " day" : " days") + " of the year")
        }
        if !r.byMonthDay.isEmpty {
            // Positive days read `the 1st and 15th`; negative ones need the noun: `the last day`.
            let items = r.byMonthDay.map { $0 < 0 ? TextRuleWords.signedOrdinal($0) + " day" : TextRuleWords.ordinalString($0) }
            words.append("on the " + TextRuleWords.list(items))
        }
        if !r.byDay.isEmpty {
            let plain = r.byDay.filter { $0.ordinal == nil }
            let ordinals = r.byDay.filter { $0.ordinal != nil }
            if r.byDay == workdays && r.bySetPos.count == 1 {
                // Last workday of the month: BYDAY=MO,…,FR;BYSETPOS=-1. (Two positions read back
                // as another rule, so they are described as a selection below.)
                words.append("on the " + TextRuleWords.signedOrdinal(r.bySetPos[0]) + " weekday")
                r.bySetPos = []
            } else if ordinals.isEmpty && !r.byMonthDay.isEmpty {
                words.append("if it is a " + TextRuleWords.list(plain.map(\.weekday.name), conjunction: "or"))
            } else {
                var items: [String] = []
                if plain.map(\.weekday) == workdays.map(\.weekday) {
                    items.append("weekdays")
                } else if plain.count == 2 && plain.map(\.weekday) == [.saturday, .sunday] {
                    items.append("weekends")
                } else {
                    items += plain.map(\.weekday.name)
                }
                items += ordinals.map { "the " + TextRuleWords.signedOrdinal($0.ordinal!) + " " + $0.weekday.name }
                words.append("on " + TextRuleWords.list(items))
            }
        }
        let hasH = !r.byHour.isEmpty, hasM = !r.byMinute.isEmpty, hasS = !r.bySecond.isEmpty
        if hasH && hasM {
            var times: [String] = []
            for h in r.byHour.sorted() {
                for m in r.byMinute.sorted() {
                    if hasS {
                        for s in r.bySecond.sorted() { times.append(String(format: "%02d:%02d:%02d", h, m, s)) }
                    } else {
                        times.append(String(format: "%02d:%02d", h, m))
                    }
                }
            }
            words.append("at " + TextRuleWords.list(times))
        } else {
            func at(_ name: String, _ v: [Int]) {
                if !v.isEmpty { words.append("at \(name)\(v.count == 1 ? "" : "s") " + TextRuleWords.list(v.map(String.init))) }
            }
            at("hour", r.byHour)
            at("minute", r.byMinute)
            at("second", r.bySecond)
        }
        if !r.bySetPos.isEmpty {
            words.append("selecting the " + TextRuleWords.list(r.bySetPos.map(TextRuleWords.signedOrdinal)))
        }
        if let w = r.weekStart { words.append("with weeks starting on \(w.name)") }
        if let c = r.count { words.append(c == 1 ? "once" : "for \(c) times") }
        if let u = r.until { words.append("until \(u)" + (r.untilIsUTC && u.time != nil ? "Z" : "")) }
        return words.joined(separator: " ")
    }

    /// `describe(rule)` followed by ` when done` when the rule repeats from completion.
    public static func describe(_ rule: RecurrenceRule, whenDone: Bool) -> String {
        describe(rule) + (whenDone ? " when done" : "")
    }
}
