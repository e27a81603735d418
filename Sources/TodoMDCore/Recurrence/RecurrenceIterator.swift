import Foundation

/// Generates a rule's occurrences in order, lazily. A port of python-dateutil's `rrule._iter`
/// (period by period: build the period's candidate days, filter them, expand times, apply
/// BYSETPOS, then step by INTERVAL), so results are identical to dateutil's, plus guarantees
/// that it always ends with bounded work:
/// - nothing after 9999-12-31 (dateutil's MAXYEAR too);
/// - after 64 empty periods, a one-off scan of a whole 400-year cycle proves whether any day can
///   pass the filters (and BYSETPOS can be in range) — impossible rules stop there (~1 ms);
/// - during an empty run, Brent cycle detection on the state modulo 400 years stops rules whose
///   INTERVAL phase never meets a matching day, and a hard cap of one full cycle of periods backs
///   it up;
/// - once a period starts after UNTIL, iteration stops.
/// None of these drops an occurrence dateutil would produce; they only stop searches that
/// provably cannot succeed.
public struct RecurrenceIterator: IteratorProtocol, Sequence {
    let c: CompiledRecurrence?
    var ii = RecurrenceYearInfo()
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, weekday = 0
    var timeset: [Int] = []
    var remaining: Int?
    var done = false
    var buffer: [Int] = []
    var bufferIndex = 0
    var emptyPeriods = 0
    var feasibilityChecked = false
    var days: [Int] = []
    var cycleSaved = -1
    var cyclePower = 1
    var cycleLength = 0

    init(rule: RecurrenceRule, start: RecurrenceStart) {
        c = CompiledRecurrence(rule, start: start)
        guard let c else { done = true; return }
        year = start.date.year
        month = start.date.month
        day = start.date.day
        hour = c.startSecondOfDay / 3600
        minute = c.startSecondOfDay / 60 % 60
        second = c.startSecondOfDay % 60
        weekday = start.date.weekday - 1
        remaining = c.count
        ii.rebuild(year: year, month: month, rule: c)
        if c.rank < 4 {
            timeset = c.timeset
        } else if (c.byHour.map { !$0.contains(hour) } ?? false)
                    || (c.rank >= 5 && (c.byMinute.map { !$0.contains(minute) } ?? false))
                    || (c.rank >= 6 && (c.bySecond.map { !$0.contains(second) } ?? false)) {
            timeset = []
        } else {
            timeset = subDailyTimeset(c)
        }
    }

    public mutating func next() -> RecurrenceInstant? {
        while bufferIndex >= buffer.count {
            if done { return nil }
            buffer.removeAll(keepingCapacity: true)
            bufferIndex = 0
            runPeriod()
        }
        let abs = buffer[bufferIndex]
        bufferIndex += 1
        let dn = RecurrenceCalendar.floorDiv(abs, 86_400)
        let date = LocalDate(dayNumber: dn)
        if c!.dateOnly { return RecurrenceInstant(date: date) }
        return RecurrenceInstant(date: date, time: RecurrenceTime(secondOfDay: abs - dn * 86_400))
    }

    private func subDailyTimeset(_ c: CompiledRecurrence) -> [Int] {
        switch c.rank {
        case 4:
            var t: [Int] = []
            for m in c.byMinute! { for s in c.bySecond! { t.append(hour * 3600 + m * 60 + s) } }
            return t.sorted()
        case 5:
            return c.bySecond!.map { hour * 3600 + minute * 60 + $0 }
        default:
            return [hour * 3600 + minute * 60 + second]
        }
    }

