import Foundation

// MARK: - Quick-add grammar
//
// A line is split into whitespace-separated words; a word holding a matched pair of double quotes
// (straight or curly) is one word even across spaces and is never parsed, except `+"…"`/`="…"`.
// Tokens must be whole words and may appear anywhere:
//
//  #tag, #a/b, @label  tag: letters, digits, _ - and / between non-empty parts, at least one
//                      letter (`@` must be followed by a letter: `@5pm`, `bob@x.com` are text)
//  +Project, +"Name" .. project (first one wins)        =Area, ="Name" .. area (first one wins)
//  !high !!! p1 ....... priority high     !medium !med !! p2 .. medium     !low p3 .. low
//  !none p4 ........... explicitly no priority            !flag ....... flagged
//  someday ............ status someday (the word leaves the title)
//  ~30m ~45min ~2h ~1h30m ~1h30 ~90 .. estimate in minutes (a bare number is minutes)
//  every … [at T] [when done], [on] the 5th of every month, due every …
//                       repeats, anywhere (see QuickEntryRecurrence); `daily` `weekly` …
//                       and weekday lists (`mon wed fri [at 7am]`) only at the end
//  due|by|before|due on|due by X ............................. due
//  on|start|starting|scheduled|scheduled for|scheduled on X .. scheduled
//  defer|defer until|defer to|after|not before|starting from X  defer
//  a keyword-less date ending the title ...................... `defaultDateField` (due)
//  // text ............ description: everything after a standalone `//`
//
// Rules that keep ordinary text intact:
//  • A keyword date is taken anywhere; a keyword-less date only when it ends the title (only
//    tokens or the description may follow). Each field takes the first phrase aimed at it; any
//    other date phrase stays in the title: `Meeting on Monday re: Friday deadline` → scheduled
//    Monday, title `Meeting re: Friday deadline`.
//  • Words that are also ordinary words or names (`sun sat wed tom tod`) are dates only
//    after a keyword or `this`/`next`; a time with no date needs `at` or am/pm (`John 3:16`).
//  • A repeat the recurrence module cannot read is not a repeat: its words stay in the title
//    (`Read every day of the week`). Parsing never fails.
//  • A repeating task with no day typed starts on its rule's first occurrence (`scheduled`, or
//    `due` for `due every …`); a time typed alone belongs to the repeat.
//  • Single-valued fields keep the first token; later ones stay in the title.
//  • The title is the remaining words as typed; where tokens were cut out, one space joins them.
//  • A lone `!` is not a priority; `C#`, `2+2`, `#123`, `#tag,` are text.

/// Parses a quick-add line (`Buy milk tomorrow #errands !high`) into a `QuickEntry`.
/// The grammar is summarised above and documented in full in `docs/quick-entry.md`;
/// dates use `DatePhraseParser`.
public struct QuickEntryParser: Sendable {
    /// Which date field a date without a keyword fills.
    public enum DateField: String, Sendable, CaseIterable {
        case due, scheduled, `defer`
    }

    /// Resolves date phrases; carries today and the current time.
    public var dates: DatePhraseParser
    /// The field a bare date (no keyword) fills. `.due` by default.
    public var defaultDateField: DateField
    /// When true nothing is parsed: the whole trimmed line is the title.
    public var literal: Bool

    public init(today: LocalDate, now: LocalTime, defaultDateField: DateField = .due, literal: Bool = false,
                dateOrder: DateOrder = .mdy) {
        self.dates = DatePhraseParser(today: today, now: now, dateOrder: dateOrder)
        self.defaultDateField = defaultDateField
        self.literal = literal
    }

    /// Date keywords, longest first so `not before` wins over `before`.
    static let keywords: [([String], DateField)] = [
        (["starting", "from"], .defer), (["not", "before"], .defer),
        (["defer", "until"], .defer), (["defer", "to"], .defer),
        (["due", "on"], .due), (["due", "by"], .due),
        (["scheduled", "for"], .scheduled), (["scheduled", "on"], .scheduled),
        (["due"], .due), (["by"], .due), (["before"], .due),
        (["on"], .scheduled), (["start"], .scheduled), (["starting"], .scheduled), (["scheduled"], .scheduled),
        (["defer"], .defer), (["after"], .defer),
    ]

    /// A parser whose today and now are those of `instant` in `zone`.
    public init(instant: Date, in zone: TimeZone, defaultDateField: DateField = .due, literal: Bool = false,
                dateOrder: DateOrder = .mdy) {
        self.dates = DatePhraseParser(instant: instant, in: zone, dateOrder: dateOrder)
        self.defaultDateField = defaultDateField
        self.literal = literal
    }

