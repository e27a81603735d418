import Foundation

// MARK: - Date phrase conventions
//
// Every phrase is English, case-insensitive, resolved against an injected "today" and "now"
// (the parser never reads the clock), and has exactly one meaning. Weeks run Monday–Sunday.
// Results are `LocalDate`s (wall-calendar days), so clock changes can never shift them.
//
//  today, tod ........................ today
//  tomorrow, tom, tmr, tmrw .......... today + 1
//  yesterday ......................... today − 1
//  day after tomorrow ................ today + 2 (also `the day after tomorrow`)
//  friday, fri (any weekday name) .... the next day with that name, strictly after today:
//                                      `friday` on a Friday is next week's Friday (+7), as in
//                                      Things. "today" already names today; a weekday name
//                                      points forward. Use `this friday` to allow today.
//                                      Names: monday mon, tuesday tue tues, wednesday wed,
//                                      thursday thu thur thurs, friday fri, saturday sat, sunday sun.
//  this friday ....................... the Friday of the current week, which may be today; if
//                                      it has already passed this week, next week's Friday.
//  next friday ....................... the Friday of next week: on a Thursday it is 8 days away,
//                                      not tomorrow; on a Sunday `next monday` is tomorrow.
//  next week ......................... Monday of next week
//  next month ........................ the 1st of next month
//  next year ......................... January 1 of next year
//  this weekend ...................... Saturday of this week (today on a Saturday or a Sunday)
//  next weekend ...................... Saturday of next week
//  in 3 days|weeks|months|years ...... counted from today; counts are digits or one…twelve,
//  in a week, in an hour-less unit      and `a`/`an` mean 1. Months and years clamp to the end of
//  3 days, two weeks ................... a shorter month (Jan 31 + 1 month = Feb 28/29).
//  +3d +2w +1m +1y ................... the same as `in 3 days` … `in 1 year` (one token).
//  march 1, mar 1st, 1 march, 1st of march, the 1st of march
//                                      that day this year if it is today or later, otherwise
//                                      next year. Feb 29 means the next Feb 29 that exists.
//  march 1 2027, 1 march 2027 ........ exactly that day (a 4-digit year 1900–2999).
//  2026-03-01 ........................ exactly that day (ISO); `2026-03-01T17:00` with time.
//  the 15th, the 15, 15th ............ the next 15th, today counts; a month without that day
//                                      is skipped (`the 31st` in April → May 31). A bare `15`
//                                      is a number, never a date.
//  end of week, eow .................. the coming Sunday (today on a Sunday)
//  end of month, eom ................. the last day of this month (may be today)
//  end of year, eoy .................. December 31 of this year
//  (`end of the week` etc. are also accepted)
//  mid january, mid-january, mid-jan . January 15: this year if not yet passed, else next year
//  A day that does not exist (feb 30, 2026-02-29) is not a date.
//  A month name alone (`March madness`) is not a date: it needs a day number.
//
//  12/3, 12/3/2027, 12/3/27 ......... numeric dates, only when a `DateOrder` is given: month/day
//                                      (mdy), day/month (dmy) or, in ymd, month/day and y/m/d.
//                                      Without a year: the next such day (this year if not past).
//
// Times (minutes precision) may follow or precede a date, with or without `at`:
//  5pm, 5 pm, 5:30pm, 12am (= 00:00), 12pm (= 12:00) .. 12-hour clock
//  17:00, 9:30 ....................... 24-hour clock
//  at 3 .............................. a bare hour 1–11 needs `at` and is read in waking hours
//                                      (see DatePhraseParser+Times.swift): `at 3` = 15:00,
//                                      `at 10` = 10:00, `at 8` = the next of 08:00/20:00.
//  noon = 12:00, midnight = 00:00 (the start of the day it is attached to)
//  tomorrow at 9am, friday 17:00, at 5pm tomorrow .. that date at that time
//  tomorrow morning, friday evening .. that date at 09:00 / 15:00 / 18:00 / 20:00 (night)
//  tonight, this evening, eod ........ today at 20:00 / 18:00 / 17:00 (just today once past)
//  in 2 hours, in 30 min ............. now plus that, with a time
//  A time with no date means today at that time if it is now or later, otherwise tomorrow
//  (`at 9am` typed at 10:00 is tomorrow 09:00; `midnight` alone is therefore tomorrow 00:00).

