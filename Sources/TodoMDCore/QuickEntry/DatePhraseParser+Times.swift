import Foundation

// Times of day, parts of the day and relative hours. Conventions (also in docs/quick-entry.md):
//  5pm, 5 pm, 5:30pm, 12am (00:00), 12pm (12:00) .. 12-hour clock
//  17:00, 9:30, at 09 ................ 24-hour clock (a time with minutes, or a leading zero)
//  at 3, today at 5 .................. a bare hour 1–11 without am/pm is read in waking hours
//                                      (07:00–21:59): 1–6 are afternoon/evening (13:00–18:00),
//                                      10 and 11 morning, 7–9 either: the next one still ahead
//                                      (`at 8` at noon is 20:00, at 07:00 it is 08:00). `at 0`,
//                                      `at 12` … `at 23` are the 24-hour clock.
//  noon = 12:00, midnight = 00:00
//  <date> morning|afternoon|evening|night = 09:00 | 15:00 | 18:00 | 20:00 of that day
//  tonight = today 20:00; this morning|afternoon|evening|night = today at that time
//  eod, end of day, end of the day = today 17:00
//     (these today-phrases, typed when their time has passed, mean today without a time)
//  in 2 hours, in 30 min, in an hour, in half an hour, in 2h, in 90m .. now plus that,
//     a date and a time (tomorrow when it crosses midnight)

extension DatePhraseParser {
    /// Waking hours, for reading a bare hour (`at 3`) without am/pm.
    static let wakingHours = 7...21

    /// Times of the named parts of the day.
    static let dayParts: [String: LocalTime] = [
        "morning": LocalTime(hour: 9, minute: 0)!, "afternoon": LocalTime(hour: 15, minute: 0)!,
        "evening": LocalTime(hour: 18, minute: 0)!, "night": LocalTime(hour: 20, minute: 0)!,
    ]
    /// `eod` / `end of day`.
    static let endOfDay = LocalTime(hour: 17, minute: 0)!

    /// A time phrase: one reading, or for a bare hour such as `at 8` the waking readings in
    /// order (08:00, 20:00). `explicit` says it has `at` or am/pm, i.e. cannot be mistaken for
    /// a verse number or a ratio.
    struct TimePhrase {
        var readings: [LocalTime]
        var count: Int
        var explicit: Bool

        /// The reading on `date`: today the first still ahead of `now` (else the first), any
        /// other day the first.
        func on(_ date: LocalDate, today: LocalDate, now: LocalTime) -> LocalTime {
            if date == today, let ahead = readings.first(where: { $0 >= now }) { return ahead }
            return readings[0]
        }

        /// A time with no date: today if a reading is still ahead, otherwise tomorrow.
        func alone(today: LocalDate, now: LocalTime) -> LocalDateTime {
            if let ahead = readings.first(where: { $0 >= now }) { return LocalDateTime(date: today, time: ahead) }
            return LocalDateTime(date: today.adding(days: 1), time: readings[0])
        }
    }

    /// A time of day at `w[i]` (words lowercased).
    func time(_ w: [String], _ i: Int) -> TimePhrase? {
        var j = i
        let hasAt = j < w.count && w[j] == "at"
        if hasAt { j += 1 }
        guard j < w.count else { return nil }
        let t = w[j]
        let used = j - i + 1
        func one(_ lt: LocalTime, _ n: Int, _ explicit: Bool) -> TimePhrase { TimePhrase(readings: [lt], count: n, explicit: explicit) }
        switch t {
        case "noon": return one(LocalTime(hour: 12, minute: 0)!, used, hasAt)
        case "midnight": return one(LocalTime(hour: 0, minute: 0)!, used, hasAt)
        default: break
        }
        if t.hasSuffix("am") || t.hasSuffix("pm"), let lt = twelveHour(t.dropLast(2), pm: t.hasSuffix("pm")) {
            return one(lt, used, true)
        }
        if j + 1 < w.count, w[j + 1] == "am" || w[j + 1] == "pm",
           let lt = twelveHour(Substring(t), pm: w[j + 1] == "pm") {
            return one(lt, used + 1, true)
        }
        if t.contains(":"), let (h, m) = clock(Substring(t)), let lt = LocalTime(hour: h, minute: m) {
            return one(lt, used, hasAt)
        }
        if hasAt, let h = DateVocabulary.digits(t, maxLength: 2), let lt = LocalTime(hour: h, minute: 0) {
            guard (1...11).contains(h), !t.hasPrefix("0") else { return one(lt, used, true) }
            let readings = [h, h + 12].filter { Self.wakingHours.contains($0) }.compactMap { LocalTime(hour: $0, minute: 0) }
            return TimePhrase(readings: readings, count: used, explicit: true)
        }
        return nil
    }

