// Fuzzes English date phrases (DatePhraseParser), date arguments (DateArgument: what `--due`
// and `set due=` take) and the exact date/instant readers (LocalDate, LocalDateTime, Timestamp).
//
// Input: 3 choice bytes (today: ±89 years around 2026-01-06; now: a time of day), then the text.
//
// Invariants:
//  phrase-value      every result is a real day in years 1…9999 whose text reads back as itself
//                    (`LocalDateTime(v.description) == v`)
//  phrase-length     a match at word i uses 1…min(10, words left) words
//  phrase-strict     the strict (no ambiguous words) match is never longer than the lenient one
//  phrase-alone      the words a match used, parsed alone, give the same value
//  phrase-whole      parse(text) is the match at word 0 when it uses every word
//  argument-value    DateArgument results are real days in years 1…9999 that read back
//  date-text         LocalDate / LocalDateTime: parse → format → parse is stable
//  timestamp-text    Timestamp: parse → format → parse gives the instant (to the second)
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let base = LocalDate(year: 2026, month: 1, day: 6)!

private func valid(_ v: LocalDateTime) -> Bool {
    (1...9999).contains(v.date.year) && LocalDateTime(v.description) == v
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let offset = (Int(input.byte()) << 8 | Int(input.byte())) - 32768
    let minute = Int(input.byte()) * 6 % 1440
    let today = base.adding(days: offset)
    let now = LocalTime(hour: minute / 60, minute: minute % 60)!
    let text = input.restText
    let parser = DatePhraseParser(today: today, now: now)
    let ctx = "text \(lit(text)) today \(today) now \(now)"

    if let v = parser.parse(text) {
        fuzzCheck("phrase-value", valid(v), "parse gave \(v.description) (year \(v.date.year))\n\(ctx)")
    }
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    for i in words.indices.prefix(64) {
        let lenient = parser.match(words, at: i, allowAmbiguous: true)
        let strict = parser.match(words, at: i, allowAmbiguous: false)
        for m in [lenient, strict].compactMap({ $0 }) {
            let c = "match at word \(i): \(m.wordCount) words → \(m.value.description) (year \(m.value.date.year))\n\(ctx)"
            fuzzCheck("phrase-length", m.wordCount >= 1 && m.wordCount <= min(DatePhraseParser.maxPhraseWords, words.count - i), c)
            fuzzCheck("phrase-value", valid(m.value), c)
        }
        if let s = strict {
            fuzzCheck("phrase-strict", (lenient?.wordCount ?? 0) >= s.wordCount, "strict \(s.wordCount) words, lenient \(lenient?.wordCount ?? 0) at word \(i)\n\(ctx)")
        }
        if let m = lenient {
            let phrase = words[i..<(i + m.wordCount)].joined(separator: " ")
            let alone = parser.parse(phrase)
            fuzzCheck("phrase-alone", alone == m.value, "\(lit(phrase)) alone → \(alone?.description ?? "nil"), in context → \(m.value.description)\n\(ctx)")
            if i == 0, m.wordCount == words.count {
                fuzzCheck("phrase-whole", parser.parse(text) == m.value, "parse(text) ≠ the whole-text match\n\(ctx)")
            }
        }
    }
    if let v = try? DateArgument.parse(text, today: today, now: now) {
        fuzzCheck("argument-value", valid(v), "DateArgument gave \(v.description) (year \(v.date.year))\n\(ctx)")
    }
    if let d = LocalDate(text) { fuzzCheck("date-text", d.description == text, "LocalDate(\(lit(text))).description = \(d.description)") }
    if let v = LocalDateTime(text) { fuzzCheck("date-text", valid(v), "LocalDateTime(\(lit(text))) = \(v.description)") }
    if let instant = Timestamp.parse(text, zone: TimeZone(identifier: "America/New_York")!) {
        let f = Timestamp.format(instant)
        let back = Timestamp.parse(f)
        fuzzCheck("timestamp-text", back?.timeIntervalSince1970 == instant.timeIntervalSince1970.rounded(.down),
                  "Timestamp \(lit(text)) → \(f) → \(String(describing: back?.timeIntervalSince1970)) (was \(instant.timeIntervalSince1970))")
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