/// Parses English date phrases ("next friday", "in 3 days", "march 1 at 5pm") into a
/// `LocalDateTime`, relative to an injected today and time of day. See the conventions block
/// at the top of this file (also in `docs/quick-entry.md`).
public struct DatePhraseParser: Sendable {
    /// The day phrases are resolved against.
    public var today: LocalDate
    /// The current wall-clock time; only used to place a time given without a date.
    public var now: LocalTime

    /// How numeric dates (`12/3`, `3/12/2027`) are read; nil reads none (only ISO dates).
    public var dateOrder: DateOrder?

    public init(today: LocalDate, now: LocalTime, dateOrder: DateOrder? = nil) {
        self.today = today
        self.now = now
        self.dateOrder = dateOrder
    }

    /// Today and now as seen at `instant` in `zone` (the caller passes the instant; the parser
    /// still never reads the clock). Seconds are dropped.
    public init(instant: Date, in zone: TimeZone, dateOrder: DateOrder? = nil) {
        let seconds = Int((instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))).rounded(.down))
        let ofDay = ((seconds % 86_400) + 86_400) % 86_400
        self.init(today: LocalDate(instant, in: zone),
                  now: LocalTime(hour: ofDay / 3600, minute: ofDay % 3600 / 60)!, dateOrder: dateOrder)
    }

    /// The most words a phrase can use.
    static let maxPhraseWords = 10

    /// A phrase found at the start of a word list: its value and how many words it used.
    public struct Match: Equatable, Sendable {
        public let value: LocalDateTime
        public let wordCount: Int
        /// The phrase named only a time (`at 10am`): the day was chosen by the time-alone rule,
        /// so a repeating task may move it onto its rule.
        public var timeOnly = false
    }

    /// Parses `phrase` when the whole text (ignoring surrounding whitespace) is one date phrase;
    /// nil otherwise. Ambiguous abbreviations (`sun`, `tom`) are accepted here, because the
    /// caller says the text is a date.
    public func parse(_ phrase: String) -> LocalDateTime? {
        let words = phrase.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty, let m = match(words, at: 0), m.wordCount == words.count else { return nil }
        return m.value
    }

    /// The longest date phrase that starts at `words[start]` (words are whitespace-free).
    /// With `allowAmbiguous == false`, words that are also ordinary words or names (`tom`,
    /// `tod`, `wed`, `sat`, `sun`) are not dates unless after `this`/`next`, and a time
    /// with no date needs `at` or am/pm (`17:00`, `noon` alone are not taken; `at noon` is).
    public func match(_ words: [String], at start: Int, allowAmbiguous: Bool = true) -> Match? {
        guard start >= 0, start < words.count else { return nil }
        // No phrase is longer than `the 1st of march 2027 at 5 pm` (8 words); the cap keeps a
        // scan over a long pasted line linear.
        let w = words[start..<min(words.count, start + DatePhraseParser.maxPhraseWords)].map { $0.lowercased() }
        var best: Match?
        func consider(_ value: LocalDateTime, _ n: Int, timeOnly: Bool = false) {
            if n > (best?.wordCount ?? 0) { best = Match(value: value, wordCount: n, timeOnly: timeOnly) }
        }
        if let dt = LocalDateTime(w[0].uppercased()), dt.time != nil { consider(dt, 1) }
        if let (d, n) = date(w, 0, allowAmbiguous) {
            consider(LocalDateTime(date: d), n)
            if let t = time(w, n) { consider(LocalDateTime(date: d, time: t.on(d, today: today, now: now)), n + t.count) }
            if let part = dayPart(w, n) { consider(LocalDateTime(date: d, time: part), n + 1) }
        }
        if let t = time(w, 0) {
            if let (d, n) = date(w, t.count, allowAmbiguous) {
                consider(LocalDateTime(date: d, time: t.on(d, today: today, now: now)), t.count + n)
            }
            if allowAmbiguous || t.explicit {
                // A time alone: still ahead today, or already past and so tomorrow.
                consider(t.alone(today: today, now: now), t.count, timeOnly: true)
            }
        }
        if let (dt, n) = dateTimePhrase(w) { consider(dt, n) }
        return best
    }

    // MARK: Dates

    /// The longest date (without time) at `w[i]`.
    func date(_ w: [String], _ i: Int, _ allowAmbiguous: Bool) -> (LocalDate, Int)? {
        guard i < w.count else { return nil }
        var best: (LocalDate, Int)?
        func consider(_ d: LocalDate?, _ n: Int) {
            if let d, n > (best?.1 ?? 0) { best = (d, n) }
        }
        func word(_ k: Int) -> String? { i + k < w.count ? w[i + k] : nil }
        let w0 = w[i]
        let monday = today.mondayOfWeek

        // One-word dates.
        switch w0 {
        case "today": consider(today, 1)
        case "tod": if allowAmbiguous { consider(today, 1) }
        case "tomorrow", "tmr", "tmrw": consider(today.adding(days: 1), 1)
        case "tom": if allowAmbiguous { consider(today.adding(days: 1), 1) }
        case "yesterday": consider(today.adding(days: -1), 1)
        case "eow": consider(monday.adding(days: 6), 1)
        case "eom": consider(today.lastOfMonth, 1)
        case "eoy": consider(LocalDate(year: today.year, month: 12, day: 31), 1)
        default: break
        }
        if let (wd, ambiguous) = DateVocabulary.weekday(w0), allowAmbiguous || !ambiguous {
            let ahead = (wd - today.weekday + 7) % 7
            consider(today.adding(days: ahead == 0 ? 7 : ahead), 1)
        }
        if let d = LocalDate(w0) { consider(d, 1) }
        if let order = dateOrder { consider(numericDate(w0, order), 1) }
        consider(relativeToken(w0), 1)
        if let d = DateVocabulary.dayOfMonth(w0, requireSuffix: true) { consider(nextDayOfMonth(d), 1) }
        if w0.hasPrefix("mid-"), let m = DateVocabulary.month(String(w0.dropFirst(4))) {
            consider(nextMonthDay(m, 15), 1)
        }

        // [the] day after tomorrow — one phrase, so quick entry never reads `after tomorrow` as defer.
        let the = w0 == "the" ? 1 : 0
        if word(the) == "day", word(the + 1) == "after", word(the + 2) == "tomorrow" {
            consider(today.adding(days: 2), the + 3)
        }

        // this … / next …
        if w0 == "this" || w0 == "next", let w1 = word(1) {
            let week = w0 == "this" ? monday : monday.adding(days: 7)
            if let (wd, _) = DateVocabulary.weekday(w1) {
                var d = week.adding(days: wd - 1)
                if d < today { d = d.adding(days: 7) }  // only possible for `this`
                consider(d, 2)
            }
            if w1 == "weekend" {
                // Saturday of the week; on a Sunday `this weekend` is today.
                consider(w0 == "this" && today.weekday == 7 ? today : week.adding(days: 5), 2)
            }
            if w0 == "next" {
                switch w1 {
                case "week": consider(week, 2)
                case "month": consider(today.firstOfMonth.adding(months: 1), 2)
                case "year": consider(LocalDate(year: today.year + 1, month: 1, day: 1), 2)
                default: break
                }
            }
        }

        // in N units / N units
        if w0 == "in", let w1 = word(1), let w2 = word(2), let unit = DateVocabulary.unit(w2) {
            let n = (w1 == "a" || w1 == "an") ? 1 : DateVocabulary.count(w1)
            if let n { consider(today.adding(n, unit), 3) }
        }
        if let n = DateVocabulary.count(w0), let w1 = word(1), let unit = DateVocabulary.unit(w1) {
            consider(today.adding(n, unit), 2)
        }

        // end of [the] week|month|year
        if w0 == "end", word(1) == "of" {
            let k = word(2) == "the" ? 3 : 2
            switch word(k) {
            case "week": consider(monday.adding(days: 6), k + 1)
            case "month": consider(today.lastOfMonth, k + 1)
            case "year": consider(LocalDate(year: today.year, month: 12, day: 31), k + 1)
            default: break
            }
        }

        // mid january
        if w0 == "mid", let w1 = word(1), let m = DateVocabulary.month(w1) { consider(nextMonthDay(m, 15), 2) }

        // the 15th / the 15
        if w0 == "the", let w1 = word(1), let d = DateVocabulary.dayOfMonth(w1, requireSuffix: false) {
            consider(nextDayOfMonth(d), 2)
        }

        // month day [year]
        if let m = DateVocabulary.month(w0), let w1 = word(1),
           let d = DateVocabulary.dayOfMonth(w1, requireSuffix: false) {
            considerMonthDay(m, d, yearWord: word(2), used: 2, consider)
        }

        // [the] day [of] month [year]
        let lead = w0 == "the" ? 1 : 0
        if let dw = word(lead), let d = DateVocabulary.dayOfMonth(dw, requireSuffix: false) {
            let of = word(lead + 1) == "of" ? 1 : 0
            if let mw = word(lead + 1 + of), let m = DateVocabulary.month(mw) {
                considerMonthDay(m, d, yearWord: word(lead + 2 + of), used: lead + 2 + of, consider)
            }
        }
        return best
    }

    /// `month day`, optionally followed by an explicit year. An explicit year that makes the day
    /// impossible (`feb 29 2027`) yields nothing rather than silently dropping the year.
    private func considerMonthDay(_ m: Int, _ d: Int, yearWord: String?, used: Int,
                                  _ consider: (LocalDate?, Int) -> Void) {
        if let yw = yearWord, let y = DateVocabulary.year(yw) {
            if let exact = LocalDate(year: y, month: m, day: d) { consider(exact, used + 1) }
            return
        }
        consider(nextMonthDay(m, d), used)
    }

    /// `12/3`, `12/3/2027`, `12/3/27` read in `order`; a date without a year is the next one
    /// (this year if not yet passed). In `ymd` order two numbers are month/day.
    func numericDate(_ w: String, _ order: DateOrder) -> LocalDate? {
        let parts = w.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let yearFirst = order == .ymd && parts.count == 3
        var numbers: [Int] = []
        for (k, p) in parts.enumerated() {
            let isYear = parts.count == 3 && (yearFirst ? k == 0 : k == 2)
            if isYear, p.count == 4 {
                guard let y = DateVocabulary.year(String(p)) else { return nil }  // 1900–2999
                numbers.append(y)
                continue
            }
            guard let n = DateVocabulary.digits(p, maxLength: 2), !isYear || p.count == 2 else { return nil }
            numbers.append(isYear ? 2000 + n : n)
        }
        let dm = yearFirst ? Array(numbers.dropFirst()) : Array(numbers.prefix(2))
        let (month, day) = order == .dmy ? (dm[1], dm[0]) : (dm[0], dm[1])
        guard parts.count == 3 else { return nextMonthDay(month, day) }
        return LocalDate(year: yearFirst ? numbers[0] : numbers[2], month: month, day: day)
    }

    /// `+3d`, `+2w`, `+1m`, `+1y` as a single token.
    private func relativeToken(_ w: String) -> LocalDate? {
        guard w.hasPrefix("+"), w.count >= 3, let last = w.last else { return nil }
        let unit: DateVocabulary.Unit
        switch last {
        case "d": unit = .day
        case "w": unit = .week
        case "m": unit = .month
        case "y": unit = .year
        default: return nil
        }
        guard let n = DateVocabulary.digits(w.dropFirst().dropLast(), maxLength: 3) else { return nil }
        return today.adding(n, unit)
    }

    /// The next `month/day` on or after today; nil when that day never exists (Feb 30).
    func nextMonthDay(_ month: Int, _ day: Int) -> LocalDate? {
        for y in today.year...(today.year + 8) {
            if let d = LocalDate(year: y, month: month, day: day), d >= today { return d }
        }
        return nil
    }

    /// The next day numbered `day` on or after today, skipping months too short for it.
    func nextDayOfMonth(_ day: Int) -> LocalDate? {
        let first = today.firstOfMonth
        for k in 0..<13 {
            let m = first.adding(months: k)
            if let d = LocalDate(year: m.year, month: m.month, day: day), d >= today { return d }
        }
        return nil
    }
}
