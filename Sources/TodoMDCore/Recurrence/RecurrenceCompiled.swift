import Foundation

/// A rule anchored to a start, with python-dateutil's defaulting applied: missing BYxxx parts
/// are filled from the start (MONTHLY without a day uses the start's day of month, and so on).
/// Sets are bit masks so the per-day filter is a handful of integer tests.
struct CompiledRecurrence {
    let rank: Int                 // 0 = YEARLY … 6 = SECONDLY
    let interval: Int
    let wkst: Int                 // 0 = Monday
    let count: Int?
    let until: Int?               // absolute second, inclusive
    let byMonthMask: Int          // bit m for month m; 0 = no filter
    let byWeekNo: [Int]
    let byYearDay: [Int]
    let byWeekdayMask: Int        // bit d for weekday d (0 = Monday); 0 = no filter
    let byNWeekday: [(Int, Int)]  // (weekday 0…6, ordinal)
    let byMonthDayMask: Int       // bit d for day d
    let byNMonthDayMask: Int      // bit n for day -n
    let bySetPos: [Int]
    let byHour: [Int]?            // sorted; nil = unrestricted
    let byMinute: [Int]?
    let bySecond: [Int]?
    let timeset: [Int]            // seconds of day, for FREQ ≥ DAILY
    let dtstart: Int              // absolute second
    let startDate: LocalDate
    let startSecondOfDay: Int
    let dateOnly: Bool

    /// Returns nil when the rule can have no occurrence at all (dateutil raises for these:
    /// e.g. `FREQ=HOURLY;INTERVAL=2;BYHOUR=3` from an even hour).
    init?(_ r: RecurrenceRule, start: RecurrenceStart) {
        guard (try? r.validate()) != nil else { return nil }
        rank = r.frequency.rank
        interval = r.interval
        wkst = (r.weekStart ?? .monday).index0
        count = r.count
        if let u = r.until {
            // A date-only UNTIL includes its whole day (dateutil would cut at midnight; for a
            // date-only start both agree, and for a timed start the whole day is what users mean).
            until = u.time == nil ? u.date.dayNumber * 86_400 + 86_399 : u.absoluteSecond
        } else {
            until = nil
        }
        let sod = start.time?.secondOfDay ?? 0
        startDate = start.date
        startSecondOfDay = sod
        dtstart = start.date.dayNumber * 86_400 + sod
        let sh = sod / 3600, sm = sod / 60 % 60, ss = sod % 60
        dateOnly = start.time == nil && rank <= 3 && r.byHour.isEmpty && r.byMinute.isEmpty && r.bySecond.isEmpty

        var byMonth = r.byMonth
        var byMonthDay = r.byMonthDay
        var byDay = r.byDay
        if r.byWeekNo.isEmpty && r.byYearDay.isEmpty && r.byMonthDay.isEmpty && r.byDay.isEmpty {
            switch rank {
            case 0:
                if byMonth.isEmpty { byMonth = [start.date.month] }
                byMonthDay = [start.date.day]
            case 1: byMonthDay = [start.date.day]
            case 2: byDay = [RecurrenceWeekdayNum(RecurrenceWeekday(rawValue: start.date.weekday)!)]
            default: break
            }
        }
        byMonthMask = byMonth.reduce(0) { $0 | (1 << $1) }
        byWeekNo = r.byWeekNo
        byYearDay = r.byYearDay
        var wmask = 0
        var nw: [(Int, Int)] = []
        for d in byDay {
            // Ordinals only mean something for MONTHLY and YEARLY; elsewhere dateutil drops them.
            if let n = d.ordinal, rank <= 1 { nw.append((d.weekday.index0, n)) } else { wmask |= 1 << d.weekday.index0 }
        }
        byWeekdayMask = wmask
        byNWeekday = nw
        byMonthDayMask = byMonthDay.filter { $0 > 0 }.reduce(0) { $0 | (1 << $1) }
        byNMonthDayMask = byMonthDay.filter { $0 < 0 }.reduce(0) { $0 | (1 << -$1) }
        bySetPos = r.bySetPos

        // A BYxxx at the rule's own level keeps only values reachable from the start in steps of
        // INTERVAL (dateutil's `__construct_byset`); none reachable means no occurrence ever.
        func reachable(_ values: [Int], start: Int, base: Int) -> [Int]? {
            let g = RecurrenceCalendar.gcd(r.interval, base)
            let kept = values.filter { g == 1 || RecurrenceCalendar.mod($0 - start, g) == 0 }
            return kept.isEmpty ? nil : kept.sorted()
        }
        if r.byHour.isEmpty {
            byHour = rank < 4 ? [sh] : nil
        } else if rank == 4 {
            guard let v = reachable(r.byHour, start: sh, base: 24) else { return nil }
            byHour = v
        } else {
            byHour = r.byHour.sorted()
        }
        if r.byMinute.isEmpty {
            byMinute = rank < 5 ? [sm] : nil
        } else if rank == 5 {
            guard let v = reachable(r.byMinute, start: sm, base: 60) else { return nil }
            byMinute = v
        } else {
            byMinute = r.byMinute.sorted()
        }
        if r.bySecond.isEmpty {
            bySecond = rank < 6 ? [ss] : nil
        } else if rank == 6 {
            guard let v = reachable(r.bySecond, start: ss, base: 60) else { return nil }
            bySecond = v
        } else {
            bySecond = r.bySecond.sorted()
        }
        if rank < 4 {
            var ts: [Int] = []
            for h in byHour! { for m in byMinute! { for s in bySecond! { ts.append(h * 3600 + m * 60 + s) } } }
            timeset = ts.sorted()
        } else {
            timeset = []
        }
    }