    /// Emits the current period's occurrences into `buffer`, then advances to the next period.
    private mutating func runPeriod() {
        guard let c else { done = true; return }
        // The period's candidate days, as indices into the current year's tables.
        let start: Int, end: Int
        switch c.rank {
        case 0: start = 0; end = ii.yearLen
        case 1: start = ii.mrange[month - 1]; end = ii.mrange[month]
        case 2:
            var i = RecurrenceCalendar.dayNumber(year, month, day) - ii.yearStart
            start = i
            for _ in 0..<7 {
                i += 1
                if ii.wday(i) == c.wkst { break }
            }
            end = i
        default:
            start = RecurrenceCalendar.dayNumber(year, month, day) - ii.yearStart
            end = start + 1
        }
        days.removeAll(keepingCapacity: true)
        var filtered = false
        if c.rank == 0 && c.byMonthMask != 0 {
            // Only the BYMONTH months can match; skipping the rest changes nothing but time.
            for m in 1...12 where c.byMonthMask & (1 << m) != 0 {
                for i in ii.mrange[m - 1]..<ii.mrange[m] where c.dayMatches(i, ii) { days.append(i) }
            }
        } else {
            for i in start..<end {
                if c.dayMatches(i, ii) { days.append(i) } else { filtered = true }
            }
        }

        var candidates = 0
        if !c.bySetPos.isEmpty && !timeset.isEmpty {
            var pos: [Int] = []
            let n = timeset.count
            for p in c.bySetPos {
                let dayPos = p < 0 ? RecurrenceCalendar.floorDiv(p, n) : (p - 1) / n
                let timePos = p < 0 ? RecurrenceCalendar.mod(p, n) : (p - 1) % n
                let idx = dayPos < 0 ? days.count + dayPos : dayPos
                guard idx >= 0, idx < days.count else { continue }
                let res = (ii.yearStart + days[idx]) * 86_400 + timeset[timePos]
                if !pos.contains(res) { pos.append(res) }
            }
            pos.sort()
            candidates = pos.count
            for res in pos where !emit(res, c) { done = true; return }
        } else {
            for i in days {
                let base = (ii.yearStart + i) * 86_400
                for t in timeset {
                    candidates += 1
                    if !emit(base + t, c) { done = true; return }
                }
            }
        }

        // Bounded work for rules that can never (again) produce anything.
        if candidates == 0 {
            emptyPeriods += 1
            // After a short run of empty periods, spend ~1 ms proving whether any day can ever
            // match; real rules with long gaps (Feb 29, week 53) pass and carry on.
            if emptyPeriods >= 64 && !feasibilityChecked {
                feasibilityChecked = true
                if !c.canEverMatch() { done = true; return }
            }
            if emptyPeriods > c.givingUpPeriods { done = true; return }
        } else {
            emptyPeriods = 0
        }
        advance(c, filtered: filtered)
        guard !done else { return }
        if let until = c.until {
            // Every candidate of the new period is at or after its first day: once that day is
            // past UNTIL nothing more can come (dateutil would only notice at the next candidate).
            let first: Int
            switch c.rank {
            case 0: first = RecurrenceCalendar.dayNumber(year, 1, 1)
            case 1: first = RecurrenceCalendar.dayNumber(year, month, 1)
            default: first = RecurrenceCalendar.dayNumber(year, month, day)
            }
            if first * 86_400 > until { done = true; return }
        }
        if candidates == 0 {
            // Brent's cycle detection over the iteration state. The future depends only on the
            // position in the 400-year calendar cycle and the time of day (COUNT and UNTIL do not
            // move while nothing is produced), so a repeated state inside an empty run means the
            // rule can never produce again. This ends phase-locked rules (`FREQ=HOURLY;INTERVAL=7;
            // BYHOUR=14;BYDAY=TU` from a Sunday) after one cycle instead of at year 9999.
            let key = stateKey(c)
            if key == cycleSaved { done = true; return }
            cycleLength += 1
            if cycleLength >= cyclePower {
                cycleSaved = key
                cyclePower *= 2
                cycleLength = 0
            }
        } else {
            cycleSaved = -1
            cyclePower = 1
            cycleLength = 0
        }
    }

    /// The iteration state reduced modulo the 400-year Gregorian cycle, as one integer.
    private func stateKey(_ c: CompiledRecurrence) -> Int {
        switch c.rank {
        case 0: return RecurrenceCalendar.mod(year, 400)
        case 1: return RecurrenceCalendar.mod(year * 12 + month, 4800)
        default:
            let d = RecurrenceCalendar.mod(RecurrenceCalendar.dayNumber(year, month, day), 146_097)
            return (d * 86_400 + hour * 3600 + minute * 60 + second) * 7 + weekday
        }
    }

    /// 10000-01-01T00:00:00 as an absolute second: nothing at or after it is produced.
    static let endOfTime = RecurrenceCalendar.dayNumber(10_000, 1, 1) * 86_400

    /// Applies UNTIL, DTSTART and COUNT to one candidate; false ends the iteration.
    @inline(__always)
    private mutating func emit(_ res: Int, _ c: CompiledRecurrence) -> Bool {
        if let until = c.until, res > until { return false }
        // A weekly period that starts in the last days of 9999 reaches past `LocalDate`'s range.
        if res >= Self.endOfTime { return false }
        if res >= c.dtstart {
            if let r = remaining {
                if r <= 0 { return false }
                remaining = r - 1
            }
            buffer.append(res)
        }
        return true
    }

