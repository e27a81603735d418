import Foundation

/// A repeat found in a quick-add line.
struct QuickRecurrence {
    /// The tokens it used: the phrase, a time that belongs to it, `when done`.
    var start: Int
    var count: Int
    /// A text rule `TextRule` reads: the phrase as typed when it reads as typed (`every 2 weeks`),
    /// else a rewording (`5th of every month` → `every month on the 5th`).
    var rule: String
    var whenDone: Bool
    /// The time of day the repeat names: `every morning`, `every monday at 10am`.
    var time: LocalTime?
}

/// Finds repeat phrases in a quick-add line and checks that the recurrence module can read
/// them: a phrase it cannot read is not a repeat, and its words stay in the title.
enum QuickEntryRecurrence {
    /// Words that may sit inside a phrase but never end it (`every week and` leaves `and …`).
    private static let connectors: Set<String> = ["and", "on", "the", "of", "other", "last",
                                                  "first", "second", "third", "fourth", "fifth"]
    /// Units that make a phrase a recurrence on their own.
    private static let units: Set<String> = ["day", "days", "week", "weeks", "month", "months", "year", "years",
                                             "weekday", "weekdays", "weekend", "weekends", "workday", "workdays"]
    /// One-word repeats, taken only at the end of the title (`Daily standup` is a title), and
    /// the rule each stands for (so every rule quick entry hands on starts with `every`).
    static let adverbs: [String: String] = [
        "daily": "every day", "weekly": "every week", "monthly": "every month", "yearly": "every year",
        "annually": "every year", "fortnightly": "every 2 weeks", "biweekly": "every 2 weeks",
        "quarterly": "every 3 months",
    ]

    private static func isAnchor(_ w: String) -> Bool {
        units.contains(w) || DateVocabulary.weekday(w) != nil || DateVocabulary.weekdayPlural(w)
            || DateVocabulary.month(w) != nil
    }

    private static func isOrdinal(_ w: String) -> Bool {
        DateVocabulary.dayOfMonth(w, requireSuffix: true) != nil || TextRuleWords.ordinalWords[w] != nil || w == "last"
    }

    /// Whether the recurrence module reads `rule`.
    static func readable(_ rule: String) -> Bool { (try? TextRule.parse(rule)) != nil }

    /// The repeat starting at `tokens[start]`: `every …` or `[on] the 5th of every month`.
    /// `available` says which tokens are still free (not quoted, not used by another token).
    static func match(_ tokens: [QuickToken], at start: Int, available: (Int) -> Bool,
                      dates: DatePhraseParser) -> QuickRecurrence? {
        guard available(start) else { return nil }
        let found = tokens[start].lower == "every" ? every(tokens, at: start, available: available)
                                                   : ofEveryMonth(tokens, at: start, available: available)
        guard var r = found else { return nil }
        attachTime(&r, tokens, available: available, dates: dates)
        let end = r.start + r.count
        if end + 1 < tokens.count, available(end), available(end + 1),
           tokens[end].lower == "when", tokens[end + 1].lower == "done" {
            r.whenDone = true
            r.count += 2
        }
        return r
    }

    /// `every` plus the longest run of recurrence words (numbers, one…twelve, ordinals, units,
    /// weekday and month names, `and`, `on`, `the`, `of`, `other`, `last`, `first`…`fifth`,
    /// commas), cut back to its last unit/weekday/month, ordinal, or number right after a month
    /// (`every year on march 1`). It needs a unit, weekday, month or ordinal (`every 15th` is
    /// monthly); `every morning|afternoon|evening|night` is daily at that time.
    private static func every(_ tokens: [QuickToken], at start: Int, available: (Int) -> Bool) -> QuickRecurrence? {
        var hasAnchor = false
        var phraseEnd: Int?  // exclusive
        var previousWasMonth = false
        var i = start + 1
        while i < tokens.count, available(i) {
            let w = bare(tokens[i].lower)
            if isAnchor(w) {
                hasAnchor = true
                phraseEnd = i + 1
            } else if DateVocabulary.dayOfMonth(w, requireSuffix: true) != nil
                        || (previousWasMonth && DateVocabulary.dayOfMonth(w, requireSuffix: false) != nil) {
                phraseEnd = i + 1
            } else if DateVocabulary.count(w) == nil && !connectors.contains(w) {
                break
            }
            previousWasMonth = DateVocabulary.month(w) != nil
            i += 1
        }
        guard let end = phraseEnd else {
            // `every morning`: daily at that part of the day.
            if start + 1 < tokens.count, available(start + 1), let t = DatePhraseParser.dayParts[tokens[start + 1].lower] {
                return QuickRecurrence(start: start, count: 2, rule: "every day", whenDone: false, time: t)
            }
            return nil
        }
        let words = tokens[(start + 1)..<end].map { bare($0.lower) }
        var typed = tokens[start...end - 1].map { String($0.text) }.joined(separator: " ")
        while typed.hasSuffix(",") { typed.removeLast() }
        var candidates = hasAnchor ? [typed] : []
        // `every 1st`, `every 1st and 15th of the month`, `every first monday`: monthly.
        if let first = words.first, isOrdinal(first) || first == "the" {
            var rest = words
            for tail in [["of", "the", "month"], ["of", "every", "month"], ["of", "each", "month"], ["of", "month"]]
                where rest.count > tail.count && Array(rest.suffix(tail.count)) == tail {
                rest.removeLast(tail.count)
                break
            }
            if rest.first == "the" { rest.removeFirst() }
            if !rest.contains(where: { units.contains($0) || DateVocabulary.month($0) != nil }) {
                candidates.append("every month on the " + rest.joined(separator: " "))
            }
        }
        guard let rule = candidates.first(where: readable) else { return nil }
        return QuickRecurrence(start: start, count: end - start, rule: rule, whenDone: false, time: nil)
    }