    /// `morning`, `afternoon`, `evening`, `night` right after a date.
    func dayPart(_ w: [String], _ i: Int) -> LocalTime? {
        i < w.count ? Self.dayParts[w[i]] : nil
    }

    /// Date-times that are not a date plus a time: `tonight`, `this evening`, `eod`,
    /// `end of the day`, `in 2 hours`, `in 30 min`. Returns the value and the words used.
    func dateTimePhrase(_ w: [String]) -> (LocalDateTime, Int)? {
        guard let w0 = w.first else { return nil }
        func word(_ k: Int) -> String? { k < w.count ? w[k] : nil }
        // Today at a time; once that time has passed, just today (never a time already gone).
        func todayAt(_ t: LocalTime) -> LocalDateTime { LocalDateTime(date: today, time: t >= now ? t : nil) }
        switch w0 {
        case "tonight": return (todayAt(Self.dayParts["night"]!), 1)
        case "eod": return (todayAt(Self.endOfDay), 1)
        case "this":
            if let w1 = word(1), let t = Self.dayParts[w1] { return (todayAt(t), 2) }
        case "end":
            let k = word(2) == "the" ? 3 : 2
            if word(1) == "of", word(k) == "day" { return (todayAt(Self.endOfDay), k + 1) }
        case "in":
            if let (minutes, n) = duration(Array(w.dropFirst())) { return (adding(minutes: minutes), n + 1) }
        default: break
        }
        return nil
    }

    /// A span of hours or minutes: `2 hours`, `an hour`, `half an hour`, `30 min`, `2h`,
    /// `90m`, `1h30m`, `two hrs`. Returns minutes and the words used.
    private func duration(_ w: [String]) -> (Int, Int)? {
        guard let w0 = w.first else { return nil }
        if w0 == "half", w.count >= 3, w[1] == "an", w[2] == "hour" { return (30, 3) }
        if w0.last?.isLetter == true, w0.first?.isNumber == true, let m = QuickTokenizer.minutes(w0) { return (m, 1) }
        guard w.count >= 2 else { return nil }
        let n = (w0 == "a" || w0 == "an") ? 1 : DateVocabulary.count(w0)
        guard let n else { return nil }
        switch w[1] {
        case "hour", "hours", "hr", "hrs", "h": return (n * 60, 2)
        case "minute", "minutes", "min", "mins": return (n, 2)
        default: return nil
        }
    }

    /// Now plus `minutes`, as a date and a time.
    private func adding(minutes: Int) -> LocalDateTime {
        let total = now.hour * 60 + now.minute + minutes
        return LocalDateTime(date: today.adding(days: total / 1440),
                             time: LocalTime(hour: total % 1440 / 60, minute: total % 60))
    }

    /// `5`, `5:30`, `12` read on the 12-hour clock (hour 1–12).
    private func twelveHour(_ s: Substring, pm: Bool) -> LocalTime? {
        let hm: (Int, Int)
        if s.contains(":") {
            guard let c = clock(s) else { return nil }
            hm = c
        } else {
            guard let h = DateVocabulary.digits(s, maxLength: 2) else { return nil }
            hm = (h, 0)
        }
        guard (1...12).contains(hm.0) else { return nil }
        return LocalTime(hour: hm.0 % 12 + (pm ? 12 : 0), minute: hm.1)
    }

    /// `H:MM` / `HH:MM` as raw numbers (minutes must have two digits).
    private func clock(_ s: Substring) -> (Int, Int)? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2,
              let h = DateVocabulary.digits(parts[0], maxLength: 2),
              let m = DateVocabulary.digits(parts[1], maxLength: 2) else { return nil }
        return (h, m)
    }
}
