import Foundation

/// Recurrence rules written in English, as Obsidian Tasks writes them (`every 2 weeks on Monday`,
/// `every month on the last Friday`, `every January on the 15th when done`), converted to and
/// from `RecurrenceRule`. `when done` is a repeat mode, not part of the rule, so it is returned
/// separately.
public enum TextRule {
    /// Parses a text rule. Throws `RecurrenceRuleError` naming the word it could not understand.
    public static func parse(_ text: String) throws -> (rule: RecurrenceRule, whenDone: Bool) {
        var p = TextRuleParser(text)
        return try p.parse()
    }
}

/// A cursor over the lower-cased words of a text rule.
struct TextRuleParser {
    let original: String
    var tokens: [String]
    var pos = 0

    // What the clauses collect; turned into a rule at the end.
    var freq: RecurrenceFrequency?
    var interval = 1
    var byDay: [RecurrenceWeekdayNum] = []
    var byMonthDay: [Int] = []
    var byYearDay: [Int] = []
    var byWeekNo: [Int] = []
    var byMonth: [Int] = []
    var bySetPos: [Int] = []
    var byHour: [Int] = []
    var byMinute: [Int] = []
    var bySecond: [Int] = []
    var count: Int?
    var until: RecurrenceInstant?
    var untilIsUTC = false
    var wkst: RecurrenceWeekday?
    var whenDone = false

