import Foundation

// MARK: - Quick-add grammar
//
// A line is split into whitespace-separated words; a word holding a matched pair of double quotes
// (straight or curly) is one word even across spaces and is never parsed, except `+"…"`/`="…"`.
// Tokens must be whole words and may appear anywhere:
//
//  #tag, #a/b ......... tag: letters, digits, _ - and / between non-empty parts, at least one letter
//  +Project, +"Name" .. project (first one wins)        =Area, ="Name" .. area (first one wins)
//  !high !!! p1 ....... priority high     !medium !med !! p2 .. medium     !low p3 .. low
//  !none p4 ........... explicitly no priority            !flag ....... flagged
//  ~30m ~45min ~2h ~1h30m ~1h30 ~90 .. estimate in minutes (a bare number is minutes)
//  every … [when done]  recurrence phrase, captured as typed (see QuickEntryRecurrence)
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
//  • Words that are also ordinary words or names (`sun sat wed mon tom tod`) are dates only
//    after a keyword or `this`/`next`; a time with no date needs `at` or am/pm (`John 3:16`).
//  • Single-valued fields keep the first token; later ones stay in the title.
//  • The title is the remaining words as typed; where tokens were cut out, one space joins them.
//  • A lone `!` is not a priority; `C#`, `2+2`, `#123`, `#tag,` are text.

/// Parses a quick-add line (`Buy milk tomorrow #errands !high`) into a `QuickEntry`.
/// The grammar is summarised above and documented in full in `QuickEntry.md`;
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

    public init(today: LocalDate, now: LocalTime, defaultDateField: DateField = .due, literal: Bool = false) {
        self.dates = DatePhraseParser(today: today, now: now)
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
    public init(instant: Date, in zone: TimeZone, defaultDateField: DateField = .due, literal: Bool = false) {
        self.dates = DatePhraseParser(instant: instant, in: zone)
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
            case .estimate(let m):
                guard entry.estimateMinutes == nil else { continue }
                entry.estimateMinutes = m
            case .descriptionMarker:
                continue
            }
            used[i] = true
        }

        // 3. Left to right: `every …` recurrences and keyword dates, anywhere in the title.
        var i = 0
        while i < titleEnd {
            guard free(i) else { i += 1; continue }
            if entry.recurrence == nil,
               let r = QuickEntryRecurrence.match(tokens, at: i, available: free) {
                let last = tokens[i + r.phraseCount - 1]
                var text = String(line[tokens[i].range.lowerBound..<last.range.upperBound])
                while text.hasSuffix(",") { text.removeLast() }
                entry.recurrence = text
                entry.whenDone = r.whenDoneCount > 0
                for k in i..<(i + r.phraseCount + r.whenDoneCount) { used[k] = true }
                i += r.phraseCount + r.whenDoneCount
                continue
            }
            if let (n, field, value) = keywordDate(tokens, at: i, free: free), get(field, entry) == nil {
                set(field, value, &entry)
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

        // 4. A date without a keyword only counts when it ends the title: the longest date phrase
        //    that exactly fills the tail of the last run of free words, before any trailing tokens.
        if get(defaultDateField, entry) == nil {
            var runEnd = titleEnd
            while runEnd > 0, used[runEnd - 1] { runEnd -= 1 }
            var runStart = runEnd
            while runStart > 0, free(runStart - 1) { runStart -= 1 }
            let words = tokens[runStart..<runEnd].map { String($0.text) }
            for j in max(0, words.count - DatePhraseParser.maxPhraseWords)..<words.count {
                if let m = dates.match(words, at: j, allowAmbiguous: false), j + m.wordCount == words.count {
                    set(defaultDateField, m.value, &entry)
                    for k in (runStart + j)..<runEnd { used[k] = true }
                    break
                }
            }
        }

        entry.title = title(line, tokens, titleEnd: titleEnd, used: used)
        entry.fillUnderstood(today: dates.today)
        return entry
    }

    /// A date keyword at `tokens[i]` followed by a date phrase made of free tokens.
    /// Ambiguous abbreviations (`due sun`) are fine here: the keyword says a date follows.
    private func keywordDate(_ tokens: [QuickToken], at i: Int, free: (Int) -> Bool)
        -> (Int, DateField, LocalDateTime)? {
        for (words, field) in QuickEntryParser.keywords {
            guard (0..<words.count).allSatisfy({ free(i + $0) && tokens[i + $0].lower == words[$0] }) else { continue }
            let phrase = freeWords(tokens, from: i + words.count, free: free)
            guard let m = dates.match(phrase, at: 0, allowAmbiguous: true) else { continue }
            return (words.count + m.wordCount, field, m.value)
        }
        return nil
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
