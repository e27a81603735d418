import Foundation

// Calendar helpers that work for any proleptic Gregorian year (the engine looks one year
// before year 1 and past 9999 while checking feasibility, where `LocalDate` cannot go).
enum RecurrenceCalendar {
    static func isLeap(_ y: Int) -> Bool { LocalDate.isLeapYear(y) }
    static func daysInMonth(_ y: Int, _ m: Int) -> Int { LocalDate.daysInMonth(year: y, month: m) }
    /// Days since 1970-01-01, unchecked.
    static func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int { LocalDate.dayNumber(year, month, day) }
    /// 0 = Monday … 6 = Sunday (python's `date.weekday()`).
    static func weekday0(_ dayNumber: Int) -> Int { mod(dayNumber + 3, 7) }
    static func mod(_ a: Int, _ b: Int) -> Int { let r = a % b; return r < 0 ? r + b : r }
    static func floorDiv(_ a: Int, _ b: Int) -> Int { let q = a / b; return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q }
    static func gcd(_ a: Int, _ b: Int) -> Int { var (x, y) = (abs(a), abs(b)); while y != 0 { (x, y) = (y, x % y) }; return x }
}

/// Per-year lookup tables, a port of python-dateutil's `_iterinfo`. Index `i` is the day of the
/// year counted from 0; tables run 7 days past the year's end because a weekly period that
/// starts in late December continues into January.
struct RecurrenceYearInfo {
    // Month / day-of-month / negative day-of-month for every index, built once.
    static let tables: (m365: [Int8], m366: [Int8], md365: [Int8], md366: [Int8], nmd365: [Int8], nmd366: [Int8],
                        r365: [Int], r366: [Int]) = {
        var out: [[Int8]] = []
        var ranges: [[Int]] = []
        for leap in [false, true] {
            var m: [Int8] = [], md: [Int8] = [], nmd: [Int8] = []
            var r = [0]
            for month in 1...12 {
                let n = month == 2 ? (leap ? 29 : 28) : RecurrenceCalendar.daysInMonth(2001, month)
                for d in 1...n {
                    m.append(Int8(month)); md.append(Int8(d)); nmd.append(Int8(d - n - 1))
                }
                r.append(r.last! + n)
            }
            for d in 1...7 { m.append(1); md.append(Int8(d)); nmd.append(Int8(d - 32)) }
            out += [m, md, nmd]
            ranges.append(r)
        }
        return (out[0], out[3], out[1], out[4], out[2], out[5], ranges[0], ranges[1])
    }()

    var year = Int.min
    var lastMonth = Int.min
    var yearLen = 365
    var nextYearLen = 365
    /// Day number (days since 1970-01-01) of January 1.
    var yearStart = 0
    /// Weekday of January 1, 0 = Monday.
    var yearWeekday = 0
    var mmask: [Int8] = []
    var mdaymask: [Int8] = []
    var nmdaymask: [Int8] = []
    var mrange: [Int] = []
    /// Days that fall in one of the BYWEEKNO weeks; empty when the rule has none.
    var wnomask: [Bool] = []
    /// Days that are one of the ordinal BYDAY entries (`2TU`); empty when the rule has none.
    var nwdaymask: [Bool] = []

    @inline(__always) func wday(_ i: Int) -> Int { RecurrenceCalendar.mod(yearWeekday + i, 7) }

