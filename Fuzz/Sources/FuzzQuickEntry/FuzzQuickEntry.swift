// Fuzzes the quick-add parser (QuickEntryParser) on arbitrary UTF-8, with a fixed clock.
//
// Input: 1 choice byte (default date field, literal mode, which of two fixed "now"s), then the line.
//
// Invariants:
//  quick-literal     literal mode: the title is the trimmed line and nothing else is set
//  quick-title       the title has no surrounding whitespace Characters (tokens are whole words)
//  quick-fields      tags are unique, non-empty, without `#`; an estimate is positive; a
//                    recurrence starts with `every`; a description is non-empty and trimmed
//  quick-dates       every date written (due, scheduled, defer) reads back from its text
//                    (`LocalDateTime(d.description) == d`) and is in years 1…9999
//  quick-stable      parsing twice gives the same entry; the entry encodes to JSON
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let nows: [(LocalDate, LocalTime)] = [
    (LocalDate(year: 2026, month: 1, day: 6)!, LocalTime(hour: 10, minute: 30)!),   // a Tuesday morning
    (LocalDate(year: 2028, month: 2, day: 29)!, LocalTime(hour: 23, minute: 59)!),  // leap day, late
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = Int(input.byte())
    let line = input.restText
    let (today, now) = nows[(choice >> 3) % nows.count]
    let field = QuickEntryParser.DateField.allCases[choice % 3]
    let literal = (choice >> 2) & 1 == 1 && (choice >> 4) & 3 == 3  // rare: 1 in 8
    let parser = QuickEntryParser(today: today, now: now, defaultDateField: field, literal: literal)
    let e = parser.parse(line)
    let ctx = "line \(lit(line)) (today \(today), now \(now), default \(field), literal \(literal))\nentry: \(dumped(e))"

    if literal {
        let plain = QuickEntry(title: line.trimmingCharacters(in: .whitespacesAndNewlines))
        fuzzCheck("quick-literal", e.title == plain.title && e.due == nil && e.tags.isEmpty && e.recurrence == nil, "literal mode parsed something\n\(ctx)")
    }
    // (Literal titles are trimmed by scalars; a leading space + combining mark is one Character.)
    if !literal { fuzzCheck("quick-title", e.title.first?.isWhitespace != true && e.title.last?.isWhitespace != true, "title has surrounding whitespace\n\(ctx)") }
    fuzzCheck("quick-fields", Set(e.tags).count == e.tags.count && e.tags.allSatisfy { !$0.isEmpty && !$0.hasPrefix("#") }, "bad tags \(e.tags)\n\(ctx)")
    fuzzCheck("quick-fields", (e.estimateMinutes ?? 1) > 0, "estimate \(e.estimateMinutes!)\n\(ctx)")
    fuzzCheck("quick-fields", e.recurrence.map { $0.lowercased().hasPrefix("every") } ?? true, "recurrence \(e.recurrence!)\n\(ctx)")
    if let d = e.description {
        fuzzCheck("quick-fields", !d.isEmpty && d == d.trimmingCharacters(in: .whitespacesAndNewlines), "description \(lit(d))\n\(ctx)")
    }
    for (name, d) in [("due", e.due), ("scheduled", e.scheduled), ("defer", e.defer)] {
        guard let d else { continue }
        fuzzCheck("quick-dates", LocalDateTime(d.description) == d && (1...9999).contains(d.date.year),
                  "\(name) \(d.description) (year \(d.date.year)) does not read back\n\(ctx)")
    }
    fuzzCheck("quick-stable", parser.parse(line) == e, "a second parse differs\n\(ctx)")
    fuzzCheck("quick-stable", (try? JSONEncoder().encode(e)) != nil, "the entry does not encode\n\(ctx)")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