    /// dateutil's `__mod_distance`: steps of INTERVAL from `value` until one lands in `set`.
    private func modDistance(_ value: Int, _ set: [Int], base: Int, _ c: CompiledRecurrence) -> (Int, Int)? {
        var v = value, acc = 0
        for _ in 0..<base {
            let s = v + c.interval
            acc += RecurrenceCalendar.floorDiv(s, base)
            v = RecurrenceCalendar.mod(s, base)
            if set.contains(v) { return (acc, v) }
        }
        return nil
    }

    /// Steps to the next period. `filtered` (some day of this period failed the filters) lets
    /// sub-daily rules jump to the end of a rejected day instead of visiting each of its hours.
    private mutating func advance(_ c: CompiledRecurrence, filtered: Bool) {
        var fixday = false
        let interval = c.interval
        switch c.rank {
        case 0:
            year += interval
            if year > 9999 { done = true; return }
            ii.rebuild(year: year, month: month, rule: c)
        case 1:
            month += interval
            if month > 12 {
                var div = month / 12
                month = month % 12
                if month == 0 { month = 12; div -= 1 }
                year += div
                if year > 9999 { done = true; return }
            }
            ii.rebuild(year: year, month: month, rule: c)
        case 2:
            if c.wkst > weekday {
                day += -(weekday + 1 + (6 - c.wkst)) + interval * 7
            } else {
                day += -(weekday - c.wkst) + interval * 7
            }
            weekday = c.wkst
            fixday = true
        case 3:
            day += interval
            fixday = true
        case 4:
            if filtered { hour += ((23 - hour) / interval) * interval }
            let ndays: Int
            if let bh = c.byHour {
                guard let (d, h) = modDistance(hour, bh, base: 24, c) else { done = true; return }
                ndays = d; hour = h
            } else {
                ndays = (hour + interval) / 24
                hour = (hour + interval) % 24
            }
            if ndays != 0 { day += ndays; fixday = true }
            timeset = subDailyTimeset(c)
        case 5:
            if filtered { minute += ((1439 - (hour * 60 + minute)) / interval) * interval }
            var valid = false
            for _ in 0..<(1440 / RecurrenceCalendar.gcd(interval, 1440)) {
                let nhours: Int
                if let bm = c.byMinute {
                    guard let (h, m) = modDistance(minute, bm, base: 60, c) else { done = true; return }
                    nhours = h; minute = m
                } else {
                    nhours = (minute + interval) / 60
                    minute = (minute + interval) % 60
                }
                let div = (hour + nhours) / 24
                hour = (hour + nhours) % 24
                if div != 0 { day += div; fixday = true }
                if c.byHour.map({ $0.contains(hour) }) ?? true { valid = true; break }
            }
            if !valid { done = true; return }
            timeset = subDailyTimeset(c)
        default:
            // dateutil steps one INTERVAL at a time (up to a day's worth) until hour, minute and
            // second are all allowed. Steps are chronological, so the answer is the first allowed
            // time in T + k·INTERVAL; find it by jumping over whole disallowed hours and minutes.
            var t = hour * 3600 + minute * 60 + second
            if filtered { t += ((86_399 - t) / interval) * interval }
            let maxSteps = 86_400 / RecurrenceCalendar.gcd(interval, 86_400)
            var k = 1
            var found: Int?
            while k <= maxSteps {
                let u = t + k * interval
                let tod = u % 86_400
                let h = tod / 3600, m = tod / 60 % 60, sec = tod % 60
                var boundary: Int?
                if let bh = c.byHour, !bh.contains(h) {
                    boundary = u - tod % 3600 + 3600
                } else if let bm = c.byMinute, !bm.contains(m) {
                    boundary = u - sec + 60
                } else if let bs = c.bySecond, !bs.contains(sec) {
                    boundary = nil
                } else {
                    found = u
                    break
                }
                if let boundary {
                    // First step at or after the boundary (at least one step further).
                    k = Swift.max(k + 1, (boundary - t + interval - 1) / interval)
                } else {
                    k += 1
                }
            }
            guard let u = found else { done = true; return }
            let tod = u % 86_400
            hour = tod / 3600
            minute = tod / 60 % 60
            second = tod % 60
            if u >= 86_400 {
                day += u / 86_400
                fixday = true
            }
            timeset = subDailyTimeset(c)
        }
        if fixday && day > 28 {
            var dim = RecurrenceCalendar.daysInMonth(year, month)
            if day > dim {
                while day > dim {
                    day -= dim
                    month += 1
                    if month == 13 {
                        month = 1
                        year += 1
                        if year > 9999 { done = true; return }
                    }
                    dim = RecurrenceCalendar.daysInMonth(year, month)
                }
                ii.rebuild(year: year, month: month, rule: c)
            }
        }
    }
}