    /// `[on] [the] 5th|last [day|friday|weekday] of every|each [other|N] month[s]`
    /// → `every [other|N] month[s] on the 5th …`.
    private static func ofEveryMonth(_ tokens: [QuickToken], at start: Int, available: (Int) -> Bool) -> QuickRecurrence? {
        var i = start
        func word(_ k: Int) -> String? { k < tokens.count && available(k) ? tokens[k].lower : nil }
        if word(i) == "on" { i += 1 }
        if word(i) == "the" { i += 1 }
        guard let ordinal = word(i), isOrdinal(ordinal) else { return nil }
        i += 1
        var what = [ordinal]
        if let noun = word(i), noun == "day" || noun == "weekday" || DateVocabulary.weekday(noun) != nil {
            what.append(noun)
            i += 1
        }
        guard word(i) == "of", let each = word(i + 1), each == "every" || each == "each" else { return nil }
        i += 2
        var every = ["every"]
        if let n = word(i), n == "other" || DateVocabulary.count(n) != nil {
            every.append(n)
            i += 1
        }
        guard let unit = word(i), unit == "month" || unit == "months" else { return nil }
        let rule = (every + [unit, "on", "the"] + what).joined(separator: " ")
        guard readable(rule) else { return nil }
        return QuickRecurrence(start: start, count: i + 1 - start, rule: rule, whenDone: false, time: nil)
    }

    /// A part of the day (`every weekday morning`) or a time (`every monday at 10am`) right
    /// after the phrase belongs to it. A bare hour with two waking readings (`at 8`) is the
    /// morning one: a repeat keeps one time.
    private static func attachTime(_ r: inout QuickRecurrence, _ tokens: [QuickToken], available: (Int) -> Bool,
                                   dates: DatePhraseParser) {
        let end = r.start + r.count
        guard r.time == nil, end < tokens.count, available(end) else { return }
        if let t = DatePhraseParser.dayParts[tokens[end].lower] {
            r.time = t
            r.count += 1
            return
        }
        var words: [String] = []
        var k = end
        while k < tokens.count, available(k), words.count < 3 {
            words.append(tokens[k].lower)
            k += 1
        }
        if let t = dates.time(words, 0) {
            r.time = t.readings[0]
            r.count += t.count
        }
    }

    /// A repeat that ends the title: `daily`, `weekly`, … or two or more weekday names
    /// (`mon wed fri`, `tuesday and thursday`), optionally followed by a time (`at 7am`).
    /// `run` is the range of the last run of free tokens.
    static func trailing(_ tokens: [QuickToken], run: Range<Int>, dates: DatePhraseParser) -> QuickRecurrence? {
        guard !run.isEmpty else { return nil }
        let words = tokens[run].map(\.lower)
        // Where the repeat itself would end: before a time that ends the run, or at the run's end.
        var ends: [(Int, LocalTime?)] = [(words.count, nil)]
        for j in max(0, words.count - 4)..<words.count {
            if let t = dates.time(words, j), j + t.count == words.count {
                ends.insert((j, t.readings[0]), at: 0)
                break
            }
        }
        for (end, time) in ends where end > 0 {
            let last = bare(words[end - 1])
            if let rule = adverbs[last], words[end - 1] == last {
                let at = run.lowerBound + end - 1
                return QuickRecurrence(start: at, count: run.upperBound - at, rule: rule, whenDone: false, time: time)
            }
            var k = end, names = 0
            while k > 0 {
                let w = bare(words[k - 1])
                if DateVocabulary.weekday(w) != nil {
                    names += 1
                } else if (w == "and" || w == "&"), names > 0, k >= 2, DateVocabulary.weekday(bare(words[k - 2])) != nil {
                    // joins two names
                } else {
                    break
                }
                k -= 1
            }
            guard names >= 2 else { continue }
            var typed = tokens[(run.lowerBound + k)..<(run.lowerBound + end)].map { String($0.text) }.joined(separator: " ")
            while typed.hasSuffix(",") { typed.removeLast() }
            let rule = "every " + typed
            guard readable(rule) else { continue }
            let at = run.lowerBound + k
            return QuickRecurrence(start: at, count: run.upperBound - at, rule: rule, whenDone: false, time: time)
        }
        return nil
    }

    /// A word without one trailing comma (`monday,`).
    private static func bare(_ w: String) -> String { w.hasSuffix(",") ? String(w.dropLast()) : w }
}