    /// Parses one line.
    public func parse(_ line: String) -> QuickEntry {
        if literal {
            var e = QuickEntry(title: line.trimmingCharacters(in: .whitespacesAndNewlines))
            e.fillUnderstood(today: dates.today)
            return e
        }
        let tokens = QuickTokenizer.tokenize(line)
        var used = [Bool](repeating: false, count: tokens.count)
        var entry = QuickEntry(title: "")

        // 1. ` // ` ends the title; the rest of the line is the description.
        var titleEnd = tokens.count
        if let k = tokens.indices.first(where: { !tokens[$0].quoted && tokens[$0].text == "//" }) {
            titleEnd = k
            let rest = line[tokens[k].range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            entry.description = rest.isEmpty ? nil : rest
        }
        func free(_ i: Int) -> Bool { i < titleEnd && !used[i] && !tokens[i].quoted }

        // 2. Single-token attributes. Single-valued ones keep the first; later ones stay in the title.
        for i in 0..<titleEnd {
            guard let attribute = QuickTokenizer.attribute(tokens[i]) else { continue }
            switch attribute {
            case .tag(let t):
                if !entry.tags.contains(t) { entry.tags.append(t) }
            case .project(let p):
                guard entry.project == nil else { continue }
                entry.project = p
            case .area(let a):
                guard entry.area == nil else { continue }
                entry.area = a
            case .priority(let p):
                guard entry.priority == nil else { continue }
                entry.priority = p
            case .flag:
                entry.flagged = true
            case .someday:
                guard !entry.someday else { continue }
                entry.someday = true
            case .estimate(let m):
                guard entry.estimateMinutes == nil else { continue }
                entry.estimateMinutes = m
            case .descriptionMarker:
                continue
            }
            used[i] = true
        }

        // 3. Left to right: repeats (`every …`, `due every …`, `the 5th of every month`) and
        //    keyword dates, anywhere in the title.
        var repeatFound: QuickRecurrence?
        var repeatIsDue = false
        var timeOnly: (field: DateField, keyword: Bool)?  // a date that named only a time
        func take(_ r: QuickRecurrence) {
            repeatFound = r
            entry.recurrence = r.rule
            entry.whenDone = r.whenDone
            for k in r.start..<(r.start + r.count) { used[k] = true }
        }
        var i = 0
        while i < titleEnd {
            guard free(i) else { i += 1; continue }
            if repeatFound == nil {
                if let r = QuickEntryRecurrence.match(tokens, at: i, available: free, dates: dates) {
                    take(r)
                    i += r.count
                    continue
                }
                if tokens[i].lower == "due", let r = QuickEntryRecurrence.match(tokens, at: i + 1, available: free, dates: dates) {
                    used[i] = true
                    repeatIsDue = true
                    take(r)
                    i += 1 + r.count
                    continue
                }
            }
            if let (n, field, m) = keywordDate(tokens, at: i, free: free), get(field, entry) == nil {
                set(field, m.value, &entry)
                if m.timeOnly, timeOnly == nil { timeOnly = (field, true) }
                for k in i..<(i + n) { used[k] = true }
                i += n
                continue
            }
            // Step over a keyword-less date phrase whole (it is step 4's business), so a word
            // inside it is never read as a keyword: `day after tomorrow` is not `after tomorrow`.
            let rest = freeWords(tokens, from: i, free: free)
            if let m = dates.match(rest, at: 0, allowAmbiguous: true), m.wordCount > 1 {
                i += m.wordCount
                continue
            }
            i += 1
        }

        // The last run of free words, before any trailing tokens: where a keyword-less date or
        // a one-word repeat must sit.
        func lastRun() -> Range<Int> {
            var runEnd = titleEnd
            while runEnd > 0, used[runEnd - 1] { runEnd -= 1 }
            var runStart = runEnd
            while runStart > 0, free(runStart - 1) { runStart -= 1 }
            return runStart..<runEnd
        }

        // 4. A repeat that ends the title: `daily`, `mon wed fri [at 7am]`.
        if repeatFound == nil, let r = QuickEntryRecurrence.trailing(tokens, run: lastRun(), dates: dates) {
            take(r)
        }

        // 5. A date without a keyword only counts when it ends the title: the longest date phrase
        //    that exactly fills the tail of the last run of free words.
        if get(defaultDateField, entry) == nil {
            let run = lastRun()
            let words = tokens[run].map { String($0.text) }
            for j in max(0, words.count - DatePhraseParser.maxPhraseWords)..<words.count {
                if let m = dates.match(words, at: j, allowAmbiguous: false), j + m.wordCount == words.count {
                    set(defaultDateField, m.value, &entry)
                    if m.timeOnly, timeOnly == nil { timeOnly = (defaultDateField, false) }
                    for k in (run.lowerBound + j)..<run.upperBound { used[k] = true }
                    break
                }
            }
        }

        // 6. A repeat starts on its rule's first occurrence.
        if let r = repeatFound {
            startRepeat(r, due: repeatIsDue, timeOnly: timeOnly, &entry)
        }

        entry.title = title(line, tokens, titleEnd: titleEnd, used: used)
        entry.fillUnderstood(today: dates.today)
        return entry
    }

    /// A date keyword at `tokens[i]` followed by a date phrase made of free tokens.
    /// Ambiguous abbreviations (`due sun`) are fine here: the keyword says a date follows.
    private func keywordDate(_ tokens: [QuickToken], at i: Int, free: (Int) -> Bool)
        -> (Int, DateField, DatePhraseParser.Match)? {
        for (words, field) in QuickEntryParser.keywords {
            guard (0..<words.count).allSatisfy({ free(i + $0) && tokens[i + $0].lower == words[$0] }) else { continue }
            let phrase = freeWords(tokens, from: i + words.count, free: free)
            guard let m = dates.match(phrase, at: 0, allowAmbiguous: true) else { continue }
            return (words.count + m.wordCount, field, m)
        }
        return nil
    }

    /// Dates a repeating task. With no day typed, the rule's first occurrence (today counts;
    /// with a time, an occurrence already past today does not) becomes `scheduled`, or `due`
    /// for `due every …` or a due phrase that named only a time. A time typed alone
    /// (`at 10am`) belongs to the repeat rather than choosing today or tomorrow. When a day
    /// was typed, the repeat's own time (`every monday at 10am starting next week`) goes to
    /// that day if it has none.
    private func startRepeat(_ r: QuickRecurrence, due: Bool, timeOnly: (field: DateField, keyword: Bool)?,
                             _ entry: inout QuickEntry) {
        var time = r.time
        var field: DateField = due ? .due : .scheduled
        if let t = timeOnly, let value = get(t.field, entry) {
            time = time ?? value.time
            clear(t.field, &entry)
            if t.keyword { field = t.field }
        }
        let typed: [DateField] = [.due, .scheduled, .defer]
        if let anchor = typed.first(where: { get($0, entry) != nil }), let value = get(anchor, entry) {
            if value.time == nil, let time { set(anchor, LocalDateTime(date: value.date, time: time), &entry) }
            return
        }
        guard let rule = try? TextRule.parse(r.rule).rule,
              let first = rule.firstOccurrence(today: dates.today, now: dates.now, time: time) else { return }
        set(field, first, &entry)
        entry.datedByRepeat = true
    }

    /// The words of the free tokens from `start` up to the first used or quoted one (at most
    /// as many as a date phrase can use).
    private func freeWords(_ tokens: [QuickToken], from start: Int, free: (Int) -> Bool) -> [String] {
        var words: [String] = []
        var k = start
        while free(k), words.count < DatePhraseParser.maxPhraseWords {
            words.append(String(tokens[k].text))
            k += 1
        }
        return words
    }

    private func get(_ field: DateField, _ e: QuickEntry) -> LocalDateTime? {
        switch field {
        case .due: return e.due
        case .scheduled: return e.scheduled
        case .defer: return e.defer
        }
    }

    private func set(_ field: DateField, _ value: LocalDateTime, _ e: inout QuickEntry) {
        switch field {
        case .due: e.due = value
        case .scheduled: e.scheduled = value
        case .defer: e.defer = value
        }
    }

    private func clear(_ field: DateField, _ e: inout QuickEntry) {
        switch field {
        case .due: e.due = nil
        case .scheduled: e.scheduled = nil
        case .defer: e.defer = nil
        }
    }

    /// The kept words as typed: original spacing between neighbours that were neighbours in
    /// the line, a single space where removed tokens used to sit.
    private func title(_ line: String, _ tokens: [QuickToken], titleEnd: Int, used: [Bool]) -> String {
        var out = ""
        var previous: Int?
        for i in 0..<titleEnd where !used[i] {
            if let p = previous {
                out += p == i - 1 ? line[tokens[p].range.upperBound..<tokens[i].range.lowerBound] : " "
            }
            out += tokens[i].text
            previous = i
        }
        return out
    }
}

extension QuickEntryParser {
    /// A duration as quick entry reads an estimate (`90`, `30m`, `2h`, `1h30m`), in minutes.
    public static func minutes(_ text: String) -> Int? { QuickTokenizer.minutes(text.lowercased()) }
}