    /// `allMonths` marks ordinal weekdays of every month at once (used by the feasibility scan of
    /// MONTHLY rules, where the real iteration rebuilds month by month).
    mutating func rebuild(year newYear: Int, month: Int, rule c: CompiledRecurrence, allMonths: Bool = false) {
        let yearChanged = newYear != year
        if yearChanged {
            year = newYear
            let leap = RecurrenceCalendar.isLeap(newYear)
            yearLen = leap ? 366 : 365
            nextYearLen = RecurrenceCalendar.isLeap(newYear + 1) ? 366 : 365
            yearStart = RecurrenceCalendar.dayNumber(newYear, 1, 1)
            yearWeekday = RecurrenceCalendar.weekday0(yearStart)
            let t = Self.tables
            mmask = leap ? t.m366 : t.m365
            mdaymask = leap ? t.md366 : t.md365
            nmdaymask = leap ? t.nmd366 : t.nmd365
            mrange = leap ? t.r366 : t.r365
            if c.byWeekNo.isEmpty { wnomask = [] } else { buildWeekNoMask(c) }
        }
        if !c.byNWeekday.isEmpty && (yearChanged || month != lastMonth || allMonths) {
            var ranges: [(Int, Int)] = []
            if c.rank == 0 {
                if c.byMonthMask != 0 {
                    for m in 1...12 where c.byMonthMask & (1 << m) != 0 { ranges.append((mrange[m - 1], mrange[m])) }
                } else {
                    ranges = [(0, yearLen)]
                }
            } else if c.rank == 1 {
                ranges = allMonths ? (1...12).map { (mrange[$0 - 1], mrange[$0]) } : [(mrange[month - 1], mrange[month])]
            }
            nwdaymask = [Bool](repeating: false, count: yearLen)
            for (first, end) in ranges {
                let last = end - 1
                for (wd, n) in c.byNWeekday {
                    var i: Int
                    if n < 0 {
                        i = last + (n + 1) * 7
                        i -= RecurrenceCalendar.mod(wday(i) - wd, 7)
                    } else {
                        i = first + (n - 1) * 7
                        i += RecurrenceCalendar.mod(7 - wday(i) + wd, 7)
                    }
                    if first <= i && i <= last { nwdaymask[i] = true }
                }
            }
        }
        lastMonth = month
    }

    /// dateutil's week-number mask, quirks included (it is the oracle).
    private mutating func buildWeekNoMask(_ c: CompiledRecurrence) {
        let wkst = c.wkst
        var mask = [Bool](repeating: false, count: yearLen + 7)
        func markWeek(from start: Int) {
            var i = start
            for _ in 0..<7 {
                guard i >= 0, i < mask.count else { break }
                mask[i] = true
                i += 1
                if wday(i) == wkst { break }
            }
        }
        let firstwkst = RecurrenceCalendar.mod(7 - yearWeekday + wkst, 7)
        var no1wkst = firstwkst
        let wyearlen: Int
        if no1wkst >= 4 {
            no1wkst = 0
            wyearlen = yearLen + RecurrenceCalendar.mod(yearWeekday - wkst, 7)
        } else {
            wyearlen = yearLen - no1wkst
        }
        let numweeks = wyearlen / 7 + (wyearlen % 7) / 4
        for n0 in c.byWeekNo {
            var n = n0
            if n < 0 { n += numweeks + 1 }
            guard n > 0, n <= numweeks else { continue }
            var i: Int
            if n > 1 {
                i = no1wkst + (n - 1) * 7
                if no1wkst != firstwkst { i -= 7 - firstwkst }
            } else {
                i = no1wkst
            }
            markWeek(from: i)
        }
        if c.byWeekNo.contains(1) {
            // Week 1 of next year may start in the last days of this one.
            var i = no1wkst + numweeks * 7
            if no1wkst != firstwkst { i -= 7 - firstwkst }
            if i < yearLen { markWeek(from: i) }
        }
        if no1wkst != 0 {
            // Days before this year's week 1 belong to last year's last week.
            let lnumweeks: Int
            if !c.byWeekNo.contains(-1) {
                let lyearweekday = RecurrenceCalendar.weekday0(RecurrenceCalendar.dayNumber(year - 1, 1, 1))
                let lno1wkst = RecurrenceCalendar.mod(7 - lyearweekday + wkst, 7)
                let lyearlen = RecurrenceCalendar.isLeap(year - 1) ? 366 : 365
                if lno1wkst >= 4 {
                    lnumweeks = 52 + RecurrenceCalendar.mod(lyearlen + RecurrenceCalendar.mod(lyearweekday - wkst, 7), 7) / 4
                } else {
                    lnumweeks = 52 + RecurrenceCalendar.mod(yearLen - no1wkst, 7) / 4
                }
            } else {
                lnumweeks = -1
            }
            if c.byWeekNo.contains(lnumweeks) {
                for i in 0..<no1wkst { mask[i] = true }
            }
        }
        wnomask = mask
    }
}