    init(_ text: String) {
        original = text
        var s = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        while s.hasSuffix(".") { s.removeLast() }
        s = s.replacingOccurrences(of: ",", with: " , ")
        tokens = s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    var peek: String? { pos < tokens.count ? tokens[pos] : nil }
    func peek(_ k: Int) -> String? { pos + k < tokens.count ? tokens[pos + k] : nil }
    mutating func take(_ w: String) -> Bool {
        if peek == w { pos += 1; return true }
        return false
    }
    func fail(_ why: String) -> RecurrenceRuleError {
        RecurrenceRuleError("\(why) in text rule '\(original)'")
    }
    func unexpected() -> RecurrenceRuleError {
        peek.map { fail("unexpected '\($0)'") } ?? fail("unexpected end")
    }

    static let units: [String: RecurrenceFrequency] = [
        "day": .daily, "days": .daily, "week": .weekly, "weeks": .weekly, "month": .monthly,
        "months": .monthly, "year": .yearly, "years": .yearly, "hour": .hourly, "hours": .hourly,
        "minute": .minutely, "minutes": .minutely, "second": .secondly, "seconds": .secondly,
    ]
    static let adverbs: [String: (RecurrenceFrequency, Int)] = [
        "daily": (.daily, 1), "weekly": (.weekly, 1), "monthly": (.monthly, 1), "yearly": (.yearly, 1),
        "annually": (.yearly, 1), "hourly": (.hourly, 1), "biweekly": (.weekly, 2), "fortnightly": (.weekly, 2),
        "quarterly": (.monthly, 3),
    ]
    static let workdays: [RecurrenceWeekdayNum] = [.monday, .tuesday, .wednesday, .thursday, .friday].map { RecurrenceWeekdayNum($0) }
    static let weekendDays: [RecurrenceWeekdayNum] = [.saturday, .sunday].map { RecurrenceWeekdayNum($0) }

    mutating func parse() throws -> (rule: RecurrenceRule, whenDone: Bool) {
        guard !tokens.isEmpty else { throw fail("empty rule") }
        if let a = Self.adverbs[tokens[0]] {
            pos = 1
            (freq, interval) = a
        } else {
            guard take("every") || take("each") else { throw fail("expected 'every' at '\(tokens[0])'") }
            try parseHead()
        }
        try parseClauses()
        guard let freq else { throw fail("no frequency") }
        var r = RecurrenceRule(frequency: freq, interval: interval)
        r.byDay = byDay
        r.byMonthDay = byMonthDay
        r.byYearDay = byYearDay
        r.byWeekNo = byWeekNo
        r.byMonth = byMonth
        r.bySetPos = bySetPos
        r.byHour = byHour
        r.byMinute = byMinute
        r.bySecond = bySecond
        r.count = count
        r.until = until
        r.untilIsUTC = untilIsUTC
        r.weekStart = wkst
        do { try r.validate() } catch let e as RecurrenceRuleError { throw fail(e.message) }
        return (r, whenDone)
    }

    /// After `every`: `[N|other] unit`, `weekday`, `weekend`, a weekday list or a month list.
    mutating func parseHead() throws {
        // `every second week`, `every 3rd month`: an ordinal before a unit is an interval.
        if let w = peek, let n = TextRuleWords.ordinal(w), let u = peek(1), Self.units[u] != nil {
            pos += 1
            interval = n
        } else if let w = peek, let n = Int(w) ?? TextRuleWords.numberWords[w] {
            guard n >= 1 else { throw fail("interval '\(w)' must be at least 1") }
            pos += 1
            interval = n
        }
        guard let w = peek else { throw fail("expected a unit after 'every'") }
        if let f = Self.units[w] {
            pos += 1
            freq = f
            return
        }
        if w == "weekday" || w == "weekdays" || w == "workday" || w == "workdays" || w == "weekend" || w == "weekends" {
            pos += 1
            freq = .weekly
            byDay = w.hasPrefix("weekend") ? Self.weekendDays : Self.workdays
            return
        }
        if TextRuleWords.weekday(w) != nil {
            freq = .weekly
            byDay = try parseNameList(TextRuleWords.weekday).map { RecurrenceWeekdayNum($0) }
            return
        }
        if TextRuleWords.month(w) != nil, interval == 1 {
            freq = .yearly
            byMonth = try parseNameList(TextRuleWords.month)
            return
        }
        throw unexpected()
    }

    /// `a, b and c` of names the given lookup accepts.
    mutating func parseNameList<T>(_ lookup: (String) -> T?) throws -> [T] {
        var out: [T] = []
        while let w = peek, let v = lookup(w) {
            pos += 1
            out.append(v)
            let save = pos
            _ = take(",")
            _ = take("and") || take("or") || take("&")
            if let nw = peek, lookup(nw) != nil { continue }
            pos = save
            break
        }
        return out
    }

    mutating func parseClauses() throws {
        while let w = peek {
            switch w {
            case ",", "and": pos += 1
            case "on": pos += 1; try parseOnClause()
            case "in": pos += 1; try parseInClause()
            case "at": pos += 1; try parseAtClause()
            case "for":
                pos += 1
                try parseCount()
            case "until", "till", "ending":
                pos += 1
                _ = take("on")
                try parseUntil()
            case "selecting", "keeping":
                pos += 1
                _ = take("only")
                _ = take("the")
                let items = try parseOrdinalList()
                bySetPos += items
                _ = take("one") || take("ones") || take("occurrence") || take("occurrences")
            case "with", "weeks", "week":
                // `with weeks starting on Sunday`
                _ = take("with")
                guard take("weeks") || take("week") else { throw unexpected() }
                guard take("starting") || take("start") || take("starts") else { throw unexpected() }
                _ = take("on")
                guard let d = peek.flatMap(TextRuleWords.weekday) else { throw unexpected() }
                pos += 1
                wkst = d
            case "if":
                // `if it is a Friday` (a plain BYDAY filter next to month days)
                pos += 1
                _ = take("it")
                _ = take("is") || take("falls")
                _ = take("on")
                _ = take("a") || take("an")
                let days = try parseNameList(TextRuleWords.weekday)
                guard !days.isEmpty else { throw unexpected() }
                byDay += days.map { RecurrenceWeekdayNum($0) }
            case "when":
                pos += 1
                guard take("done") else { throw unexpected() }
                whenDone = true
            default:
                if let n = Int(w), peek(1) == "times" || peek(1) == "time" {
                    pos += 2
                    guard n >= 1 else { throw fail("count '\(w)' must be at least 1") }
                    count = n
                } else if w == "once" {
                    pos += 1
                    count = 1
                } else if w == "twice" {
                    pos += 1
                    count = 2
                } else {
                    throw unexpected()
                }
            }
        }
    }

    mutating func parseCount() throws {
        guard let w = peek, let n = Int(w) ?? TextRuleWords.numberWords[w], w != "other" else { throw unexpected() }
        pos += 1
        guard take("times") || take("time") || take("occurrences") else { throw unexpected() }
        guard n >= 1 else { throw fail("count '\(w)' must be at least 1") }
        count = n
    }

    /// `until 2025-12-31`, `until 2025-12-31T09:00`, `until December 31, 2025`.
    mutating func parseUntil() throws {
        guard let w = peek else { throw unexpected() }
        // A trailing `Z` keeps an RRULE's UTC form (`until 2025-12-31T09:00Z`).
        let utc = w.hasSuffix("z") && w.count > 10
        if let d = RecurrenceInstant((utc ? String(w.dropLast()) : w).uppercased()) {
            pos += 1
            until = d
            untilIsUTC = utc && d.time != nil
            return
        }
        if let m = TextRuleWords.month(w), let ds = peek(1), let d = Int(ds) ?? TextRuleWords.ordinal(ds) {
            var k = 2
            if peek(k) == "," { k += 1 }
            if let ys = peek(k), let y = Int(ys), let date = LocalDate(year: y, month: m, day: d) {
                pos += k + 1
                until = RecurrenceInstant(date: date)
                return
            }
        }
        throw fail("'\(w)' is not a date (use YYYY-MM-DD)")
    }

    /// `1st`, `last`, `2nd last`, `2nd to last`, `third` → signed ordinal; nil if none here.
    mutating func parseOrdinal() -> Int? {
        guard let w = peek else { return nil }
        if w == "last" { pos += 1; return -1 }
        guard let n = TextRuleWords.ordinal(w) else { return nil }
        pos += 1
        if peek == "last" { pos += 1; return -n }
        if peek == "to", peek(1) == "last" { pos += 2; return -n }
        return n
    }

    mutating func parseOrdinalList() throws -> [Int] {
        var out: [Int] = []
        while true {
            _ = take("the")
            guard let n = parseOrdinal() else { break }
            out.append(n)
            let save = pos
            _ = take(",")
            _ = take("and")
            _ = take("the")
            if let w = peek, w == "last" || TextRuleWords.ordinal(w) != nil { continue }
            pos = save
            break
        }
        if out.isEmpty { throw unexpected() }
        return out
    }

    enum OnItem {
        case ordinalOnly(Int)                  // `the 15th` (a month day unless a weekday follows)
        case weekday(RecurrenceWeekday, Int?)  // `Monday`, `the 2nd Tuesday`
        case workday(Int?)                     // `weekdays`, `the last weekday`
        case weekend
        case monthDay(Int)                     // `the last day`
        case date(Int, Int)                    // `March 3`
    }

    /// `on <items>` where items are joined by commas and `and`.
    mutating func parseOnClause() throws {
        var items: [(OnItem, hadThe: Bool)] = []
        while true {
            let hadThe = take("the")
            let ord = parseOrdinal()
            guard let w = peek else {
                if let ord { items.append((.ordinalOnly(ord), hadThe)) }
                break
            }
            if let d = TextRuleWords.weekday(w) {
                pos += 1
                items.append((.weekday(d, ord), hadThe))
            } else if ["weekday", "weekdays", "workday", "workdays", "work"].contains(w) {
                pos += 1
                if w == "work" { _ = take("day") || take("days") }
                items.append((.workday(ord), hadThe))
            } else if ord == nil, w == "weekend" || w == "weekends" {
                pos += 1
                items.append((.weekend, hadThe))
            } else if ord != nil, w == "day" || w == "days" {
                pos += 1
                items.append((.monthDay(ord!), hadThe))
            } else if ord == nil, let m = TextRuleWords.month(w), let ds = peek(1),
                      let d = Int(ds) ?? TextRuleWords.ordinal(ds) {
                pos += 2
                items.append((.date(m, d), hadThe))
            } else if ord == nil, let m = TextRuleWords.month(w), peek(1) == "the", let ds = peek(2),
                      let d = Int(ds) ?? TextRuleWords.ordinal(ds) {
                // `on February the 29th`, as rrule.js (and so Obsidian Tasks) reads it.
                pos += 3
                items.append((.date(m, d), hadThe))
            } else if ord == nil, let d = Int(w), let ms = peek(1), let m = TextRuleWords.month(ms) {
                pos += 2
                items.append((.date(m, d), hadThe))
            } else if ord == nil, let d = Int(w), !(peek(1) == "times" || peek(1) == "time") {
                pos += 1
                items.append((.ordinalOnly(d), hadThe))
            } else if let ord {
                items.append((.ordinalOnly(ord), hadThe))
            } else {
                throw unexpected()
            }
            let save = pos
            _ = take(",")
            _ = take("and")
            if let w = peek, w == "the" || w == "last" || TextRuleWords.ordinal(w) != nil || TextRuleWords.weekday(w) != nil
                || ["weekday", "weekdays", "workday", "workdays", "weekend", "weekends"].contains(w)
                || Int(w) != nil && !(peek(1) == "times" || peek(1) == "time")
                || TextRuleWords.month(w) != nil && peek(1).map({ Int($0) != nil || TextRuleWords.ordinal($0) != nil || $0 == "the" }) == true {
                continue
            }
            pos = save
            break
        }
        // `the 1st and 3rd Monday`: bare ordinals right before an item with a noun share that noun,
        // unless the later item restarts with `the` (`the 15th and the last Friday`).
        for i in items.indices.reversed() {
            let share: ((Int) -> OnItem)?
            switch items[i].0 {
            case .weekday(let d, .some): share = { .weekday(d, $0) }
            case .workday(.some): share = { .workday($0) }
            case .monthDay: share = { .monthDay($0) }
            default: share = nil
            }
            guard let share else { continue }
            var j = i - 1
            while j >= 0, !items[j + 1].hadThe, case .ordinalOnly(let n) = items[j].0 {
                items[j].0 = share(n)
                j -= 1
            }
        }
        // `of the year` turns the month days of this clause into year days; `of May` adds a month.
        var ofYear = false
        let save = pos
        if take("of") || take("in") {
            _ = take("the") || take("each") || take("every")
            if take("year") {
                ofYear = true
            } else if take("month") {
            } else if peek.flatMap(TextRuleWords.month) != nil {
                byMonth += try parseNameList(TextRuleWords.month)
            } else {
                pos = save
            }
        }
        for (item, _) in items {
            switch item {
            case .ordinalOnly(let n), .monthDay(let n):
                if ofYear { byYearDay.append(n) } else { byMonthDay.append(n) }
            case .weekday(let d, let n):
                byDay.append(RecurrenceWeekdayNum(d, ordinal: n))
            case .workday(let n):
                byDay += Self.workdays
                if let n { bySetPos.append(n) }
            case .weekend:
                byDay += Self.weekendDays
            case .date(let m, let d):
                byMonth.append(m)
                byMonthDay.append(d)
            }
        }
    }

    /// `in January and March`, `in week 20`, `in weeks 1 and 20`, `in the 1st and last weeks`.
    mutating func parseInClause() throws {
        if take("week") || take("weeks") {
            while let w = peek, let n = Int(w) {
                pos += 1
                byWeekNo.append(n)
                let save = pos
                _ = take(",")
                _ = take("and")
                if let nw = peek, Int(nw) != nil { continue }
                pos = save
                break
            }
            return
        }
        if peek == "the" {
            let save = pos
            pos += 1
            if let _ = peek.flatMap({ $0 == "last" || TextRuleWords.ordinal($0) != nil ? $0 : nil }) {
                pos = save
                let ords = try parseOrdinalList()
                guard take("week") || take("weeks") else { throw unexpected() }
                if take("of") {  // optional `of the year`
                    _ = take("the")
                    guard take("year") else { throw unexpected() }
                }
                byWeekNo += ords
                return
            }
            pos = save
        }
        let months = try parseNameList(TextRuleWords.month)
        guard !months.isEmpty else { throw unexpected() }
        byMonth += months
    }

    /// `at 9:00`, `at 9am and 5:30pm`, `at 09:00:30`, `at hours 9 and 17`, `at minute 15`.
    mutating func parseAtClause() throws {
        if let w = peek, ["hour", "hours", "minute", "minutes", "second", "seconds"].contains(w) {
            pos += 1
            var values: [Int] = []
            while let t = peek, let n = Int(t) {
                pos += 1
                values.append(n)
                let save = pos
                _ = take(",")
                _ = take("and")
                if let nt = peek, Int(nt) != nil { continue }
                pos = save
                break
            }
            guard !values.isEmpty else { throw unexpected() }
            if w.hasPrefix("hour") { byHour += values } else if w.hasPrefix("minute") { byMinute += values } else { bySecond += values }
            return
        }
        var times: [(Int, Int, Int?)] = []
        while let w = peek, let t = parseTime(w) {
            times.append(t)
            let save = pos
            _ = take(",")
            _ = take("and")
            if let nw = peek, parseTimeLookahead(nw) { continue }
            pos = save
            break
        }
        guard !times.isEmpty else { throw unexpected() }
        let hours = Set(times.map(\.0)), minutes = Set(times.map(\.1))
        let seconds = Set(times.compactMap(\.2))
        let explicitSeconds = times.contains { $0.2 != nil }
        if explicitSeconds && times.contains(where: { $0.2 == nil }) {
            throw fail("mix of times with and without seconds")
        }
        // RRULE combines every BYHOUR with every BYMINUTE (and BYSECOND): refuse lists it cannot express.
        var product = Set<Int>()
        for h in hours { for m in minutes { for s in (explicitSeconds ? seconds : [0]) { product.insert(h * 3600 + m * 60 + s) } } }
        let listed = Set(times.map { $0.0 * 3600 + $0.1 * 60 + ($0.2 ?? 0) })
        guard product == listed else {
            throw fail("times that do not share the same minutes cannot be expressed as one rule")
        }
        byHour += hours
        byMinute += minutes
        if explicitSeconds { bySecond += seconds }
    }

    func parseTimeLookahead(_ w: String) -> Bool {
        var copy = self
        return copy.parseTime(w) != nil
    }

    /// `9:00`, `09:30:15`, `9am`, `9:30pm`, `9 am`, `noon`, `midnight`.
    mutating func parseTime(_ w: String) -> (Int, Int, Int?)? {
        if w == "noon" { pos += 1; return (12, 0, nil) }
        if w == "midnight" { pos += 1; return (0, 0, nil) }
        var s = w
        var meridian: String?
        for m in ["am", "pm"] where s.hasSuffix(m) { meridian = m; s.removeLast(2) }
        var consumed = 1
        if meridian == nil, let nxt = peek(1), nxt == "am" || nxt == "pm" { meridian = nxt; consumed = 2 }
        let parts = s.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        if parts.count == 1 && meridian == nil { return nil }  // a bare number is not a time
        var h = parts[0]!
        let m = parts.count > 1 ? parts[1]! : 0
        let sec = parts.count > 2 ? parts[2] : nil
        if let meridian {
            guard (1...12).contains(h) else { return nil }
            h = h % 12 + (meridian == "pm" ? 12 : 0)
        }
        guard (0...23).contains(h), (0...59).contains(m), sec.map({ (0...59).contains($0) }) ?? true else { return nil }
        pos += consumed
        return (h, m, sec ?? nil)
    }
}