    /// Whether day `i` of the year described by `ii` passes every day-level BYxxx filter.
    @inline(__always)
    func dayMatches(_ i: Int, _ ii: RecurrenceYearInfo) -> Bool {
        if byMonthMask != 0 && byMonthMask & (1 << Int(ii.mmask[i])) == 0 { return false }
        if !byWeekNo.isEmpty && !ii.wnomask[i] { return false }
        if byWeekdayMask != 0 && byWeekdayMask & (1 << ii.wday(i)) == 0 { return false }
        if !ii.nwdaymask.isEmpty && (i >= ii.nwdaymask.count || !ii.nwdaymask[i]) { return false }
        if byMonthDayMask != 0 || byNMonthDayMask != 0 {
            if byMonthDayMask & (1 << Int(ii.mdaymask[i])) == 0 && byNMonthDayMask & (1 << -Int(ii.nmdaymask[i])) == 0 {
                return false
            }
        }
        if !byYearDay.isEmpty {
            if i < ii.yearLen {
                if !byYearDay.contains(i + 1) && !byYearDay.contains(-ii.yearLen + i) { return false }
            } else {
                if !byYearDay.contains(i + 1 - ii.yearLen) && !byYearDay.contains(-ii.nextYearLen + i - ii.yearLen) {
                    return false
                }
            }
        }
        return true
    }

    /// Number of times per period for FREQ < DAILY (the time set of one period).
    var subDailyTimesPerPeriod: Int {
        switch rank {
        case 4: return (byMinute?.count ?? 1) * (bySecond?.count ?? 1)
        case 5: return bySecond?.count ?? 1
        default: return 1
        }
    }

    /// A cheap proof of impossibility, run only after many empty periods: can any day of a full
    /// 400-year Gregorian cycle pass the day filters, and can any BYSETPOS value ever be in range?
    func canEverMatch() -> Bool {
        if !bySetPos.isEmpty {
            let days = [366, 31, 7, 1, 1, 1, 1][rank]
            let per = rank < 4 ? timeset.count : subDailyTimesPerPeriod
            let total = days * per
            if !bySetPos.contains(where: { ($0 > 0 && $0 <= total) || ($0 < 0 && -$0 <= total) }) { return false }
        }
        var ii = RecurrenceYearInfo()
        for y in 2000..<2400 {
            ii.rebuild(year: y, month: 1, rule: self, allMonths: true)
            for i in 0..<ii.yearLen where dayMatches(i, ii) { return true }
        }
        return false
    }

    /// Consecutive periods without a candidate after which the rule can never produce one:
    /// the Gregorian calendar repeats every 400 years, so the sequence of periods repeats after
    /// `cycle / gcd(interval, cycle)` periods, `cycle` being 400 years in the rule's unit.
    var givingUpPeriods: Int {
        let base = [400, 4800, 20_871, 146_097, 3_506_328, 210_379_680, 12_622_780_800][rank]
        return base / RecurrenceCalendar.gcd(interval, base) + 2
    }
}
